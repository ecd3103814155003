import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../db/client';

/**
 * Waits until every change of the user is below the feed's horizon. Transaction ids are
 * cluster-wide: a write transaction of a test file running beside this one (or a database being
 * cloned for it) holds the horizon back for a moment, and the feed then waits; it never skips.
 */
export async function feedSettled(db: Db, userId: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const result = await db.execute(
          sql`select count(*)::int as n from changes
              where user_id = ${userId} and tx >= pg_snapshot_xmin(pg_current_snapshot())`,
        );
        const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as {
          n: number;
        }[];
        return Number(rows[0]?.n ?? 0);
      },
      { timeout: 15_000, interval: 50 },
    )
    .toBe(0);
}
