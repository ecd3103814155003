import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnPostgres } from '../test/test-db';
import { MIGRATIONS_DIR, openDatabase, STARTUP_LOCKS } from './client';
import { createPglite } from './pglite';

async function journalLength(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
  return journal.entries.length;
}

describe('openDatabase', () => {
  it('migrates a fresh PGlite database fully, and opening it again applies nothing twice', async () => {
    const client = createPglite();
    try {
      const first = await openDatabase({ kind: 'pglite', client });
      const again = await openDatabase({ kind: 'pglite', client });
      const { rows } = await client.query<{ n: number; d: number }>(
        'select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations',
      );
      expect(rows[0]).toEqual({ n: await journalLength(), d: await journalLength() });
      expect(first.kind).toBe('pglite');
      expect(again.kind).toBe('pglite');
    } finally {
      await client.close();
    }
  });

  /** docs/decisions/029-start-and-memory.md: a start on a migrated database skips the migrator. */
  describeOnPostgres('on a migrated PostgreSQL database', (source) => {
    const adminUrl = source.adminUrl;
    const name = `${source.namePrefix}open_${randomBytes(4).toString('hex')}`;
    const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();

    beforeAll(async () => {
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await admin
        .unsafe(`create database "${name}" template "${source.template}"`)
        .finally(() => admin.end());
    });
    afterAll(async () => {
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists "${name}" with (force)`).finally(() => admin.end());
    });

    it('opens without waiting for the migrations lock', async () => {
      // Another process holds the lock (say, one migrating another database's copy): a start
      // with nothing to migrate must not queue behind it.
      const holder = postgres(url, { max: 1, onnotice: () => {} });
      const [a, b] = STARTUP_LOCKS.migrations;
      await holder`select pg_advisory_lock(${a}::int, ${b}::int)`;
      const opening = openDatabase({ kind: 'postgres', url, max: 2 });
      try {
        const waited = await Promise.race([
          opening.then(() => false),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 5_000)),
        ]);
        expect(waited).toBe(false);
      } finally {
        await holder.end({ timeout: 5 });
        await (await opening).close();
      }
    });
  });
});
