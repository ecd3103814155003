import type { UserDto } from '@ecu/shared';
import { liveQuery } from 'dexie';
import { localDb } from '../local/db';

/** The last page(s) an admin list loaded, shown (marked as such) while offline (DECISIONS 1). */
export interface ListSnapshot<T> {
  owner: string;
  q: string;
  rows: T[];
  nextCursor: string | null;
  loadedAt: number;
}

const PREFIX = 'ecu-admin-list:';
/** Enough for a few pages; a bigger copy is not worth the session storage it takes. */
const MAX_ROWS = 600;
const memory = new Map<string, ListSnapshot<unknown>>();

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Kept in memory for in-app navigation and in sessionStorage for a reload of the tab (the
 * service worker serves the app offline). Session storage dies with the tab; sign-out and a
 * change of account clear it earlier (below).
 */
export function readSnapshot<T>(key: string): ListSnapshot<T> | undefined {
  const inMemory = memory.get(key);
  if (inMemory) return inMemory as ListSnapshot<T>;
  try {
    const raw = storage()?.getItem(PREFIX + key);
    const parsed = raw ? (JSON.parse(raw) as ListSnapshot<T>) : undefined;
    if (parsed && Array.isArray(parsed.rows)) {
      memory.set(key, parsed);
      return parsed;
    }
  } catch {
    // A damaged copy is as good as none.
  }
  return undefined;
}

export function writeSnapshot<T>(key: string, snapshot: ListSnapshot<T>): void {
  const kept = { ...snapshot, rows: snapshot.rows.slice(0, MAX_ROWS) };
  memory.set(key, kept);
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify(kept));
  } catch {
    // Storage full or blocked: the in-memory copy still serves in-app navigation.
  }
}

export function forgetAdminLists(): void {
  memory.clear();
  const store = storage();
  if (!store) return;
  for (const key of Object.keys(store)) if (key.startsWith(PREFIX)) store.removeItem(key);
}

function storedOwners(): string[] {
  const store = storage();
  const keys = store ? Object.keys(store).filter((k) => k.startsWith(PREFIX)) : [];
  return [
    ...[...memory.values()].map((s) => s.owner),
    ...keys.map((k) => readSnapshot(k.slice(PREFIX.length))?.owner ?? ''),
  ];
}

let owner: string | undefined;

/** The admin the copies belong to: undefined until the cached user is read. */
export function currentOwner(): string | undefined {
  return owner;
}

// Other users' data must not outlive the admin's session in this tab: drop the copies as
// soon as the cached user signs out or becomes someone else.
liveQuery(() => localDb.meta.get('authUser')).subscribe({
  next(row) {
    const user = row?.value as UserDto | null | undefined;
    const next = user?.role === 'admin' ? user._id : undefined;
    if (!next || storedOwners().some((o) => o && o !== next)) forgetAdminLists();
    owner = next;
  },
  error() {
    // Dexie unavailable: nothing is cached in it, nothing to follow.
  },
});
