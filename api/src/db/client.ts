import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers type as this; features take it as their first argument. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Committed SQL from drizzle-kit; beside this module in src and copied beside the bundle in dist. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Every PGlite of ours (server, tests, tools) loads the extensions the migrations create:
 * pg_trgm serves the admin searches' trigram indexes.
 */
export function createPglite(dataDir?: string, options: PGliteOptions = {}): PGlite {
  const withExtensions = { ...options, extensions: { pg_trgm, ...options.extensions } };
  // new PGlite(undefined, options) ignores the options: pass them alone for an in-memory one.
  return dataDir === undefined ? new PGlite(withExtensions) : new PGlite(dataDir, withExtensions);
}

export type DatabaseSource =
  | { kind: 'postgres'; url: string; max?: number }
  | { kind: 'pglite'; dataDir: string | undefined }
  | { kind: 'pglite'; client: PGlite };

export async function openDatabase(
  source: DatabaseSource,
  options: { migrate?: boolean } = {},
): Promise<Database> {
  const shouldMigrate = options.migrate ?? true;
  if (source.kind === 'postgres') {
    const client = postgres(source.url, { max: source.max ?? 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema }) as unknown as Db;
    if (shouldMigrate) await migratePostgres(db as never, { migrationsFolder: MIGRATIONS_DIR });
    return { db, kind: 'postgres', close: () => client.end({ timeout: 5 }) };
  }
  let client: PGlite;
  if ('client' in source) {
    client = source.client;
  } else {
    if (source.dataDir) mkdirSync(path.dirname(source.dataDir), { recursive: true });
    client = createPglite(source.dataDir);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (shouldMigrate) await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  return { db, kind: 'pglite', close: () => client.close() };
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * PGlite has no autovacuum, so its planner statistics would never be gathered: searches at
 * 100k rows then picked the wrong index. The server runs this on PGlite now and then.
 */
export const PGLITE_ANALYZE_INTERVAL_MS = 6 * 60 * 60 * 1000;
export async function analyzeDatabase(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}
