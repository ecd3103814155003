import type { ApiAnswer, FieldError } from '@ecu/shared';

/**
 * The request got an answer that is a failure. With { success: false } the message is the
 * server's and the user sees it first; otherwise (`fromServer` false: a 5xx without a body, an
 * answer that is not our envelope) the message is ours, for logs, and screens show their fallback.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    readonly fromServer = true,
  ) {
    super(message);
  }
}

const OFFLINE_TEXT = 'You are offline. Check your connection and try again.';

/** The request never got an answer (offline, DNS, server down). */
export class NetworkError extends Error {
  constructor() {
    super(OFFLINE_TEXT);
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

/** Every call: same origin, cookies, JSON envelope of DECISIONS section 4. */
export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new NetworkError();
  }
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
      const text = res.status >= 500 ? 'The server is not answering' : 'The answer was not understood';
      throw new ApiError(res.status, `${text} (${method} ${path}, ${res.status})`, [], false);
    }
    throw new ApiError(res.status, failure.message ?? '', failure.errors ?? []);
  }
  return { message: answer.message, data: answer.data, nextCursor: answer.nextCursor };
}

/** The server's message of a failure, when it sent one. */
export function serverMessageOf(err: unknown): string | undefined {
  return err instanceof ApiError && err.fromServer && err.message ? err.message : undefined;
}

/**
 * The server's message when there is one, else the screen's fallback text (spec section 8).
 * Without an answer the fallback comes first and the reason follows.
 */
export function messageOf(err: unknown, fallback: string): string {
  const server = serverMessageOf(err);
  if (server) return server;
  if (err instanceof NetworkError) return `${fallback}${/[.!?]$/.test(fallback) ? '' : '.'} ${OFFLINE_TEXT}`;
  return fallback;
}
