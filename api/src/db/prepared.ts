import { fillPlaceholders, type Logger, type Query, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Sql } from 'postgres';
import type { Db, Tx } from './client';

/**
 * Statements with more parameters than this are sent unprepared: their text varies with the
 * number of values (an IN list, a bulk insert), and each text prepared would stay in the
 * connection's statement cache for good.
 */
export const PREPARE_MAX_PARAMS = 32;

/**
 * Drizzle sends every statement but its named `.prepare()` ones with postgres.js's
 * `prepare: false`, so PostgreSQL parsed and planned each request's queries again. This makes
 * the client prepare them: postgres.js keeps one prepared statement per query text and
 * connection, and the texts drizzle builds are the same from one request to the next
 * (docs/decisions/030-hot-reads.md).
 *
 * A statement without parameters is prepared only when its caller asks (`prepare: true`): its
 * text may be anything (DDL, `set local`, several statements), which must not stay in the
 * statement cache. postgres.js sends such a statement by the simple protocol, which cannot
 * prepare, unless told `simple: false`.
 */
export function preparingClient(client: Sql): Sql {
  const unsafe = client.unsafe.bind(client) as (query: string, args?: unknown, options?: object) => unknown;
  const patched = (query: string, args?: unknown, options?: { prepare?: boolean }) => {
    // unsafe(text, options) is a form of its own: leave it as it is.
    if (args !== undefined && !Array.isArray(args)) return unsafe(query, args, options);
    const count = args?.length ?? 0;
    // Not `{ ...options, simple: false }`: a literal that opens with a spread gave each object a
    // hidden class of its own, made and left in the old generation on every call, about 140
    // bytes per health check until the next full collection (docs/decisions/061-spread-maps.md).
    if (count === 0 && options?.prepare === true)
      return unsafe(query, args, { prepare: true, ...options, simple: false });
    return unsafe(query, args, {
      ...options,
      prepare: count > 0 && count <= PREPARE_MAX_PARAMS,
    });
  };
  client.unsafe = patched as Sql['unsafe'];
  return client;
}

/**
 * Runs a search with plans made for its own pattern. With prepared statements PostgreSQL may
 * switch to a generic plan after five runs, which cannot know that '%smith%' is rare and
 * walks a whole list index instead of the trigram index. A transaction's statements are not
 * prepared by preparingClient anyway (postgres.js gives a transaction its own client).
 */
export function withCustomPlans<T>(db: Db, run: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
    return run(tx);
  });
}

/**
 * Statements built once per database object (drizzle's named `.prepare()`), for the reads of
 * a feature: `const reads = perDatabase((db) => ({ byId: db.select()...prepare('name') }))`.
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
 */
export async function runBuiltArrays<T extends unknown[]>(
  db: Db | Tx,
  query: Query,
  values: Record<string, unknown> = {},
  options: { prepareConstant?: boolean } = {},
): Promise<T[]> {
  const session = db._.session as unknown as { client: ArrayClient; logger: Logger };
  const client = session.client;
  const params = fillPlaceholders(query.params, values);
  // Logged as drizzle logs its own statements, so a query log shows these too.
  session.logger.logQuery(query.sql, params);
  // postgres.js: preparingClient decides what is prepared on the pool; a transaction's own
  // client prepares nothing, as drizzle asks of it. `prepareConstant` asks it to prepare a
  // statement without parameters, too.
  if ('unsafe' in client)
    return (await client
      .unsafe(query.sql, params, { prepare: options.prepareConstant === true })
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
