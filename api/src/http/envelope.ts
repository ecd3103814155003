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
 * ok()'s envelope as text, around data that is JSON text already (a page of tickets, the sync's
 * changes): `{"success":true,"message":…,"data":<json>,…}` without parsing the data again.
 */
export function envelopeJson(message: string, dataJson: string, extra: Record<string, unknown> = {}): string {
  const [open, close] = envelopeAround(message, extra);
  return `${open}${dataJson}${close}`;
}

/** A JSON answer already written as text (envelopeJson's), sent as it is. */
export function jsonText(c: Context, json: string, status: ContentfulStatusCode = 200) {
  return c.body(json, status, { 'content-type': 'application/json' });
}

/** envelopeJson's text before and after the data, for an answer written in pieces. */
export function envelopeAround(message: string, extra: Record<string, unknown> = {}): [string, string] {
  const tail = Object.entries(extra)
    .map(([k, v]) => `,${JSON.stringify(k)}:${JSON.stringify(v)}`)
    .join('');
  return [`{"success":true,"message":${JSON.stringify(message)},"data":`, `${tail}}`];
}
