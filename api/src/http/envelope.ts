import type { ApiFailure, ApiSuccess, FieldError } from '@ecu/shared';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export function ok<T>(c: Context, message: string, data: T, status: ContentfulStatusCode = 200) {
  const body: ApiSuccess<T> = { success: true, message, data };
  return c.json(body, status);
}

export function failure(message: string, errors: FieldError[] = []): ApiFailure {
  return { success: false, message, errors };
}
