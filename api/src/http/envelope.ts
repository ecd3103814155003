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
 * ok()'s envelope as JSON text, with the page's next cursor where the data is a page: for an
 * answer that is compressed or sent as text (jsonText).
 */
export function okText<T>(message: string, data: T, page?: { nextCursor: string | null }): string {
  const body: ApiSuccess<T> = page
    ? { success: true, message, data, nextCursor: page.nextCursor }
    : { success: true, message, data };
  return JSON.stringify(body);
}

/** A JSON answer already written as text (okText's), sent as it is. */
export function jsonText(c: Context, json: string, status: ContentfulStatusCode = 200) {
  return c.body(json, status, { 'content-type': 'application/json' });
}
