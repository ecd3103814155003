import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { changes, settings } from '../db/schema';
import { comparePositions, type FeedPosition } from './cursor';

export const SETTLE_WAIT_MS = 2_000;
const SETTLE_POLL_MS = 25;

/** Where the pruning job (platform/prune.ts) records how far it may have removed changes. */
export const PRUNED_THROUGH_KEY = 'sync.prunedThrough';

export interface FeedRow {
  seq: number;
  tx: string;
  entity: string;
  entityId: string;
  deleted: boolean;
}

/** The feed's page, built and named once per database (a first sync reads a thousand rows). */
function prepareFeed(db: Db) {
  return db
    .select({
      seq: changes.seq,
      tx: sql<string>`${changes.tx}::text`,
      entity: changes.entity,
      entityId: changes.entityId,
      deleted: changes.deleted,
    })
    .from(changes)
    .where(
      and(
        eq(changes.userId, sql.placeholder('userId')),
        sql`${changes.tx} < pg_snapshot_xmin(pg_current_snapshot())`,
        sql`(${changes.tx}, ${changes.seq}) > (${sql.placeholder('tx')}::xid8, ${sql.placeholder('seq')}::bigint)`,
      ),
    )
    .orderBy(asc(changes.tx), asc(changes.seq))
    .limit(sql.placeholder('limit'))
    .prepare('sync_feed_page');
}
const feedPage = perDatabase(prepareFeed);

/**
 * The caller's changes after `from`, in (tx, seq) order, of transactions older than every
 * transaction still running: one that commits later can never land behind a handed-out
 * cursor (docs/decisions/025-files-and-local-data.md).
 */
export function feedAfter(db: Db, userId: string, from: FeedPosition, limit: number): Promise<FeedRow[]> {
  return feedPage(db).execute({ userId, tx: from.tx, seq: from.seq, limit });
}

/** Whether some of the user's changes are of transactions the horizon has not passed yet. */
export async function hasWithheld(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ seq: changes.seq })
    .from(changes)
    .where(and(eq(changes.userId, userId), sql`${changes.tx} >= pg_snapshot_xmin(pg_current_snapshot())`))
    .limit(1);
  return row !== undefined;
}

/**
 * The feed after `from`, waiting up to `waitMs` while some of the user's changes are held back
 * by a transaction still running (usually for milliseconds), so a caller reads its own writes.
 * What is still held back after that comes with a later sync; it is never skipped.
 */
export async function settledFeedAfter(
  db: Db,
  userId: string,
  from: FeedPosition,
  limit: number,
  waitMs = SETTLE_WAIT_MS,
): Promise<FeedRow[]> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    // Side by side: asking afterwards cost a round trip on every sync that is not a full page.
    const [rows, withheld] = await Promise.all([feedAfter(db, userId, from, limit), hasWithheld(db, userId)]);
    if (rows.length >= limit || Date.now() >= deadline || !withheld) return rows;
    await sleep(SETTLE_POLL_MS);
  }
}

export async function prunedThrough(db: Db): Promise<FeedPosition | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, PRUNED_THROUGH_KEY));
  return row?.value as FeedPosition | undefined;
}

/** A device at `cursor` missed changes the pruning removed: it must start again. */
export async function isBehindPruned(db: Db, cursor: FeedPosition): Promise<boolean> {
  if (cursor.tx === '0' && cursor.seq === 0) return false;
  const pruned = await prunedThrough(db);
  return pruned !== undefined && comparePositions(cursor, pruned) <= 0;
}
