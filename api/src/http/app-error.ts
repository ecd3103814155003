import { ERROR_CODE_STATUS, type ErrorCode, type FieldError } from '@ecu/shared';
import { type Said, said, serverMessages } from '@ecu/shared/i18n/server-messages';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export { type Said, said };

const english = serverMessages('en');

export interface AppErrorOptions {
  errors?: FieldError[];
  headers?: Record<string, string>;
}

/**
 * The one error type the app throws on purpose; `on-error.ts` turns it into the envelope. The
 * code decides the status (docs/decisions/033-error-codes.md), so the two never disagree.
 */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  readonly errors: FieldError[];
  readonly headers: Record<string, string>;
  /** The message by id, which the answer renders in the request's language (on-error.ts). */
  readonly said: Said | undefined;

  /** `message`: English text, or a catalogue message (`said(id, values)`), whose English is `message`. */
  constructor(
    readonly code: ErrorCode,
    message: string | Said,
    options: AppErrorOptions = {},
  ) {
    super(typeof message === 'string' ? message : english(message.id, { ...message.values }));
    this.said = typeof message === 'string' ? undefined : message;
    this.status = ERROR_CODE_STATUS[code];
    this.errors = options.errors ?? [];
    this.headers = options.headers ?? {};
  }
}

/** The codes of one HTTP status: a helper of that status takes only these. */
type CodeOf<Status extends number> = {
  [C in ErrorCode]: (typeof ERROR_CODE_STATUS)[C] extends Status ? C : never;
}[ErrorCode];

/** A 400; one that names fields is a validation failure, else a request the server refuses. */
export const badRequest = (message: string | Said, errors: FieldError[] = []) =>
  new AppError(errors.length > 0 ? 'validation_failed' : 'bad_request', message, { errors });
export const unauthorized = (
  message: string | Said = said('error.signIn'),
  code: CodeOf<401> = 'unauthorized',
) => new AppError(code, message);
export const forbidden = (message: string | Said, code: CodeOf<403> = 'forbidden') =>
  new AppError(code, message);
export const notFound = (message: string | Said = said('error.notFound')) =>
  new AppError('not_found', message);
export const conflict = (message: string | Said, code: CodeOf<409> = 'conflict') =>
  new AppError(code, message);

/** How long a client waits before it asks again after a 503 (the pool reconnects in well under it). */
export const RETRY_AFTER_SECONDS = 2;

/**
 * A 503 with Retry-After: the database's connection was lost under the request
 * (docs/decisions/071-faults-answer-503-and-507.md). A change may or may not have been applied:
 * the client repeats it under the same Idempotency-Key where the route takes one.
 */
export const databaseUnavailable = () =>
  new AppError('unavailable', said('error.databaseUnavailable'), {
    headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  });

/** A 507: the file store is full. The file was fine; nothing of it was kept. */
export const OUT_OF_STORAGE_MESSAGE =
  'The server is out of storage. Your file was not saved; please try again later.';
export const outOfStorage = () => new AppError('insufficient_storage', OUT_OF_STORAGE_MESSAGE);
