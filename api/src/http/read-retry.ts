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
 * How long a read waits before each further run: at most two more. When the database drops
 * every connection, the pool learns of each closed socket as its close event comes: run at
 * once, the second try was mostly sent on another connection that was already gone (one read
 * in ten answered 503 under three rounds of pg_terminate_backend). On a loaded machine a
 * second run 100 ms later could still meet a socket the pool had not seen close; the third,
 * 400 ms after that, is the last (docs/decisions/071-faults-answer-503-and-507.md).
 */
export const READ_RETRY_DELAYS_MS = [100, 400] as const;

/** Waits out the first delay before a read runs again (the health check pings twice). */
export const beforeReadRetry = (): Promise<void> => sleep(READ_RETRY_DELAYS_MS[0]);

type Fetch = (request: Request, env: unknown) => Response | Promise<Response>;

/**
 * The requests on a further run, with that run's error (Hono's `c.error`, none when it was
 * answered without one): a further run is not retried itself, the outer run judges it.
 */
const furtherRuns = new WeakMap<Request, { error: unknown }>();

/**
 * The first /api/* middleware: it lets the request run; when the run failed with the connection
 * lost (`c.error`, set by Hono for the error that onError answered), the whole request runs
 * again through `fetch` (the app's own), up to twice, and the last answer replaces the first,
 * headers and all.
 */
export function readRetried(fetch: () => Fetch): MiddlewareHandler {
  return async (c, next) => {
    const request = c.req.raw;
    const further = furtherRuns.get(request);
    if (further) {
      await next();
      further.error = c.error;
      return;
    }
    await next();
    let failed: unknown = c.error;
    for (const delay of READ_RETRY_DELAYS_MS) {
      if (!retriesRead(c.req.method, failed)) return;
      const run: { error: unknown } = { error: undefined };
      furtherRuns.set(request, run);
      await sleep(delay);
      const again = await fetch()(request, c.env);
      failed = run.error;
      // Unset first, so that the earlier answer's headers (its Retry-After) are not merged in.
      c.res = undefined;
      c.res = again;
    }
  };
}
