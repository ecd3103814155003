import type { IncomingMessage } from 'node:http';
import { codeForStatus } from '@ecu/shared';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type Logger, requestIdOf } from '../platform/logger';
import { AppError } from './app-error';
import { discardUnreadBody } from './body-limit';
import { failure } from './envelope';
import { incomingOf } from './incoming';

/** An error's answer: its status, its envelope and the headers it asks for. */
export interface ErrorAnswer {
  status: ContentfulStatusCode;
  body: ReturnType<typeof failure>;
  headers: Record<string, string>;
}

/**
 * What an error thrown by a route answers, wherever the route runs (Hono or the hot lane,
 * api/src/http/hot-lane.ts): an AppError its own envelope, anything unexpected a logged 500.
 */
export function errorAnswer(
  err: unknown,
  logger: Logger,
  request: { method: string; path: string; reqId?: string },
): ErrorAnswer {
  if (err instanceof AppError) {
    return { status: err.status, body: failure(err.message, err.errors, err.code), headers: err.headers };
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const message = status === 413 ? 'The request is too large' : err.message || 'Request refused';
    return { status, body: failure(message, [], codeForStatus(status)), headers: {} };
  }
  logger.error(
    `${request.method} ${request.path} failed:`,
    err,
    request.reqId ? { reqId: request.reqId } : {},
  );
  return {
    status: 500,
    body: failure('Something went wrong on our side. Please try again.', [], 'server_error'),
    headers: {},
  };
}

export function onError(logger: Logger) {
  return async (err: Error, c: Context) => {
    const incoming = incomingOf(c) as IncomingMessage | undefined;
    const request = { method: c.req.method, path: c.req.path, reqId: requestIdOf(incoming) };
    const answer = errorAnswer(err, logger, request);
    for (const [k, v] of Object.entries(answer.headers)) c.header(k, v);
    // A refusal that came before the body was read (a 401, a 413 by its declared length...)
    // reads it first, so that a client still sending reads this answer, not a broken pipe.
    if (incoming && !(await discardUnreadBody(incoming))) c.header('Connection', 'close');
    return c.json(answer.body, answer.status);
  };
}
