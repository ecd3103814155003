import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app/context';
import { type Logger, withRequestId } from '../platform/logger';

/** An X-Request-Id we pass on as it came (the proxy's); anything else is replaced. */
const GIVEN_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/**
 * The request id (X-Request-Id in and out) on every line logged while a request runs, and
 * one access line per request: method, path (never the query: signed links carry their
 * signature there), status, ms and the user when known (docs/decisions/026-several-processes.md).
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const given = c.req.header('x-request-id');
    const reqId = given && GIVEN_ID.test(given) ? given : randomUUID();
    const started = performance.now();
    await withRequestId(reqId, async () => {
      await next();
      c.res.headers.set('X-Request-Id', reqId);
      logger.info('request', {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ...(c.get('user')?.id ? { userId: c.get('user')!.id } : {}),
      });
    });
  };
}
