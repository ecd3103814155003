import { codeForStatus } from '@ecu/shared';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from '../platform/logger';
import { AppError } from './app-error';
import { failure } from './envelope';

export function onError(logger: Logger) {
  return (err: Error, c: Context) => {
    if (err instanceof AppError) {
      for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
      return c.json(failure(err.message, err.errors, err.code), err.status);
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      const message = status === 413 ? 'The request is too large' : err.message || 'Request refused';
      return c.json(failure(message, [], codeForStatus(status)), status);
    }
    logger.error(`${c.req.method} ${c.req.path} failed:`, err);
    return c.json(failure('Something went wrong on our side. Please try again.', [], 'server_error'), 500);
  };
}
