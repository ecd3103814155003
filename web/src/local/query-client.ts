import { isServerFault, type UserDto } from '@ecu/shared';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type PersistQueryClientOptions, persistQueryClient } from '@tanstack/react-query-persist-client';
import { liveQuery } from 'dexie';
import { createElement, type ReactNode } from 'react';
import { ApiError } from './api-client';
import { isOnline, subscribeOnline } from './connectivity';
import { localDb } from './db';

/**
 * One way of reading server data for the screens that do not sync through Dexie (the admin
 * desk, the service status): TanStack Query, its cache persisted to IndexedDB so that the
 * last loaded data shows offline (docs/decisions/014-admin-data-with-tanstack-query.md).
 * Customer data stays local-first in Dexie (sync engine and outbox); this is for live data.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Offline, queries pause and keep showing what they have: no error, no refetch storm.
      networkMode: 'online',
      staleTime: 30_000,
      // Kept a day so that the persisted copy is there after a reload offline.
      gcTime: 24 * 60 * 60_000,
      // A 4xx will not change on retry; a dropped connection or a 5xx may.
      retry: (count, err) => !(err instanceof ApiError && !isServerFault(err.code)) && count < 2,
      refetchOnWindowFocus: true,
    },
    mutations: {
      // Admin commands are never queued (admins act on live data): offline they fail at once.
      networkMode: 'always',
      retry: false,
    },
  },
});

// Queries and their retries pause and resume on the portal's own signal: offline also when the
// server does not answer (connectivity.ts). Wired here, where TanStack Query is loaded, so the
// signed-out pages that share api-client.ts do not download its online manager.
onlineManager.setEventListener((setOnline) => subscribeOnline(() => setOnline(isOnline())));
onlineManager.setOnline(isOnline());

const CACHE_KEY = 'tanstack-query';

const persister = createAsyncStoragePersister({
  key: CACHE_KEY,
  storage: {
    getItem: async (key) => (await localDb.queryCache.get(key))?.value ?? null,
    setItem: async (key, value) => {
      await localDb.queryCache.put({ key, value });
    },
    removeItem: async (key) => {
      await localDb.queryCache.delete(key);
    },
  },
  // Short: a list loaded just before the network drops and the tab reloads must be on disk.
  throttleTime: 100,
});

/**
 * What PersistQueryClientProvider restores and keeps: successful queries only, for a day.
 * `buster` is the signed-in account: another account's copy is thrown away, never shown.
 */
export function persistOptions(accountId: string): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister,
    maxAge: 24 * 60 * 60_000,
    buster: accountId,
    dehydrateOptions: { shouldDehydrateQuery: (q) => q.state.status === 'success' },
  };
}

let persisting: { accountId: string; restored: Promise<void>; stop: () => void } | undefined;

/**
 * Restores the account's persisted cache and keeps it saved from then on; settles once the
 * restore is done, so queries mounted after it start from the copy instead of fetching first
 * (what PersistQueryClientProvider did around the whole layout; query-ready.tsx waits on it).
 * Another account stops the previous one's saving first.
 */
export function persistFor(accountId: string): Promise<void> {
  if (persisting?.accountId === accountId) return persisting.restored;
  persisting?.stop();
  const [stop, restored] = persistQueryClient({ queryClient, ...persistOptions(accountId) });
  persisting = { accountId, restored: restored.catch(() => {}), stop };
  return persisting.restored;
}

/** TanStack Query's provider with the portal's client (query-ready.tsx renders it once loaded). */
export function QueryProvider({ children }: { children: ReactNode }) {
  return createElement(QueryClientProvider, { client: queryClient }, children);
}

/** Drop every cached answer, in memory and on disk (sign-out, another account). */
export async function forgetServerData(): Promise<void> {
  queryClient.clear();
  await localDb.queryCache.clear().catch(() => {});
}

let accountId: string | undefined;

// Other users' data must not outlive the admin's session on this device: drop the copies as
// soon as the cached user signs out or becomes someone else (query-cache-guard.ts deletes the
// copy on disk whenever nobody is signed in, from start-up).
liveQuery(() => localDb.meta.get('authUser')).subscribe({
  next(row) {
    const user = row?.value as UserDto | null | undefined;
    const next = user?._id;
    if (accountId !== undefined && next !== accountId) void forgetServerData();
    accountId = next;
  },
  error() {
    // Dexie unavailable: nothing is persisted, nothing to follow.
  },
});
