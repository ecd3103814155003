import {
  type ApiAnswer,
  codeForStatus,
  type ErrorCode,
  errorCodeOf,
  type FieldError,
  isServerFault,
} from '@ecu/shared';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { noteAnswer, noteNoAnswer } from './connectivity';

/**
 * The request got an answer that is a failure. With { success: false } the message is the
 * server's and the user sees it first; otherwise (`fromServer` false: a 5xx without a body, an
 * answer that is not our envelope) the message is ours, for logs, and screens show their fallback.
 * Code branches on `code` (docs/decisions/033-error-codes.md), never on `status`: an answer
 * without a code of ours (a proxy's page) gets the generic code of its status.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    readonly fromServer = true,
    readonly code: ErrorCode = codeForStatus(status),
  ) {
    super(message);
  }
}

const OFFLINE = msg`You are offline. Check your connection and try again.`;

/** The request never got an answer (offline, DNS, server down). */
export class NetworkError extends Error {
  constructor() {
    super(i18n._(OFFLINE));
  }
}

export interface RequestOptions {
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface ApiResult<T> {
  message: string;
  data: T;
  nextCursor?: string | null;
}

/** Every call: same origin, cookies, JSON envelope of docs/product.md#13-the-http-api. */
export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A FormData body goes as multipart/form-data (fetch sets the type with its boundary).
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    noteNoAnswer();
    throw new NetworkError();
  }
  noteAnswer();
  let answer: ApiAnswer<T> | undefined;
  try {
    answer = (await res.json()) as ApiAnswer<T>;
  } catch {
    answer = undefined;
  }
  if (!res.ok || !answer?.success) {
    // Only { success: false } is the server's envelope; any other body (an HTML error page,
    // a proxy's JSON) says nothing the user should read.
    const failure = answer?.success === false ? answer : undefined;
    if (!failure) {
      const code = codeForStatus(res.status);
      const text = isServerFault(code)
        ? i18n._(msg`The server is not answering`)
        : i18n._(msg`The answer was not understood`);
      throw new ApiError(res.status, `${text} (${method} ${path}, ${res.status})`, [], false, code);
    }
    throw new ApiError(
      res.status,
      failure.message ?? '',
      failure.errors ?? [],
      true,
      errorCodeOf(failure.code, res.status),
    );
  }
  return { message: answer.message, data: answer.data, nextCursor: answer.nextCursor };
}

/**
 * A refusal the server keeps under the request's Idempotency-Key: the next identical change
 * needs a new key, or it only replays the refusal. Not so after a server fault (its answer is
 * not kept) or a 409 (the first request may still be running): a retry under the same key is
 * safe and is the one the server applies at most once.
 */
export function isSettledRefusal(err: unknown): boolean {
  return err instanceof ApiError && !isServerFault(err.code) && !SAME_KEY_CODES.has(err.code);
}

const SAME_KEY_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'request_in_progress',
  'payment_pending',
  'conflict',
  'insufficient_credits',
]);

/** The server's message of a failure, when it sent one. */
export function serverMessageOf(err: unknown): string | undefined {
  return err instanceof ApiError && err.fromServer && err.message ? err.message : undefined;
}

/**
 * The server's message when there is one, else the screen's fallback text (docs/product.md#13-the-http-api).
 * Without an answer the fallback comes first and the reason follows.
 */
export function messageOf(err: unknown, fallback: string): string {
  const server = serverMessageOf(err);
  if (server) return server;
  if (err instanceof NetworkError)
    return `${fallback}${/[.!?]$/.test(fallback) ? '' : '.'} ${i18n._(OFFLINE)}`;
  return fallback;
}
