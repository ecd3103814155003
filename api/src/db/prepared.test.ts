import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeOnPostgres } from '../test/test-db';
import { type Db, openDatabase, pingDatabase } from './client';
import { createPglite } from './pglite';
import { perDatabase } from './prepared';

// What drizzle leaves in a connection's statement cache: only its named `.prepare()` statements
// are prepared (docs/decisions/030-hot-reads.md). Prepared statements are a PostgreSQL
// server's: PGlite has no such cache.
describeOnPostgres('prepared statements on PostgreSQL', (source) => {
  // One connection, so the statement cache read is the one the statements went to.
  const client = postgres(source.adminUrl, { max: 1, onnotice: () => {} });
  const db = drizzle(client) as unknown as Db;

  async function preparedTexts(): Promise<string[]> {
    const rows = await client.unsafe<{ statement: string }[]>(
      'select statement from pg_prepared_statements',
      [],
    );
    return rows.map((row) => row.statement);
  }

  beforeAll(async () => {
    await client.unsafe('deallocate all');
  });
  afterAll(() => client.end());

  const bound = (on: Db, label: string) =>
    on.select({ n: sql<number>`${sql.placeholder('n')}::int`.as(label) }).from(sql`(values (1)) as one(x)`);
  const reads = perDatabase((on) => ({ named: bound(on, 'named_read').prepare('named_read') }));

  it.each([
    {
      label: 'a named drizzle statement (perDatabase)',
      run: () => reads(db).named.execute({ n: 1 }),
      text: 'as "named_read"',
      prepared: true,
    },
    {
      label: 'the same select without a name',
      run: () => bound(db, 'unnamed_read').execute({ n: 2 }),
      text: 'as "unnamed_read"',
      prepared: false,
    },
    {
      label: 'a statement through drizzle execute',
      run: () => db.execute(sql`select ${3}::int as plain`),
      text: 'as plain',
      prepared: false,
    },
    { label: 'the health ping', run: () => pingDatabase(db), text: 'select 1', prepared: false },
  ])('$label: prepared $prepared', async ({ run, text, prepared }) => {
    await run();
    await run();
    const found = (await preparedTexts()).filter((statement) => statement.includes(text));
    expect(found).toHaveLength(prepared ? 1 : 0);
  });

  it('builds the statements of perDatabase once per database object', () => {
    expect(reads(db)).toBe(reads(db));
    expect(reads(drizzle(client) as unknown as Db)).not.toBe(reads(db));
  });
});

describe('pingDatabase', () => {
  it('answers on either database', async () => {
    const source = inject('testDb');
    const database =
      source.kind === 'postgres'
        ? await openDatabase({ kind: 'postgres', url: source.adminUrl, max: 1 }, { migrate: false })
        : await openDatabase({ kind: 'pglite', client: createPglite() }, { migrate: false });
    try {
      await expect(pingDatabase(database.db)).resolves.toBeUndefined();
    } finally {
      await database.close();
    }
  });
});
