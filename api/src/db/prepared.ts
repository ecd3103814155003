import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client';

/**
 * Runs a search with plans made for its own pattern. With prepared statements PostgreSQL may
 * switch to a generic plan after five runs, which cannot know that '%smith%' is rare and
 * walks a whole list index instead of the trigram index. A transaction's statements are not
 * prepared anyway: drizzle prepares only its named `.prepare()` statements, on the pool.
 */
export function withCustomPlans<T>(db: Db, run: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
    return run(tx);
  });
}

/**
 * Statements built once per database object (drizzle's named `.prepare()`, which drizzle sends
 * to postgres.js as prepared statements), for the hot reads of a feature:
 * `const reads = perDatabase((db) => ({ byId: db.select()...prepare('name') }))`
 * (docs/decisions/030-hot-reads.md).
 */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let found = built.get(db);
    if (!found) {
      found = build(db);
      built.set(db, found);
    }
    return found;
  };
}
