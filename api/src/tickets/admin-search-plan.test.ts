import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/test-db';
import { RARE_PLATE, seedSearchTickets } from '../test/ticket-search-seed';
import type { AdminTicketSearch } from './admin-search';
import { adminSearchRows } from './ticket-read';

/**
 * The admin file search must cost about the same at 100k tickets as at 1k, wherever the
 * matches are. With ORDER BY ticket_number DESC LIMIT the planner liked to walk the ticket
 * numbers backwards and filter each ticket, betting the matches are among the newest: a rare
 * term on an old ticket then read the whole table. Checked with EXPLAIN on 100k tickets whose
 * one match is the oldest: the candidates come from the trigram and user indexes, then are
 * ordered.
 */
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedSearchTickets(database.db, { tickets: 100_000, owners: 1_000 });
}, 120_000);
afterAll(async () => {
  await database?.close();
});

const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];

async function explain(query: SQL): Promise<string> {
  const rows = rowsOf(await database.db.execute(sql`explain ${query}`));
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

/** The statement of a page of the searched list, as the route runs it (its rows: ticket, owner, file). */
const page = (search: AdminTicketSearch) => adminSearchRows(database.db, search, 51);

/** The plan of a page of the search, checked to go through the indexes. */
async function expectIndexedPlan(search: AdminTicketSearch): Promise<string> {
  const text = await explain(page(search).getSQL());
  expect(text).toContain('Bitmap Index Scan on tickets_search_trgm_idx');
  expect(text).toContain('Bitmap Index Scan on tickets_user_id_idx');
  expect(text).not.toMatch(/Index Scan Backward using tickets_ticket_number_unique/);
  expect(text).not.toMatch(/Seq Scan on tickets/);
  return text;
}

describe('the admin file search finds its candidates through the indexes', () => {
  it('finds the one old ticket of a rare registration through the trigram index', async () => {
    await expectIndexedPlan({ q: RARE_PLATE });
    const found = await page({ q: RARE_PLATE });
    expect(found.map((r) => r.ticket.registration)).toEqual([RARE_PLATE]);
    const oldest = rowsOf(await database.db.execute(sql`select min(ticket_number) as n from tickets`));
    expect(found[0]!.ticket.ticketNumber).toBe(oldest[0]!.n);
  });

  it('the plate typed without its space, a term of no ticket, a page after a cursor, a status', async () => {
    await expectIndexedPlan({ q: 'xb93ogd' });
    await expectIndexedPlan({ q: 'QQ99 ZZ' });
    await expectIndexedPlan({ q: RARE_PLATE, before: 150_000, status: 'Completed' });
    expect((await page({ q: 'xb93ogd' })).map((r) => r.ticket.registration)).toEqual([RARE_PLATE]);
    expect(await page({ q: 'QQ99 ZZ' })).toEqual([]);
  });

  it("an owner's name: the tickets of the users it matches, newest first", async () => {
    // The owners named Walker7… (Walker76, Walker706, …): 15 owners of 100 tickets each.
    await expectIndexedPlan({ q: 'Walker7' });
    const found = await page({ q: 'Walker7' });
    expect(found).toHaveLength(51);
    const numbers = found.map((r) => r.ticket.ticketNumber);
    const newest = rowsOf(
      await database.db.execute(sql`
        select t.ticket_number from tickets t join users u on u.id = t.user_id
        where u.last_name like 'Walker7%' order by t.ticket_number desc limit 51`),
    ).map((r) => Number(r.ticket_number));
    expect(numbers.sort((a, b) => b - a)).toEqual(newest);
  });
});
