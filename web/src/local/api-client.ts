import type { ApiAnswer, FieldError } from '@ecu/shared';

/** The server answered with { success: false }: its message is what the user sees first. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
  }
}

/** The request never got an answer (offline, DNS, server down). */
export class NetworkError extends Error {
  constructor() {
    super('You are offline. Check your connection and try again.');
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
    const failure = answer && !answer.success ? answer : undefined;
    if (!failure && res.status >= 500)
      throw new ApiError(res.status, 'The server is not answering. Try again shortly.');
    throw new ApiError(
      res.status,
      failure?.message ?? `Request failed (${res.status})`,
      failure?.errors ?? [],
    );
  }
  return { message: answer.message, data: answer.data, nextCursor: answer.nextCursor };
}

/** The server's message when there is one, else the screen's fallback text (spec section 8). */
export function messageOf(err: unknown, fallback: string): string {
  if (err instanceof ApiError || err instanceof NetworkError) return err.message || fallback;
  return fallback;
}
