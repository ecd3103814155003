import type { Sql } from 'postgres';
import type { Db } from './client';

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
 */
export function preparingClient(client: Sql): Sql {
  const unsafe = client.unsafe.bind(client);
  const patched = ((query: string, args?: unknown[], options?: { prepare?: boolean }) =>
    unsafe(query, args as never, {
      ...options,
      prepare: (args?.length ?? 0) > 0 && (args?.length ?? 0) <= PREPARE_MAX_PARAMS,
    })) as Sql['unsafe'];
  client.unsafe = patched;
  return client;
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
