import type { TicketDto } from '@ecu/shared';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../db/schema';
import { adminUser, type TestUser, verifiedUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import { fileBytes, submitTicket, uploadTunedMultipart } from '../test/ticket-helpers';
import { ticketDtos } from './queries';
import { myTicketsPageJson, NO_TICKET_CURSOR, ticketPageJson, ticketPageStatement } from './ticket-json';

let server: TestServer;
let tuner: TestUser;
let admin: TestUser;

/** The reference: the rows mapped in JavaScript by toTicketDto (ticket-dto.ts). */
async function mapped(owner: boolean): Promise<TicketDto[]> {
  const rows = await server.deps.db
    .select()
    .from(tickets)
    .where(eq(tickets.userId, tuner.user._id))
    .orderBy(desc(tickets.ticketNumber));
  return ticketDtos(server.deps.db, rows, owner);
}

beforeAll(async () => {
  server = await startTestServer();
  tuner = await verifiedUser(server);
  admin = await adminUser(server);
  // No files but the ECU file; several additional files stored in one transaction (same
  // created_at); two tuned files (the newest is shown); charged, and charged then refunded.
  await submitTicket(tuner.client);
  const withCommon = await submitTicket(tuner.client, { commonSizes: [10, 20, 30] });
  const tuned = await submitTicket(tuner.client, { fields: { notes: 'Ünïcödé "quotes" \\ and\nnew line' } });
  for (const name of ['first.bin', 'second.bin']) {
    const res = await uploadTunedMultipart(admin.client, tuned.ticket.ticketNumber, {
      bytes: fileBytes(64),
      name,
    });
    expect(res.status).toBe(200);
  }
  const charged = await submitTicket(tuner.client);
  await server.deps.db
    .update(tickets)
    .set({ chargedAt: sql`now()` })
    .where(eq(tickets.id, charged.ticket._id));
  await server.deps.db
    .update(tickets)
    .set({ chargedAt: sql`now()`, refundedAt: sql`now()` })
    .where(eq(tickets.id, withCommon.ticket._id));
});
afterAll(() => server?.close());

describe('ticket JSON built by the database', () => {
  it('is what the JavaScript mapping makes, key for key and in the same order', async () => {
    const expected = await mapped(false);
    expect(expected).toHaveLength(4);
    const page = await myTicketsPageJson(server.deps.db, {
      userId: tuner.user._id,
      before: NO_TICKET_CURSOR,
      limit: 10,
    });
    expect(page.json).toBe(JSON.stringify(expected));
    expect(page.nextCursor).toBeNull();
    const common = expected.find((t) => t.commonFiles.length === 3)!;
    expect(common.commonFiles.map((f) => f.size)).toEqual([10, 20, 30]);
    expect(expected.map((t) => t.charged)).toEqual([true, false, false, false]);
  });

  it('shows the owner for admins, and pages any selection of tickets', async () => {
    const expected = await mapped(true);
    const all = await ticketPageJson(
      server.deps.db,
      ticketPageStatement(
        sql`select * from tickets where user_id = ${tuner.user._id} order by ticket_number desc limit 11`,
        { owner: true },
      ),
      {},
      { limit: 10, owner: true },
    );
    expect(all.json).toBe(JSON.stringify(expected));
    // Placeholders are bound at each run.
    const oldestStatement = ticketPageStatement(
      sql`select * from tickets where user_id = ${sql.placeholder('userId')}
          order by ticket_number asc limit ${sql.placeholder('rows')}`,
      { owner: true },
    );
    const oldest = await ticketPageJson(
      server.deps.db,
      oldestStatement,
      { userId: tuner.user._id, rows: 2 },
      { limit: 1, owner: true },
    );
    // Whatever order the selection has, the page is its newest `limit` tickets, newest first;
    // the extra row says more follow, after the page's last ticket number.
    expect(JSON.parse(oldest.json)).toEqual(expected.slice(-2, -1));
    expect(oldest.nextCursor).toBe(String(expected.at(-2)!.ticketNumber));
  });

  it('pages by ticket number with a cursor only when more follow', async () => {
    const expected = await mapped(false);
    const first = await myTicketsPageJson(server.deps.db, {
      userId: tuner.user._id,
      before: NO_TICKET_CURSOR,
      limit: 3,
    });
    expect(JSON.parse(first.json)).toEqual(expected.slice(0, 3));
    expect(first.nextCursor).toBe(String(expected[2]!.ticketNumber));
    const rest = await myTicketsPageJson(server.deps.db, {
      userId: tuner.user._id,
      before: Number(first.nextCursor),
      limit: 3,
    });
    expect(JSON.parse(rest.json)).toEqual(expected.slice(3));
    expect(rest.nextCursor).toBeNull();
    const none = await myTicketsPageJson(server.deps.db, {
      userId: 'nobody',
      before: NO_TICKET_CURSOR,
      limit: 3,
    });
    expect(none).toEqual({ json: '[]', nextCursor: null });
  });
});
