import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { installJobsSchema, type JobsConnection } from '../platform/jobs';
import * as schema from './schema';

export type Schema = typeof schema;

/** How long the pool waits for a new connection before the request answers 503. */
const CONNECT_TIMEOUT_SECONDS = 5;
/** Both drivers type as this; features take it as their first argument. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the job queue runs: the same database (docs/decisions/070-durable-jobs.md). */
  jobs: JobsConnection;
  close(): Promise<void>;
}

/** Committed SQL from drizzle-kit; beside this module in src and copied beside the bundle in dist. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseSource =
  /** ownerUrl: migrations run as this role (it owns the tables); the pool uses url's role. */
  | { kind: 'postgres'; url: string; max?: number; ownerUrl?: string }
  | { kind: 'pglite'; dataDir: string | undefined }
  | { kind: 'pglite'; client: PGlite };

export async function openDatabase(
  source: DatabaseSource,
  options: { migrate?: boolean } = {},
): Promise<Database> {
  const shouldMigrate = options.migrate ?? true;
  if (source.kind === 'postgres') {
    const client = postgres(source.url, {
      max: source.max ?? 10,
      onnotice: () => {},
      backoff: reconnectDelaySeconds,
      // A database that cannot be reached answers 503 within seconds, not after 30 (the default).
      connect_timeout: CONNECT_TIMEOUT_SECONDS,
    });
    const db = drizzlePostgres(client, { schema }) as unknown as Db;
    if (shouldMigrate) {
      await (source.ownerUrl ? migrateAsOwner(source.ownerUrl) : migratePostgresIfPending(db, source.url))
        .then(() =>
          source.ownerUrl
            ? installJobsSchema({ kind: 'postgres', url: source.ownerUrl }, roleOf(source.url))
            : installJobsSchema({ kind: 'postgres', url: source.url }),
        )
        .catch(async (err: unknown) => {
          await client.end({ timeout: 1 });
          throw err;
        });
    }
    return {
      db,
      kind: 'postgres',
      jobs: { kind: 'postgres', url: source.url },
      close: () => client.end({ timeout: 5 }),
    };
  }
  // Loaded here only: a server on PostgreSQL never loads PGlite (./pglite).
  const { createPglite, drizzlePglite, migratePglite } = await import('./pglite');
  let client: PGlite;
  if ('client' in source) {
    client = source.client;
  } else {
    if (source.dataDir) mkdirSync(path.dirname(source.dataDir), { recursive: true });
    client = createPglite(source.dataDir);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (shouldMigrate) {
    if (await migrationsPending(db).catch(() => true))
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    await installJobsSchema({ kind: 'pglite', client });
  }
  return { db, kind: 'pglite', jobs: { kind: 'pglite', client }, close: () => client.close() };
}

/** The role a connection URL signs in as (pg-boss's tables are granted to it). */
function roleOf(url: string): string {
  return decodeURIComponent(new URL(url).username) || 'postgres';
}

/**
 * How long a connection of the pool waits before it reconnects after its `retries`-th failed
 * one in a row. postgres.js's default grows to 20 s, and its count is the pool's: once the
 * database had dropped every connection, queries waited seconds for a reconnect to a server
 * that was back (docs/decisions/071-faults-answer-503-and-507.md).
 */
export function reconnectDelaySeconds(retries: number): number {
  return Math.min(0.05 * 2 ** retries, 1);
}

/**
 * Several processes may start at once on one database: one migrates, the others wait and then
 * find nothing left to do.
 */
async function migratePostgresIfPending(db: Db, url: string): Promise<void> {
  if (!(await migrationsPending(db).catch(() => true))) return;
  await underSessionLock(url, STARTUP_LOCKS.migrations, () =>
    migratePostgres(db as never, { migrationsFolder: MIGRATIONS_DIR }),
  );
}

/**
 * The app's role reads and writes rows only; the schema is changed by the role that owns it,
 * on a connection of its own that is closed once migrated (docs/decisions/067-database-roles.md).
 */
async function migrateAsOwner(ownerUrl: string): Promise<void> {
  const owner = postgres(ownerUrl, { max: 1, onnotice: () => {} });
  try {
    await migratePostgresIfPending(drizzlePostgres(owner, { schema }) as unknown as Db, ownerUrl);
  } finally {
    await owner.end({ timeout: 5 });
  }
}

/**
 * Whether the journal holds a migration newer than the newest applied one (drizzle's migrator
 * decides by `created_at` the same way), in one query on the pool: a start on a migrated
 * database takes no lock connection and reads no SQL file. A missing table (first start) throws.
 */
async function migrationsPending(db: Db): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const newest = Math.max(...journal.entries.map((e) => e.when));
  const result = await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    last: string | number | null;
  }[];
  const last = rows[0]?.last;
  return last === null || last === undefined || Number(last) < newest;
}

/**
 * Advisory lock keys of the start-up steps that must not run twice at once
 * (docs/decisions/026-several-processes.md). The two-key form keeps them apart from any
 * single-key advisory lock (those of uploads, schedules).
 */
export const STARTUP_LOCKS = {
  migrations: [0x45435500, 1],
  adminBootstrap: [0x45435500, 2],
} as const satisfies Record<string, readonly [number, number]>;
type LockKey = readonly [number, number];

/** Runs fn holding a session lock on a connection of its own (the pool may have only one). */
async function underSessionLock<T>(url: string, [a, b]: LockKey, fn: () => Promise<T>): Promise<T> {
  const lockClient = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await lockClient`select pg_advisory_lock(${a}::int, ${b}::int)`;
    return await fn();
  } finally {
    // Ending the connection releases the lock whatever happened.
    await lockClient.end({ timeout: 5 });
  }
}

/** PGlite is one process's own: its lock is a queue per database object. */
const pgliteQueues = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * A PGlite client, told without loading PGlite's module (no `instanceof`): postgres.js's client
 * is a function, PGlite's an object with `waitReady`.
 */
function isPglite(client: unknown): client is PGlite {
  return typeof client === 'object' && client !== null && 'waitReady' in client;
}

/**
 * Runs fn while no other process (PostgreSQL) or caller on the same PGlite runs fn under
 * the same key. On PostgreSQL a transaction holds the lock, fn's own queries use the pool's
 * other connections: the pool needs two or more (the server's has ten).
 */
export async function withStartupLock<T>(db: Db, key: LockKey, fn: () => Promise<T>): Promise<T> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (isPglite(client)) {
    const queues = pgliteQueues.get(client) ?? new Map<string, Promise<unknown>>();
    pgliteQueues.set(client, queues);
    const before = queues.get(key.join()) ?? Promise.resolve();
    const run = before.catch(() => {}).then(fn);
    queues.set(key.join(), run);
    return run;
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${key[0]}::int, ${key[1]}::int)`);
    return fn();
  });
}

/** Whether the database answers: the health check's query. */
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
