import { liveQuery } from 'dexie';
import { localDb } from './db';

/**
 * With nobody signed in on this device, the persisted copy of server data (the admin desk's
 * lists: other users' data) is deleted. This runs from start-up, also on the public pages
 * that never load TanStack Query (docs/decisions/031-first-visit.md); query-client.ts drops
 * the copy in memory when the account changes.
 */
liveQuery(() => localDb.meta.get('authUser')).subscribe({
  next(row) {
    if (!row?.value) void localDb.queryCache.clear().catch(() => {});
  },
  error() {
    // Dexie unavailable: nothing is persisted, nothing to follow.
  },
});
