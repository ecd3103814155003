import type { TicketDto, UserDto } from '@ecu/shared';
import { DetailedError, type HttpResponse, type UploadOptions } from 'tus-js-client';
import { onTestFinished, vi } from 'vitest';
import { ApiError, type ApiResult, NetworkError } from '../local/api-client';
import { type CommandKind, type LocalFile, type OutboxCommand, PortalDb } from '../local/db';
import type { OutboxHandler, OutboxHandlers, Send } from '../local/outbox';

/*
 * What the outbox tests share (docs/decisions/041-outbox-commands.md): a database per test,
 * a fake API that keeps each Idempotency-Key's answer like the real one, a fake tus upload,
 * the rows a queued ticket needs, and a page reload.
 */

let dbCount = 0;

/** A fresh local database, deleted when the test ends. */
export async function anOutboxDb(name = `outbox-test-${dbCount++}`): Promise<PortalDb> {
  const db = new PortalDb(name);
  await db.open();
  onTestFinished(() => db.delete());
  return db;
}

/** How the next request to the fake server goes wrong. */
export type Trouble =
  /** No answer: the request never reached the server. */
  | 'network-before'
  /** The server did the work, but its answer was lost on the way back. */
  | 'network-after'
  /** The server did the work, then the page closed before the answer came (never settles). */
  | 'crash-after'
  /** The page closed before the request went out (never settles). */
  | 'crash-before'
  | { status: number; message?: string };

/** The outcome errors a page's own modules throw (after a reload, the fresh modules' classes). */
export interface ErrorClasses {
  ApiError: typeof ApiError;
  NetworkError: typeof NetworkError;
}

/**
 * The API as the outbox meets it: one answer per Idempotency-Key, run once and replayed after
 * (as api/src/http/idempotency.ts and the create route's clientId do). `answer` says what a
 * first request does; `failNext` scripts trouble for the next requests, one each.
 */
export function fakeApi(answer: (cmd: OutboxCommand) => ApiResult<unknown>) {
  const ran: OutboxCommand[] = [];
  const requests: OutboxCommand[] = [];
  const kept = new Map<string, ApiResult<unknown>>();
  const troubles: Trouble[] = [];
  let errors: ErrorClasses = { ApiError, NetworkError };

  const send: Send = async (cmd) => {
    requests.push(cmd);
    const trouble = troubles.shift();
    if (trouble === 'crash-before') return new Promise<never>(() => {});
    if (trouble === 'network-before') throw new errors.NetworkError();
    if (typeof trouble === 'object') {
      throw new errors.ApiError(trouble.status, trouble.message ?? '', [], trouble.message !== undefined);
    }
    let result = kept.get(cmd.idempotencyKey);
    if (!result) {
      ran.push(cmd);
      result = answer(cmd);
      kept.set(cmd.idempotencyKey, result);
    }
    if (trouble === 'network-after') throw new errors.NetworkError();
    if (trouble === 'crash-after') return new Promise<never>(() => {});
    return result;
  };

  return {
    send,
    /** The commands the server ran (a replay is not in here again). */
    ran,
    /** Every request that went out, replays and failures included. */
    requests,
    failNext(...next: Trouble[]) {
      troubles.push(...next);
    },
    /** After a reload the page's errors are the fresh modules' classes. */
    throwErrorsOf(classes: ErrorClasses) {
      errors = classes;
    },
  };
}
export type FakeApi = ReturnType<typeof fakeApi>;

/** The ticket create-ecuFile answers for a request (numbers count up per created ticket). */
export function ticketAnswerer() {
  let next = 100001;
  return (cmd: OutboxCommand): ApiResult<unknown> => {
    const ticketNumber = next++;
    const body = cmd.body as { registration?: string };
    return {
      message: 'ECU file submitted successfully',
      data: { _id: `ticket-${ticketNumber}`, ticketNumber, registration: body.registration } as TicketDto,
    };
  };
}

/** A user as updateProfile answers it: the profile that was sent. */
export function profileAnswerer(base: Partial<UserDto> = {}) {
  return (cmd: OutboxCommand): ApiResult<unknown> => ({
    message: 'Profile updated successfully',
    data: { _id: 'u1', email: 'ann@example.com', credits: 0, ...base, ...(cmd.body as object) } as UserDto,
  });
}

/**
 * A handler for the runner's own tests: sends the body as it is unless told otherwise, and
 * records what it applied.
 */
export function aHandler<K extends CommandKind>(
  kind: K,
  overrides: Partial<OutboxHandler<K, unknown, unknown, unknown>> = {},
) {
  const applied: unknown[] = [];
  const handler: OutboxHandler<K, unknown, unknown, unknown> = {
    kind,
    method: 'PUT',
    path: `/${kind}`,
    prepare: async ({ command }) => ({ kind: 'ready', body: command.body, prepared: undefined }),
    apply: async (_ctx, answer) => {
      applied.push(answer.data);
      return { kind: 'done', message: answer.message };
    },
    ...overrides,
  };
  return { handler, applied };
}

/** A table of test handlers: both kinds send their body as it is unless overridden. */
export function aHandlerTable(overrides: Partial<OutboxHandlers> = {}): OutboxHandlers {
  return {
    createTicket: aHandler('createTicket').handler,
    updateProfile: aHandler('updateProfile').handler,
    ...overrides,
  };
}

/* -- tus ------------------------------------------------------------------------------------ */

/** The upload queue's view of a tus Upload (tickets/submitting/upload-queue.ts), structurally. */
interface TusUpload {
  url: string | null;
  start(): void;
  abort(shouldTerminate?: boolean): Promise<void> | void;
}
type CreateUpload = (file: Blob, options: UploadOptions) => TusUpload;

/** tus-js-client's typings leave out DetailedError's constructor (message, cause, req, res). */
const TusError = DetailedError as unknown as new (
  message: string,
  causingErr?: Error,
  req?: unknown,
  res?: HttpResponse | null,
) => DetailedError;

export const TUS_REQUEST = {
  getHeader: () => undefined,
  getMethod: () => 'PATCH',
  getURL: () => '/api/uploads/x',
};

export function tusResponse(status: number, body = ''): HttpResponse {
  return {
    getStatus: () => status,
    getHeader: () => undefined,
    getBody: () => body,
    getUnderlyingObject: () => null,
  };
}

/** A tus failure with the server's answer (`null`: no answer at all). */
export function tusError(status: number | null, body = ''): DetailedError {
  return status === null
    ? new TusError('tus: failed to upload chunk', new Error('offline'), TUS_REQUEST, null)
    : new TusError('tus: unexpected response', undefined, TUS_REQUEST, tusResponse(status, body));
}

/** What the fake tus server does when an upload starts. */
export type TusScript =
  | { kind: 'success' }
  | { kind: 'network' }
  | { kind: 'status'; status: number; body: string }
  /** Gets its URL, then never finishes (until paused or the page closes). */
  | { kind: 'hang' };

/**
 * A tus Upload stand-in: records the options of each start, plays one script per upload
 * (success when none is left), counts aborts. Its uploads' ids start with `Up`.
 */
export function fakeTus(scripts: TusScript[] = []) {
  const started: UploadOptions[] = [];
  let aborts = 0;
  let nextId = 0;
  const create: CreateUpload = (file, options) => {
    const script = scripts.shift() ?? { kind: 'success' };
    const upload: TusUpload = {
      url: null,
      start() {
        started.push(options);
        queueMicrotask(() => {
          if (script.kind === 'hang') {
            upload.url = options.uploadUrl ?? `http://localhost/api/uploads/hanging${nextId++}abcdefghij`;
            options.onUploadUrlAvailable?.();
            return;
          }
          if (script.kind === 'network') {
            options.onError?.(tusError(null));
            return;
          }
          if (script.kind === 'status') {
            options.onError?.(tusError(script.status, script.body));
            return;
          }
          upload.url = options.uploadUrl ?? `http://localhost/api/uploads/Up${nextId++}abcdefghijklmnopq`;
          options.onUploadUrlAvailable?.();
          options.onChunkComplete?.(file.size, file.size, file.size);
          options.onSuccess?.({ lastResponse: tusResponse(204) });
        });
      },
      abort() {
        aborts++;
        return Promise.resolve();
      },
    };
    return upload;
  };
  return { create, started, aborts: () => aborts };
}
export type FakeTus = ReturnType<typeof fakeTus>;

/* -- a queued ticket ------------------------------------------------------------------------ */

export const A_CLIENT_ID = '0b6f5a1e-4d9a-4f59-9a43-111111111111';

/** A file of a ticket on this device, as the wizard leaves it. */
export async function aLocalTicketFile(
  db: PortalDb,
  id: string,
  purpose: LocalFile['purpose'],
  extra: Partial<LocalFile> = {},
  clientId = A_CLIENT_ID,
): Promise<LocalFile> {
  const blob = new Blob([`contents of ${id}`]);
  const row: LocalFile = {
    id,
    clientId,
    purpose,
    name: `${id}.bin`,
    size: blob.size,
    type: 'application/octet-stream',
    blob,
    status: 'queued',
    bytesUploaded: 0,
    createdAt: Date.now(),
    ...extra,
  };
  await db.localFiles.put(row);
  return row;
}

export const A_VEHICLE = {
  make: 'BMW',
  model: '320d',
  year: '2018',
  registration: 'AB12 CDE',
  ecuId: '',
  transmission: 'Manual',
  readTool: 'KESS',
  readType: 'OBD',
  masterSlave: 'Master',
} as const;

/** A finished wizard (steps 1 and 2) with the given ticket id. */
export function aFinishedWizard(clientId = A_CLIENT_ID) {
  return {
    clientId,
    vehicle: { ...A_VEHICLE },
    plan: { stage: 'Stage 1' as const, options: ['EGR OFF'], notes: '  ' },
    ecuFile: null,
    commonFiles: [],
  };
}

/* -- a page reload -------------------------------------------------------------------------- */

/**
 * The page closes and opens again: every module is loaded anew (no flush, upload or variable
 * of the old page survives), and only IndexedDB (the database `name`) and the server remain.
 * A test imports its feature's modules after this to get their fresh copies.
 */
export async function reloadPage(name: string) {
  vi.resetModules();
  const [outbox, apiClient, dbModule] = await Promise.all([
    import('../local/outbox'),
    import('../local/api-client'),
    import('../local/db'),
  ]);
  const db = new dbModule.PortalDb(name);
  await db.open();
  onTestFinished(() => db.close());
  return { outbox, errors: apiClient as ErrorClasses, db };
}
