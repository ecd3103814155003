import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeOnPostgres } from '../test/test-db';
import { type Db, openDatabase, pingDatabase } from './client';
import { createPglite } from './pglite';
import { buildOnce, PREPARE_MAX_PARAMS, preparingClient, runBuiltArrays } from './prepared';

// What preparingClient leaves in a connection's statement cache (docs/decisions/030-hot-reads.md,
// 059-edge-head.md). Prepared statements are a PostgreSQL server's: PGlite has no such client.
describeOnPostgres('preparingClient on PostgreSQL', (source) => {
  // One connection, so the statement cache read is the one the statements went to.
  const client = preparingClient(postgres(source.adminUrl, { max: 1, onnotice: () => {} }));
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

  const many = Array.from({ length: PREPARE_MAX_PARAMS + 1 }, (_, i) => sql`${i}::int`);

  it.each([
    {
      label: 'the health ping, which asks',
      run: () => pingDatabase(db),
      text: 'select 1 as ok',
      prepared: true,
    },
    {
      label: 'a constant statement that does not ask',
      run: () => runBuiltArrays(db, buildOnce(sql`select 2 as unasked`)),
      text: 'select 2 as unasked',
      prepared: false,
    },
    {
      label: 'a statement through drizzle without parameters',
      run: () => db.execute(sql`select 3 as plain`),
      text: 'select 3 as plain',
      prepared: false,
    },
    {
      label: 'a statement with a parameter',
      run: () => runBuiltArrays(db, buildOnce(sql`select ${sql.placeholder('n')}::int as bound`), { n: 4 }),
      text: 'as bound',
      prepared: true,
    },
    {
      label: `a statement with more than ${PREPARE_MAX_PARAMS} parameters`,
      run: () => db.execute(sql`select array[${sql.join(many, sql`, `)}] as many_values`),
      text: 'as many_values',
      prepared: false,
    },
  ])('$label: prepared $prepared', async ({ run, text, prepared }) => {
    await run();
    await run();
    const found = (await preparedTexts()).filter((statement) => statement.includes(text));
    expect(found).toHaveLength(prepared ? 1 : 0);
  });
});

describe('pingDatabase', () => {
  it('answers on either database, asking for a prepared statement where there is one', async () => {
    const source = inject('testDb');
    const database =
      source.kind === 'postgres'
        ? await openDatabase({ kind: 'postgres', url: source.adminUrl, max: 1 }, { migrate: false })
        : await openDatabase({ kind: 'pglite', client: createPglite() }, { migrate: false });
    try {
      await expect(pingDatabase(database.db)).resolves.toBeUndefined();
      const [row] = await runBuiltArrays<[number]>(
        database.db,
        buildOnce(sql`select 1 as ok`),
        {},
        { prepareConstant: true },
      );
      expect(row).toEqual([1]);
    } finally {
      await database.close();
    }
  });
});
