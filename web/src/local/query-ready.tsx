import { type ReactNode, use } from 'react';
import { readSignedInCopy } from './signed-in-copy';

/**
 * TanStack Query (its client, the persisted cache, the provider) in its own chunk: the
 * dashboard paints from Dexie without it, and it loads on first use, by a screen or a part
 * that reads with it (docs/decisions/084-paint-from-device.md).
 */
const loadQueryClient = () => import('./query-client');

type QueryClientModule = Awaited<ReturnType<typeof loadQueryClient>>;

let current: { accountId: string; ready: Promise<QueryClientModule> } | undefined;

/**
 * Loads TanStack Query and restores the signed-in account's persisted cache; settles once
 * queries may run. One promise per account, so React's `use` sees the same one every render.
 */
export function startQueries(): Promise<QueryClientModule> {
  const accountId = readSignedInCopy()?._id ?? '';
  if (current?.accountId !== accountId) {
    const ready = loadQueryClient().then(async (m) => {
      await m.persistFor(accountId);
      return m;
    });
    // A failed load (offline before the precache) is tried again on the next use.
    ready.catch(() => {
      if (current?.ready === ready) current = undefined;
    });
    current = { accountId, ready };
  }
  return current.ready;
}

/**
 * Renders `children` inside TanStack Query's provider, suspending (to the nearest Suspense
 * boundary) until the client has loaded and the cache of the account is restored.
 */
export function QueryReady({ children }: { children: ReactNode }) {
  const { QueryProvider } = use(startQueries());
  return <QueryProvider>{children}</QueryProvider>;
}
