import { fillPlaceholders, type Logger, type Query, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';

/**
 * runBuiltArrays sends statements with more parameters than this unprepared: their text
 * varies with the number of values (an IN list), and each text prepared would stay in the
 * connection's statement cache for good.
 */
const PREPARE_MAX_PARAMS = 32;

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

const dialect = new PgDialect();

/**
 * A statement whose text is built once: each `sql.placeholder('name')` in it is a value that
 * every run binds (runBuiltArrays). Drizzle otherwise builds a statement's text from its parts
 * on every execute, about a tenth of a millisecond for a page of the file lists; the hot reads
 * build theirs when the module loads (docs/decisions/030-hot-reads.md).
 */
export function buildOnce(statement: SQL | SQLWrapper): Query {
  return dialect.sqlToQuery(statement.getSQL());
}

/** What runBuiltArrays reads of a session's client: postgres.js's or PGlite's. */
type ArrayClient =
  | {
      unsafe(
        sql: string,
        params: unknown[],
        options: { prepare: boolean },
      ): { values(): Promise<unknown[][]> };
    }
  | { query(sql: string, params: unknown[], options: { rowMode: 'array' }): Promise<{ rows: unknown[][] }> };

/**
 * Runs a statement of buildOnce with the values of its placeholders: its rows, each an array
 * of its columns in the select list's order. Rows as objects cost more: the driver makes each
 * one a keyed store at a time (past a dozen columns V8 turns it into a hash table), they
 * outlived the young generation under load, and drizzle's execute, which every other query
 * shares, is compiled again once a transaction has used it (docs/decisions/051-array-rows.md).
 * PGlite's default parsers are used: an instant comes as text from postgres.js (drizzle sets
 * its parsers so) and as a Date from PGlite, so select it as text (to_char) or map both forms.
 * It reads drizzle's private session: kept only until tickets/ticket-json.ts and sync/feed.ts
 * stop using it (docs/decisions/079-public-apis-only.md); nothing new may call it.
 */
export async function runBuiltArrays<T extends unknown[]>(
  db: Db | Tx,
  query: Query,
  values: Record<string, unknown> = {},
): Promise<T[]> {
  const session = db._.session as unknown as { client: ArrayClient; logger: Logger };
  const client = session.client;
  const params = fillPlaceholders(query.params, values);
  // Logged as drizzle logs its own statements, so a query log shows these too.
  session.logger.logQuery(query.sql, params);
  // postgres.js: prepared when it has a few parameters (a transaction's own client too).
  if ('unsafe' in client)
    return (await client
      .unsafe(query.sql, params, { prepare: params.length > 0 && params.length <= PREPARE_MAX_PARAMS })
      .values()) as T[];
  return (await client.query(query.sql, params, { rowMode: 'array' })).rows as T[];
}

/**
 * Each key's position in an array row of runBuiltArrays, for a select list written in the
 * order of `keys`: the one place a statement's columns and the positions read from its rows
 * are derived from.
 */
export function positionsOf<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((key, at) => [key, at])) as Record<K, number>;
}
