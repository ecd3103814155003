import { isServerFault } from '@ecu/shared';
import { ApiError, type ApiResult, apiRequest, NetworkError, serverMessageOf } from './api-client';
import { localDb, type OutboxCommand, type PortalDb } from './db';

type Send = (cmd: OutboxCommand) => Promise<ApiResult<unknown>>;
/** What to do locally with the server's answer to a command of a kind. */
type Applier = (data: unknown, db: PortalDb) => Promise<void>;

/** Work a command needs before it can be sent (e.g. uploading its files); returns the body to send. */
type Preparer = (cmd: OutboxCommand, db: PortalDb) => Promise<unknown>;

const appliers = new Map<string, Applier>();
const preparers = new Map<string, Preparer>();

/**
 * Features register what must happen before their command is sent. A preparer that throws
 * NetworkError stops the run like a failed send (the command waits for the next trigger);
 * any other error marks the command failed with its message.
 */
export function onCommandPrepare(kind: string, prepare: Preparer) {
  preparers.set(kind, prepare);
}

/** Features register how the confirmed answer of their command lands in Dexie. */
export function onCommandApplied(kind: string, apply: Applier) {
  appliers.set(kind, apply);
}

const defaultSend: Send = (cmd) =>
  apiRequest(cmd.method, cmd.path, cmd.body, { idempotencyKey: cmd.idempotencyKey });

/** Queues a command; it is shown as pending until the server confirms it. */
export async function enqueue(
  command: Pick<OutboxCommand, 'kind' | 'method' | 'path' | 'body'>,
  db: PortalDb = localDb,
): Promise<OutboxCommand> {
  const row: OutboxCommand = {
    ...command,
    idempotencyKey: crypto.randomUUID(),
    status: 'pending',
    attempts: 0,
    createdAt: Date.now(),
  };
  row.id = await db.outbox.add(row);
  return row;
}

export interface FlushResult {
  sent: number;
  /** The server's message for each confirmed command (screens show it in their toast). */
  confirmed: { id: number; message: string }[];
  failed: OutboxCommand[];
  /** True when the network (or a 5xx) stopped the run; the rest waits for the next trigger. */
  interrupted: boolean;
  /** What the waiting commands wait for: no answer at all, or a server that refused for now. */
  waitingFor?: 'network' | 'server';
}

let running: Promise<FlushResult> | null = null;

/**
 * Sends pending commands one by one, oldest first. Order matters: a later edit of the same
 * profile must land after an earlier one. A network error or 5xx stops the run and keeps the
 * command (same key) for the next try, so the server applies it at most once. A 4xx is final:
 * the command is marked failed with the server's message for the screen to show.
 * One run at a time per tab; across tabs the Web Lock keeps two tabs from racing (and the
 * idempotency key makes even that race harmless).
 */
export function flushOutbox(db: PortalDb = localDb, send: Send = defaultSend): Promise<FlushResult> {
  if (running) return running;
  const run = async () => {
    const work = () => drain(db, send);
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? locks.request('ecu-portal-outbox', work) : work();
  };
  running = run().finally(() => {
    running = null;
  });
  return running;
}

async function drain(db: PortalDb, send: Send): Promise<FlushResult> {
  const result: FlushResult = { sent: 0, confirmed: [], failed: [], interrupted: false };
  for (;;) {
    const next = await db.outbox.where('status').equals('pending').sortBy('id');
    const cmd = next[0];
    if (!cmd) return result;
    await db.outbox.update(cmd.id!, { attempts: cmd.attempts + 1 });
    try {
      const prepare = preparers.get(cmd.kind);
      const body = prepare ? await prepare(cmd, db) : cmd.body;
      const answer = await send(prepare ? { ...cmd, body } : cmd);
      await appliers.get(cmd.kind)?.(answer.data, db);
      await db.outbox.delete(cmd.id!);
      result.sent++;
      result.confirmed.push({ id: cmd.id!, message: answer.message });
    } catch (err) {
      if (
        err instanceof NetworkError ||
        // 401: the session expired; the command waits for its owner to sign in again.
        (err instanceof ApiError &&
          (isServerFault(err.code) || err.code === 'rate_limited' || err.code === 'unauthorized'))
      ) {
        result.interrupted = true;
        result.waitingFor = err instanceof NetworkError ? 'network' : 'server';
        return result;
      }
      // A refusal without the server's message is kept blank: the screen shows its own fallback.
      const message =
        err instanceof ApiError
          ? (serverMessageOf(err) ?? '')
          : err instanceof Error
            ? err.message
            : 'The change could not be saved';
      await db.outbox.update(cmd.id!, { status: 'failed', error: message });
      result.failed.push({ ...cmd, status: 'failed', error: message });
    }
  }
}

export async function discardCommand(id: number, db: PortalDb = localDb) {
  await db.outbox.delete(id);
}
