import type { Auth, AuthDeps } from './auth';

type AnyCall = (...args: unknown[]) => unknown;

/**
 * better-auth, loaded at its first use rather than at start: the library and its dependencies
 * are the largest part of the bundle (some 10 MB of heap once loaded), and a process whose
 * callers are already signed in reads their sessions with one query of its own
 * (session-resolve.ts) until a sign-in, a sign-up, a renewal or a reset needs the library
 * (docs/decisions/048-lazy-auth.md). The object answers what the code calls of `Auth`:
 * `api.<endpoint>(...)` and `handler(request)`, each once the library is loaded.
 * A failed load is tried again by the next call.
 */
export function lazyAuth(deps: AuthDeps): Auth {
  let loading: Promise<Auth> | undefined;
  const load = (): Promise<Auth> => {
    if (!loading) {
      const started = import('./auth').then(({ createAuth }) => createAuth(deps));
      started.catch(() => {
        if (loading === started) loading = undefined;
      });
      loading = started;
    }
    return loading;
  };
  const api = new Proxy(
    {},
    {
      get: (_target, name) =>
        typeof name === 'string' && name !== 'then'
          ? async (...args: unknown[]) =>
              ((await load()).api as unknown as Record<string, AnyCall>)[name]!(...args)
          : undefined,
    },
  );
  return {
    api,
    handler: async (request: Request) => (await load()).handler(request),
  } as unknown as Auth;
}
