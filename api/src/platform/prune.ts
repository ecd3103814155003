import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { idempotencyKeys, rateLimits, settings } from '../db/schema';
import { comparePositions, type FeedPosition, PRUNED_THROUGH_KEY, prunedThrough } from '../sync';
import { removeUnreferencedFiles } from '../tickets';
import { sweepExpiredUploads } from '../uploads';
import type { FileStorage } from './file-storage';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An outbox may replay a command days later: its key must still answer then. */
export const IDEMPOTENCY_KEEP_MS = 30 * DAY_MS;
/** Changes a device may still need: superseded ones and deletions go after this. */
export const CHANGES_KEEP_MS = 30 * DAY_MS;
/** pg_try_advisory_xact_lock key of this job: a run by hand beside the scheduled one answers null. */
const PRUNE_LOCK = 7_302_002;

export interface PruneResult {
  rateLimits: number;
  idempotencyKeys: number;
  changes: number;
  uploads: number;
  /** Stored bytes no ticket file refers to any more (docs/decisions/062-shared-stored-bytes.md). */
  files: number;
}

/**
 * Removes what only grows (docs/decisions/025-files-and-local-data.md): spent rate-limit
 * windows, old idempotency keys, change-feed rows no device needs to rebuild its copy (a
 * change superseded by a later one of the same row, an old deletion), expired uploads, stored
 * bytes no ticket file refers to (a delete path that failed to remove them itself). It runs as
 * the 'prune' schedule of the job queue, every 15 minutes in one process (app/build-deps.ts,
 * docs/decisions/070-durable-jobs.md); a transaction-scoped advisory lock still lets one run at
 * a time, another answers null. The feed remembers how far it was pruned: a device behind
 * that resyncs.
 */
export async function pruneTables(
  deps: { db: Db; storage: FileStorage },
  now = new Date(),
): Promise<PruneResult | null> {
  const result = await deps.db.transaction(async (tx) => {
    const lock = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${PRUNE_LOCK}) as locked`),
    );
    if (lock[0]?.locked !== true) return null;
    const limits = await tx
      .delete(rateLimits)
      .where(lt(rateLimits.resetAt, now))
      .returning({ k: rateLimits.key });
    const keys = await tx
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEEP_MS)))
      .returning({ k: idempotencyKeys.key });
    const cutoff = new Date(now.getTime() - CHANGES_KEEP_MS);
    const gone = rowsOf<{ tx: string; seq: string | number; n: string | number }>(
      await tx.execute(sql`
        with gone as (
          delete from changes c
          where c.created_at < ${cutoff.toISOString()}::timestamptz
            and c.tx < pg_snapshot_xmin(pg_current_snapshot())
            and (c.deleted or exists (
              select 1 from changes n
              where n.user_id = c.user_id and n.entity = c.entity and n.entity_id = c.entity_id
                and (n.tx, n.seq) > (c.tx, c.seq)))
          returning c.tx, c.seq)
        select (select count(*) from gone) as n, g.tx::text as tx, g.seq
        from gone g order by g.tx desc, g.seq desc limit 1`),
    );
    const last = gone[0];
    if (last) {
      const position: FeedPosition = { tx: last.tx, seq: Number(last.seq) };
      const before = await prunedThrough(tx as unknown as Db);
      if (!before || comparePositions(position, before) > 0) {
        await tx
          .insert(settings)
          .values({ key: PRUNED_THROUGH_KEY, value: position })
          .onConflictDoUpdate({ target: settings.key, set: { value: position, updatedAt: now } });
      }
    }
    return { rateLimits: limits.length, idempotencyKeys: keys.length, changes: Number(last?.n ?? 0) };
  });
  if (!result) return null;
  // Files are removed outside the transaction; the sweep's own delete is one statement.
  const uploads = await sweepExpiredUploads(deps, now);
  const files = await removeUnreferencedFiles(deps);
  return { ...result, uploads, files };
}
