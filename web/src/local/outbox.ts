import { isServerFault } from '@ecu/shared';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError, type ApiResult, apiRequest, NetworkError, serverMessageOf } from './api-client';
import { type CommandKind, localDb, type OutboxCommand, type PortalDb } from './db';
import { outboxHandlers, rememberOutboxHandlers } from './outbox-registry';

/*
 * The outbox: commands written on this device, sent in order, each under one Idempotency-Key.
 * Each kind of command has one handler (its own file in its feature), and app/ lists them in
 * one table, OUTBOX_HANDLERS in app/outbox-handlers.ts (docs/decisions/041-outbox-commands.md).
 */

/**
 * What a command waits for: an answer at all ('network'), a server that refused for now (a 5xx,
 * 429, an expired session: 'server'), or a file the user paused ('paused').
 */
export type WaitingFor = 'network' | 'server' | 'paused';

/** Keep the command (same key) and stop the run; the next trigger tries again. */
export interface RetryLater {
  kind: 'retry-later';
  waitingFor: WaitingFor;
}

/** Refused for good: the command is kept as failed with the message the screen shows. */
export interface Failed {
  kind: 'failed';
  /** The server's message, or '' when it sent none (the screen shows its own fallback). */
  message: string;
}

/** Prepared: the body to send, and what apply needs to know of the preparation. */
export interface Ready<Prepared> {
  kind: 'ready';
  body: unknown;
  prepared: Prepared;
}

/** The server confirmed and the answer landed on this device; the command goes. */
export interface Done {
  kind: 'done';
  /** What the screen's toast says. */
  message: string;
}

export interface CommandContext<Body> {
  db: PortalDb;
  command: OutboxCommand<Body>;
}

export interface ApplyContext<Body, Prepared> extends CommandContext<Body> {
  /** What this run's prepare produced (never a previous run's: a reload runs prepare again). */
  prepared: Prepared;
}

/**
 * One kind of command: where it goes, the work before sending (uploading files), and how the
 * server's answer lands in Dexie. The runner sends the prepared body to `method path` with the
 * command's key as the Idempotency-Key header, and maps a failed send itself (resultOfError).
 * A handler may also throw: the error is mapped the same way.
 */
export interface OutboxHandler<K extends CommandKind, Body, Prepared = undefined, Answer = unknown> {
  kind: K;
  method: OutboxCommand['method'];
  path: string;
  prepare(ctx: CommandContext<Body>): Promise<Ready<Prepared> | RetryLater | Failed>;
  apply(ctx: ApplyContext<Body, Prepared>, answer: ApiResult<Answer>): Promise<Done>;
}

/** Every kind with its handler: a kind without one does not compile. */
export type OutboxHandlers = { [K in CommandKind]: OutboxHandler<K, unknown, unknown, unknown> };

export type Send = (cmd: OutboxCommand) => Promise<ApiResult<unknown>>;

const defaultSend: Send = (cmd) =>
  apiRequest(cmd.method, cmd.path, cmd.body, { idempotencyKey: cmd.idempotencyKey });

/** For a handler with nothing to prepare: the command's body goes as it is. */
export async function sendAsIs<Body>({ command }: CommandContext<Body>): Promise<Ready<undefined>> {
  return { kind: 'ready', body: command.body, prepared: undefined };
}

/**
 * How a failure counts. No answer, a server fault, 429 (and tus's 423) wait for later; so does
 * 401: the session expired and the command waits for its owner to sign in again. Any other
 * refusal is final, with the server's message ('' without one: the screen has its fallback).
 */
export function resultOfError(err: unknown): RetryLater | Failed {
  if (err instanceof NetworkError) return { kind: 'retry-later', waitingFor: 'network' };
  if (err instanceof ApiError) {
    const later =
      isServerFault(err.code) ||
      err.code === 'rate_limited' ||
      err.code === 'locked' ||
      err.code === 'unauthorized';
    if (later) return { kind: 'retry-later', waitingFor: 'server' };
    return { kind: 'failed', message: serverMessageOf(err) ?? '' };
  }
  return {
    kind: 'failed',
    message: err instanceof Error ? err.message : i18n._(msg`The change could not be saved`),
  };
}

/**
 * Queues a command of the handler's kind; it is shown as pending until the server confirms it.
 * The key is new, unless the feature already has one for this piece of work (a ticket's
 * clientId, made when its wizard started): then a second enqueue of it is the same command.
 */
export async function enqueue<K extends CommandKind, Body>(
  handler: Pick<OutboxHandler<K, Body, unknown, unknown>, 'kind' | 'method' | 'path'>,
  body: Body,
  options: { idempotencyKey?: string; db?: PortalDb } = {},
): Promise<OutboxCommand<Body>> {
  const db = options.db ?? localDb;
  const row: OutboxCommand<Body> = {
    kind: handler.kind,
    method: handler.method,
    path: handler.path,
    body,
    idempotencyKey: options.idempotencyKey ?? crypto.randomUUID(),
    status: 'pending',
    attempts: 0,
    createdAt: Date.now(),
  };
  row.id = await db.outbox.add(row);
  return row;
}

export { installOutboxHandlers, installOutboxHandlersOnUse } from './outbox-registry';

export interface FlushResult {
  sent: number;
  /** The message of each confirmed command (screens show it in their toast). */
  confirmed: { id: number; message: string }[];
  failed: OutboxCommand[];
  /** True when a command has to wait (see waitingFor); the rest waits for the next trigger. */
  interrupted: boolean;
  waitingFor?: WaitingFor;
}

export interface FlushOptions {
  send?: Send;
  /** Tests hand in their own; the app uses the installed table. */
  handlers?: OutboxHandlers;
}

let running: Promise<FlushResult> | null = null;

/**
 * Sends pending commands one by one, oldest first. Order matters: a later edit of the same
 * profile must land after an earlier one. A command that has to wait (offline, a 5xx, a paused
 * file) stops the run and keeps its key for the next try, so the server applies it at most
 * once. A refusal is final: the command is marked failed with the server's message.
 * One run at a time per tab; across tabs the Web Lock keeps two tabs from racing (and the
 * idempotency key makes even that race harmless).
 */
export function flushOutbox(db: PortalDb = localDb, options: FlushOptions = {}): Promise<FlushResult> {
  if (running) return running;
  const registered = outboxHandlers();
  const given = options.handlers ?? registered.installed;
  const load = registered.load;
  if (!given && !load) return Promise.reject(new Error('The outbox handlers are not installed'));
  const send = options.send ?? defaultSend;
  const handlersToUse = async (): Promise<OutboxHandlers> => {
    if (given) return given;
    const loaded = await (load as () => Promise<OutboxHandlers>)();
    rememberOutboxHandlers(loaded);
    return loaded;
  };
  const run = async () => {
    const work = () => drain(db, handlersToUse, send);
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? locks.request('ecu-portal-outbox', work) : work();
  };
  running = run().finally(() => {
    running = null;
  });
  return running;
}

/** The handlers are loaded on the first pending command: a flush with nothing to send loads none. */
async function drain(
  db: PortalDb,
  loadHandlers: () => Promise<OutboxHandlers>,
  send: Send,
): Promise<FlushResult> {
  const result: FlushResult = { sent: 0, confirmed: [], failed: [], interrupted: false };
  let handlers: OutboxHandlers | null = null;
  for (;;) {
    const next = await db.outbox.where('status').equals('pending').sortBy('id');
    const cmd = next[0];
    if (!cmd?.id) return result;
    handlers ??= await loadHandlers();
    const id = cmd.id;
    await db.outbox.update(id, { attempts: cmd.attempts + 1 });
    const outcome = await runCommand(db, handlers[cmd.kind], send, cmd);
    switch (outcome.kind) {
      case 'gone':
        continue;
      case 'done':
        await db.outbox.delete(id);
        result.sent++;
        result.confirmed.push({ id, message: outcome.message });
        continue;
      case 'retry-later':
        result.interrupted = true;
        result.waitingFor = outcome.waitingFor;
        return result;
      case 'failed':
        await db.outbox.update(id, { status: 'failed', error: outcome.message });
        result.failed.push({ ...cmd, status: 'failed', error: outcome.message });
    }
  }
}

/** prepare, send, apply for one command; what became of it. */
async function runCommand(
  db: PortalDb,
  handler: OutboxHandler<CommandKind, unknown, unknown, unknown> | undefined,
  send: Send,
  cmd: OutboxCommand,
): Promise<Done | RetryLater | Failed | { kind: 'gone' }> {
  // A row of a kind this version does not know (written by a newer one) cannot be sent.
  if (!handler)
    return { kind: 'failed', message: i18n._(msg`This change cannot be sent by this version of the app`) };
  try {
    const ready = await handler.prepare({ db, command: cmd });
    if (ready.kind !== 'ready') return ready;
    // Read again after the preparation (uploads take a while): a command discarded meanwhile
    // is not sent, and the key sent is the one stored now.
    const current = await db.outbox.get(cmd.id!);
    if (current?.status !== 'pending') return { kind: 'gone' };
    const answer = await send({ ...current, body: ready.body });
    return await handler.apply({ db, command: current, prepared: ready.prepared }, answer);
  } catch (err) {
    return resultOfError(err);
  }
}

export async function discardCommand(id: number, db: PortalDb = localDb) {
  await db.outbox.delete(id);
}
