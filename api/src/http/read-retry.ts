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

type Fetch = (request: Request, env: unknown) => Response | Promise<Response>;

/** The requests on their second run: they are not run a third time. */
const secondRuns = new WeakSet<Request>();

/**
 * The app's side of the retry (the hot lane, ./hot-lane.ts, retries its own): the first
 * middleware, it lets the request run; when the run failed with the connection lost
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
    const again = await fetch()(request, c.env);
    // Unset first, so that the first answer's headers (its Retry-After) are not merged in.
    c.res = undefined;
    c.res = again;
  };
}
