import type { ApiFailure, ApiSuccess, ErrorCode, FieldError } from '@ecu/shared';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export function ok<T>(c: Context, message: string, data: T, status: ContentfulStatusCode = 200) {
  const body: ApiSuccess<T> = { success: true, message, data };
  return c.json(body, status);
}

/** A failure's envelope. The code defaults to a server error: every refusal names its own. */
export function failure(
  message: string,
  errors: FieldError[] = [],
  code: ErrorCode = 'server_error',
): ApiFailure {
  return { success: false, message, errors, code };
}

/**
 * ok()'s envelope as JSON text, for the answers written without a Hono context (the hot routes),
 * with the page's next cursor where the data is a page.
 */
export function okText<T>(message: string, data: T, page?: { nextCursor: string | null }): string {
  const body: ApiSuccess<T> = page
    ? { success: true, message, data, nextCursor: page.nextCursor }
    : { success: true, message, data };
  return JSON.stringify(body);
}
