// PGlite and its drizzle driver, in a module of their own: openDatabase imports this one only
// for a PGlite source, so a server on PostgreSQL never loads PGlite (~4 MiB resident,
// docs/decisions/029-start-and-memory.md). Tests and tools import it as they need it.
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
export { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';

/**
 * PGlite's Postgres zero-fills its whole buffer pool at every start, and writing memory the
 * process never touched costs the kernel a page fault per 4 KB: with Postgres's default 128 MB,
 * ~120 MiB of resident memory and ~250 ms of start; 32 MB cost 150 ms of a cold start on a slow
 * host, 16 MB half that. The data files are read through Node's fs, so a page missing from the
 * pool comes from the OS page cache, not the disk: the admin lists at 100k rows are as fast with
 * 16 MB as with 32 (8 MB doubles a broad search). A cache size, nothing about durability
 * (docs/decisions/058-buffer-pool.md).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Every PGlite of ours (server, tests, tools) loads the extensions the migrations create
 * (pg_trgm serves the admin searches' trigram indexes) and starts with PGLITE_START_PARAMS
 * unless given others.
 */
export function createPglite(dataDir?: string, options: PGliteOptions = {}): PGlite {
  const withExtensions = {
    startParams: PGLITE_START_PARAMS,
    ...options,
    extensions: { pg_trgm, ...options.extensions },
  };
  // new PGlite(undefined, options) ignores the options: pass them alone for an in-memory one.
  return dataDir === undefined ? new PGlite(withExtensions) : new PGlite(dataDir, withExtensions);
}
