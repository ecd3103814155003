// PGlite and its drizzle driver, in a module of their own: openDatabase imports this one only
// for a PGlite source, so a server on PostgreSQL never loads PGlite (~4 MiB resident,
// docs/decisions/029-start-and-memory.md). Tests and tools import it as they need it.
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
export { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';

/**
 * Every PGlite of ours (server, tests, tools) loads the extensions the migrations create:
 * pg_trgm serves the admin searches' trigram indexes.
 */
export function createPglite(dataDir?: string, options: PGliteOptions = {}): PGlite {
  const withExtensions = { ...options, extensions: { pg_trgm, ...options.extensions } };
  // new PGlite(undefined, options) ignores the options: pass them alone for an in-memory one.
  return dataDir === undefined ? new PGlite(withExtensions) : new PGlite(dataDir, withExtensions);
}

/**
 * PGlite's Postgres zero-fills its whole buffer pool at every start: the default 128 MB cost
 * ~120 MiB of resident memory and ~250 ms of start. The data files are read through Node's fs,
 * so a page missing from the pool comes from the OS page cache, not the disk; 32 MB is a cache,
 * nothing about durability (docs/decisions/029-start-and-memory.md).
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];
