import type { IncomingMessage } from 'node:http';
import { codeForStatus } from '@ecu/shared';
import { fieldMessageIn, type Translate } from '@ecu/shared/i18n/server-messages';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isConnectionLost, isStorageFull } from '../platform/faults';
import type { Logger } from '../platform/logger';
import { AppError, databaseUnavailable, outOfStorage } from './app-error';
import { discardUnreadBody } from './body-limit';
import { failure } from './envelope';
import { incomingOf } from './incoming';
import { requestMessages } from './request-locale';

/** An error's answer: its status, its envelope and the headers it asks for. */
export interface ErrorAnswer {
  status: ContentfulStatusCode;
  body: ReturnType<typeof failure>;
  headers: Record<string, string>;
}

/**
 * A fault of the machine as the AppError it answers, or undefined: the database's connection
 * lost is a 503 with Retry-After, the file store full a 507 (docs/decisions/071-faults-answer-503-and-507.md).
 */
export function faultError(err: unknown): AppError | undefined {
  if (isConnectionLost(err)) return databaseUnavailable();
  if (isStorageFull(err)) return outOfStorage();
  return undefined;
}

/**
 * An AppError's message and field errors in the request's language (`t`): a message said by id
 * in the catalogue's words, a shared schema's validation text by its English; anything else as
 * it was written. English comes out as the code wrote it.
 */
function renderedIn(t: Translate, err: AppError): { message: string; errors: AppError['errors'] } {
  const message = err.said ? t(err.said.id, { ...err.said.values }) : fieldMessageIn(t, err.message);
  const errors = err.errors.map((e) => ({ ...e, message: fieldMessageIn(t, e.message) }));
  return { message, errors };
}

/**
 * What an error thrown by a route answers: an AppError its own envelope, a fault of the machine its 503 or
 * 507 (logged as a warning), anything unexpected a logged 500; its words in the request's language.
 */
function errorAnswer(
  err: unknown,
  logger: Logger,
  request: { method: string; path: string },
  t: Translate,
): ErrorAnswer {
  const fault = err instanceof AppError ? undefined : faultError(err);
  if (fault) {
    logger.warn(`${request.method} ${request.path} answered ${fault.status}: ${fault.code}`, {
      reason: reasonOf(err),
    });
    err = fault;
  }
  if (err instanceof AppError) {
    const { message, errors } = renderedIn(t, err);
    return { status: err.status, body: failure(message, errors, err.code), headers: err.headers };
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const message = status === 413 ? 'The request is too large' : err.message || 'Request refused';
    return { status, body: failure(message, [], codeForStatus(status)), headers: {} };
  }
  logger.error(`${request.method} ${request.path} failed:`, err);
  return {
    status: 500,
    body: failure(t('error.serverError'), [], 'server_error'),
    headers: {},
  };
}

/**
 * The innermost error's code and message (the driver's or the file system's own words), for
 * the log; not drizzle's wrapper, whose message carries the query's parameters.
 */
function reasonOf(err: unknown): string {
  let inner = err;
  for (let depth = 0; depth < 5 && inner instanceof Error && inner.cause instanceof Error; depth++)
    inner = inner.cause;
  if (!(inner instanceof Error)) return String(inner);
  const code = (inner as { code?: unknown }).code;
  return typeof code === 'string' ? `${code}: ${inner.message}` : inner.message;
}

export function onError(logger: Logger) {
  return async (err: Error, c: Context) => {
    const incoming = incomingOf(c) as IncomingMessage | undefined;
    const answer = errorAnswer(err, logger, { method: c.req.method, path: c.req.path }, requestMessages(c));
    for (const [k, v] of Object.entries(answer.headers)) c.header(k, v);
    // A refusal that came before the body was read (a 401, a 413 by its declared length...)
    // reads it first, so that a client still sending reads this answer, not a broken pipe.
    if (incoming && !(await discardUnreadBody(incoming))) c.header('Connection', 'close');
    return c.json(answer.body, answer.status);
  };
}
