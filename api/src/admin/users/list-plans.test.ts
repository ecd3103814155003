import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../test/test-db';
import { type UserListParams, userListQuery, userSearch } from './user-lists';

/**
 * The admin user lists must stay as fast on a deep page and under a search as on the first
 * page (at 100k accounts). That holds only while PostgreSQL serves them from the
 * indexes: the partial list indexes read in order (no sort of the whole table, the cursor as
 * an index condition) and the trigram index for a search. Checked with EXPLAIN on a table
 * big enough for the planner to prefer them, on both databases.
 */
let database: Database;
const ROWS = 20_000;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`
    insert into users (id, email, first_name, last_name, role, email_verified, disabled, deleted_at, created_at)
    select 'plan' || lpad(g::text, 6, '0'),
           'person' || g || '@example' || (g % 97) || '.test',
           (array['James','Mary','John','Patricia','Robert'])[1 + g % 5] || (g % 1000),
           (array['Smith','Jones','Brown','Taylor','Wilson'])[1 + (g / 5) % 5] || (g % 777),
           case when g % 500 = 0 then 'admin' else 'user' end,
           g % 7 <> 0,
           g % 50 = 0,
           case when g % 101 = 0 then now() else null end,
           timestamptz '2025-01-01T00:00:00Z' + g * interval '37 seconds' + (g % 3) * interval '1 microsecond'
    from generate_series(1, ${ROWS}) g`);
  await database.db.execute(sql`analyze users`);
});
afterAll(async () => {
  await database?.close();
});

async function explain(query: SQL, options: { seqScan?: boolean } = {}): Promise<string> {
  const rows = await database.db.transaction(async (tx) => {
    if (options.seqScan === false) await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql`explain ${query}`);
    return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
      string,
      string
    >[];
  });
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

const plan = (params: UserListParams) => explain(userListQuery(database.db, params).getSQL());

/** A cursor deep into the list: the 15,000th account's created_at and id. */
const DEEP = '2025-01-03T03:23:20.000002Z|plan005000';

describe('the user list queries use the indexes', () => {
  it.each([
    ['all, first page', { filter: 'all' }, 'users_list_idx'],
    ['all, deep page', { filter: 'all', cursor: DEEP }, 'users_list_idx'],
    ['disabled, first page', { filter: 'disabled' }, 'users_disabled_list_idx'],
    ['disabled, deep page', { filter: 'disabled', cursor: DEEP }, 'users_disabled_list_idx'],
    ['unverified, first page', { filter: 'unverified' }, 'users_unverified_list_idx'],
    ['unverified, deep page', { filter: 'unverified', cursor: DEEP }, 'users_unverified_list_idx'],
  ] as const)('%s: reads %s in order, no sort', async (_, params, index) => {
    const text = await plan({ limit: 50, ...params });
    expect(text).toContain(`using ${index} on users`);
    expect(text).not.toMatch(/\bSort\b/);
    expect(text).not.toContain('Seq Scan');
    if ('cursor' in params) expect(text).toMatch(/Index Cond: \(ROW\(created_at, id\) < ROW\(/);
  });

  // A search's cost depends on how rare its words are: at 20,000 rows the planner still
  // prefers a scan for any of them (at 100,000 it picks the trigram index for rare words and
  // the list index for common ones). What must hold is that the trigram index can serve the
  // lists' search condition: with scans of the table ruled out, it is the one way left.
  it.each([
    ['a name', 'Patricia123 Taylor'],
    ['an e-mail part', 'person12345@'],
    ['a role', 'ADMIN'],
  ])('a search by %s can go through the trigram index', async (_, q) => {
    const text = await explain(sql`select id from users where ${userSearch(q)}`, { seqScan: false });
    expect(text).toContain('Bitmap Index Scan on users_search_trgm_idx');
  });
});
