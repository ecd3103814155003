import { AsyncLocalStorage } from 'node:async_hooks';

/** What the log knows of the request in flight: its id (its X-Request-Id) and, once read, its user. */
export interface RequestScope {
  readonly reqId: string;
  userId?: string;
}

/**
 * The request a piece of code runs for, one AsyncLocalStorage for the process
 * (docs/decisions/076-request-scope.md). The place every request passes enters it once; the
 * code a request runs, awaits and leaves running (timers, detached promises) sees it, and the
 * logger names the request on every line written there.
 */
const scopes = new AsyncLocalStorage<RequestScope>();

/** Runs `work` (a request's whole handling) inside its scope. */
export function inRequestScope<R, A extends unknown[]>(
  scope: RequestScope,
  work: (...args: A) => R,
  ...args: A
): R {
  return scopes.run(scope, work, ...args);
}

/** The scope of the request this code runs for, or undefined outside any request. */
export function currentRequestScope(): RequestScope | undefined {
  return scopes.getStore();
}

/** Records who the request in flight is from, for its access line. */
export function noteRequestUser(userId: string): void {
  const scope = scopes.getStore();
  if (scope) scope.userId = userId;
}
