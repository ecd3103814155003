import type { FieldError } from '@ecu/shared';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The one error type the app throws on purpose; `on-error.ts` turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors: FieldError[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors: FieldError[] = []) => new AppError(400, message, errors);
export const unauthorized = (message = 'Please sign in to continue') => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
