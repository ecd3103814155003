import type { SyncChangeDto, SyncPageDto } from '@ecu/shared';
import { apiRequest, NetworkError } from './api-client';
import { getAuthUser, localDb, type PortalDb, setAuthUser } from './db';
import { flushOutbox } from './outbox';

type Pull = (cursor: string) => Promise<SyncPageDto>;

const defaultPull: Pull = async (cursor) =>
  (await apiRequest<SyncPageDto>('GET', `/sync?cursor=${encodeURIComponent(cursor)}`)).data;

/** Where each entity of the change feed lives in Dexie. */
async function applyChange(db: PortalDb, change: SyncChangeDto) {
  switch (change.entity) {
    case 'user': {
      const me = await getAuthUser(db);
      if (me && me._id === change.id && !change.deleted) await setAuthUser(change.value, db);
      return;
    }
    case 'ticket':
      if (change.deleted) await db.tickets.delete(change.id);
      else await db.tickets.put(change.value);
      return;
    case 'transaction':
      if (change.deleted) await db.transactions.delete(change.id);
      else await db.transactions.put(change.value);
      return;
  }
}

/**
 * Pulls every change since the stored cursor. The cursor is saved with the rows of its page
 * in one Dexie transaction, so a reload mid-sync never skips or half-applies a page. On
 * `resync` the synced rows go first and the whole feed follows (the outbox stays).
 */
export async function pullChanges(db: PortalDb = localDb, pull: Pull = defaultPull): Promise<number> {
  let applied = 0;
  for (;;) {
    const cursor = String((await db.meta.get('syncCursor'))?.value ?? '0');
    const page = await pull(cursor);
    await db.transaction('rw', [db.meta, db.tickets, db.transactions, db.outbox, db.localFiles], async () => {
      if (page.resync) await Promise.all([db.tickets.clear(), db.transactions.clear()]);
      for (const change of page.changes) await applyChange(db, change);
      await db.meta.put({ key: 'syncCursor', value: page.cursor });
    });
    applied += page.changes.length;
    if (!page.hasMore) return applied;
  }
}

/**
 * One round: first send what we queued (so the pull reflects our own commands instead of
 * briefly showing the server's older state), then pull. Offline is not an error here.
 */
export async function syncOnce(db: PortalDb = localDb): Promise<void> {
  try {
    // A command that cannot go yet (offline, or its upload paused) must not hold back what
    // the server has for us: pull either way. Offline, the pull fails quietly below.
    await flushOutbox(db);
    await pullChanges(db);
  } catch (err) {
    if (!(err instanceof NetworkError)) throw err;
  }
}

export const SYNC_INTERVAL_MS = 60_000;

/** Runs sync on start, when the network comes back, when the tab is shown, and every minute. */
export function startSyncLoop(onError: (err: unknown) => void, db: PortalDb = localDb): () => void {
  let stopped = false;
  const run = () => {
    if (!stopped && navigator.onLine !== false) syncOnce(db).catch(onError);
  };
  const onVisible = () => document.visibilityState === 'visible' && run();
  window.addEventListener('online', run);
  document.addEventListener('visibilitychange', onVisible);
  const timer = window.setInterval(run, SYNC_INTERVAL_MS);
  run();
  return () => {
    stopped = true;
    window.removeEventListener('online', run);
    document.removeEventListener('visibilitychange', onVisible);
    window.clearInterval(timer);
  };
}
