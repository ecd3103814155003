import type { SyncChangeDto, SyncPageDto } from '@ecu/shared';
import { apiRequest, NetworkError } from './api-client';
import { browserOnline, isOnline, subscribeOnline } from './connectivity';
import { getAuthUser, localDb, type PortalDb, setAuthUser } from './db';
import { flushOutbox } from './outbox';

/** One page of the feed after a cursor (GET /sync; tests hand in a fake). */
export type Pull = (cursor: string) => Promise<SyncPageDto>;

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
      if (change.deleted)
        await Promise.all([db.tickets.delete(change.id), db.ticketDetails.delete(change.id)]);
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
    const tables = [db.meta, db.tickets, db.ticketDetails, db.transactions, db.outbox, db.localFiles];
    await db.transaction('rw', tables, async () => {
      if (page.resync) await Promise.all([db.tickets.clear(), db.transactions.clear()]);
      for (const change of page.changes) await applyChange(db, change);
      await db.meta.put({ key: 'syncCursor', value: page.cursor });
    });
    applied += page.changes.length;
    if (!page.hasMore) return applied;
  }
}

interface PullRun {
  running: Promise<number>;
  /** The one pull that follows the running one, shared by everyone who asked meanwhile. */
  queued: Promise<number> | null;
}

/** The pull under way per database: two pulls at once would read the same cursor and race. */
const pulls = new WeakMap<PortalDb, PullRun>();

function startPull(db: PortalDb, pull: Pull): Promise<number> {
  const run: PullRun = { running: Promise.resolve(0), queued: null };
  run.running = pullChanges(db, pull).finally(() => {
    // With a follower queued, the entry stays until the follower replaces it, so a caller in
    // between joins the follower instead of starting a third pull beside it.
    if (pulls.get(db) === run && !run.queued) pulls.delete(db);
  });
  pulls.set(db, run);
  return run.running;
}

const ignore = () => {};

/**
 * Pulls the feed now: the way a screen or a command that knows the server changed asks for
 * the rows, since the feed is the only writer of the synced tables (docs/decisions/044-one-writer.md).
 * The pull it waits for starts after the call: a pull already under way may have read its
 * page before the server's change, so one more follows it (shared by every caller meanwhile).
 * Rejects like pullChanges (NetworkError offline); the cursor stays, nothing is lost.
 */
export function syncNow(db: PortalDb = localDb, pull: Pull = defaultPull): Promise<number> {
  const run = pulls.get(db);
  if (!run) return startPull(db, pull);
  run.queued ??= run.running.then(ignore, ignore).then(() => startPull(db, pull));
  return run.queued;
}

/** How long a command's screen waits for the pull after the server confirmed it. */
export const PULL_AFTER_WRITE_WAIT_MS = 5_000;

/**
 * After the server confirmed a command (a ticket created, a payment taken): pull, so the row
 * lands through the feed before the screen moves on. Never fails the command: offline or a
 * failed pull, the row comes with the next sync. Waits at most PULL_AFTER_WRITE_WAIT_MS, so
 * a slow network never holds the screen; the pull goes on behind it.
 */
export async function pullAfterWrite(db: PortalDb = localDb, pull: Pull = defaultPull): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, PULL_AFTER_WRITE_WAIT_MS);
  });
  await Promise.race([syncNow(db, pull).then(ignore, ignore), waited]);
  clearTimeout(timer);
}

/**
 * One round: first send what we queued (so the pull reflects our own commands instead of
 * briefly showing the server's older state), then pull. Offline is not an error here.
 */
export async function syncOnce(db: PortalDb = localDb, pull: Pull = defaultPull): Promise<void> {
  try {
    // A command that cannot go yet (offline, or its upload paused) must not hold back what
    // the server has for us: pull either way. Offline, the pull fails quietly below.
    await flushOutbox(db);
    await syncNow(db, pull);
  } catch (err) {
    if (!(err instanceof NetworkError)) throw err;
  }
}

export const SYNC_INTERVAL_MS = 60_000;

/**
 * Runs sync on start, when the portal is back online (the browser's network, or the server
 * answering again: connectivity.ts), when the tab is shown, and every minute.
 */
export function startSyncLoop(onError: (err: unknown) => void, db: PortalDb = localDb): () => void {
  let stopped = false;
  const run = () => {
    if (!stopped && browserOnline()) syncOnce(db).catch(onError);
  };
  const onVisible = () => document.visibilityState === 'visible' && run();
  let online = isOnline();
  const stopFollowing = subscribeOnline(() => {
    const was = online;
    online = isOnline();
    if (online && !was) run();
  });
  document.addEventListener('visibilitychange', onVisible);
  const timer = window.setInterval(run, SYNC_INTERVAL_MS);
  run();
  return () => {
    stopped = true;
    stopFollowing();
    document.removeEventListener('visibilitychange', onVisible);
    window.clearInterval(timer);
  };
}
