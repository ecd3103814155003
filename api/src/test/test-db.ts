import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import postgres from 'postgres';
import { describe, inject } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { createPglite } from '../db/pglite';
import type { TestDbSource } from './global-setup';

/** The api-postgres project's database server, as global setup provides it. */
export type PostgresTestSource = Extract<TestDbSource, { kind: 'postgres' }>;

/**
 * A describe block for what only a PostgreSQL server has (several processes on one database,
 * prepared statements, session locks): it runs in the api-postgres project, with that server,
 * and is left out of the api-pglite one.
 */
export function describeOnPostgres(name: string, cases: (source: PostgresTestSource) => void): void {
  if (process.env.TEST_DB !== 'postgres') return;
  const source = inject('testDb');
  if (source.kind !== 'postgres')
    throw new Error(`TEST_DB is postgres, but the test database is ${source.kind}`);
  describe(name, () => cases(source));
}

function postgresUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

let dumpCache: { file: string; blob: Blob } | undefined;

/**
 * A database of this test file's own, already migrated: PGlite loaded from the dump that
 * global setup made, or a PostgreSQL database cloned from the migrated template. close()
 * also drops the clone.
 */
export async function openTestDatabase(): Promise<Database> {
  const source = inject('testDb');
  if (source.kind === 'pglite') {
    if (dumpCache?.file !== source.dumpFile) {
      dumpCache = { file: source.dumpFile, blob: new Blob([await readFile(source.dumpFile)]) };
    }
    return openDatabase(
      { kind: 'pglite', client: createPglite(undefined, { loadDataDir: dumpCache.blob }) },
      { migrate: false },
    );
  }

  const clone = await newPostgresDatabase(source);
  const database = await openDatabase({ kind: 'postgres', url: clone.url, max: 5 }, { migrate: false });
  return {
    ...database,
    async close() {
      await database.close();
      await clone.drop();
    },
  };
}

/**
 * A PostgreSQL database of the test's own on the api-postgres server, cloned from the migrated
 * template, or empty (from template0) with `empty: true`; drop() removes it.
 */
export async function newPostgresDatabase(
  source: PostgresTestSource,
  options: { empty?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${source.namePrefix}${randomBytes(6).toString('hex')}`;
  const admin = postgres(source.adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(
      `create database "${name}" template "${options.empty ? 'template0' : source.template}"`,
    );
  } finally {
    await admin.end();
  }
  return {
    url: postgresUrl(source.adminUrl, name),
    async drop() {
      const dropper = postgres(source.adminUrl, { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
