import { setTimeout as sleep } from 'node:timers/promises';
import type { MiddlewareHandler } from 'hono';
import { isConnectionLost } from '../platform/faults';

/**
 * A read that lost the database's connection is answered by running it once more, on a fresh
 * connection (postgres.js opens one for the next query in place of the one that closed). A
 * read only: a change whose connection was lost may have been applied, and runs once; it
 * answers 503 with Retry-After (docs/decisions/071-faults-answer-503-and-507.md).
 */
export function retriesRead(method: string, err: unknown): boolean {
  return (method === 'GET' || method === 'HEAD') && isConnectionLost(err);
}

/**
 * How long a read waits before its second run. When the database drops every connection, the
 * pool learns of each closed socket as its close event comes: run at once, the second try was
 * mostly sent on another connection that was already gone (one read in ten answered 503 under
 * three rounds of pg_terminate_backend; docs/decisions/071-faults-answer-503-and-507.md).
 */
export const READ_RETRY_DELAY_MS = 100;

/** Waits out READ_RETRY_DELAY_MS before a read runs again. */
export const beforeReadRetry = (): Promise<void> => sleep(READ_RETRY_DELAY_MS);

type Fetch = (request: Request, env: unknown) => Response | Promise<Response>;

/** The requests on their second run: they are not run a third time. */
const secondRuns = new WeakSet<Request>();

/**
 * The first /api/* middleware: it lets the request run; when the run failed with the connection lost
 * (`c.error`, set by Hono for the error that onError answered), the whole request runs once
 * more through `fetch` (the app's own) and its answer replaces the first, headers and all.
 */
export function readRetriedOnce(fetch: () => Fetch): MiddlewareHandler {
  return async (c, next) => {
    const request = c.req.raw;
    if (secondRuns.has(request)) return next();
    await next();
    if (!retriesRead(c.req.method, c.error)) return;
    secondRuns.add(request);
    await beforeReadRetry();
    const again = await fetch()(request, c.env);
    // Unset first, so that the first answer's headers (its Retry-After) are not merged in.
    c.res = undefined;
    c.res = again;
  };
}
