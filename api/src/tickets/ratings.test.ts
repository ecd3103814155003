import type { OverviewDto, TicketDto, TicketRatingDto } from '@ecu/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketRatings } from '../db/schema';
import { adminUser, engineerUser, type TestUser, verifiedUser } from '../test/factories';
import { jobsSettled } from '../test/jobs-settled';
import { startTestServer, type TestServer } from '../test/test-server';
import {
  fileBytes,
  setStatus,
  submitTicket,
  ticketDetails,
  uploadTunedMultipart,
} from '../test/ticket-helpers';

let server: TestServer;
let admin: TestUser;
let engineer: TestUser;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminUser(server);
  [owner, stranger] = await Promise.all([verifiedUser(server), verifiedUser(server)]);
  engineer = await engineerUser(server);
});
afterAll(async () => {
  await server?.close();
});

/** A ticket of the owner, its tuned file uploaded by `by`, then set to `status`. */
async function deliveredTicket(status = 'Unlocked', by: TestUser = admin): Promise<TicketDto> {
  const { ticket } = await submitTicket(owner.client);
  const res = await uploadTunedMultipart(by.client, ticket.ticketNumber, {
    bytes: fileBytes(2048),
    name: 't.bin',
  });
  expect(res.status, res.text).toBe(200);
  if (status !== 'Pending') await setStatus(admin.client, ticket._id, status);
  return ticket;
}

function rate(who: TestUser, body: unknown) {
  return who.client.post<TicketRatingDto>('/api/ecuFile/rate', body);
}

const details = (who: TestUser, ticketNumber: number) => ticketDetails(who.client, ticketNumber);

describe('rating a delivered file', () => {
  it('the owner rates, sees the rating in the details, replaces it; the same rating again changes nothing', async () => {
    const ticket = await deliveredTicket('Unlocked');
    expect((await details(owner, ticket.ticketNumber)).rating).toBeNull();

    const first = await rate(owner, { ticketNumber: ticket.ticketNumber, stars: 4, comment: ' Runs well ' });
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toMatchObject({ stars: 4, comment: 'Runs well' });
    const until = Date.parse(first.body.data.changeableUntil) - Date.parse(first.body.data.ratedAt);
    expect(Math.round(until / 86_400_000)).toBe(30);

    const again = await rate(owner, { ticketNumber: ticket.ticketNumber, stars: 5 });
    expect(again.status, again.text).toBe(200);
    expect((await details(owner, ticket.ticketNumber)).rating).toMatchObject({ stars: 5, comment: null });
    const rows = await server.deps.db
      .select()
      .from(ticketRatings)
      .where(eq(ticketRatings.ticketId, ticket._id));
    expect(rows.map((r) => [r.stars, r.revision])).toEqual([[5, 2]]);

    const same = await rate(owner, { ticketNumber: ticket.ticketNumber, stars: 5, comment: '' });
    expect(same.status).toBe(200);
    expect(same.body.message).toBe('Your rating is unchanged');
    const [row] = await server.deps.db
      .select()
      .from(ticketRatings)
      .where(eq(ticketRatings.ticketId, ticket._id));
    expect(row?.revision).toBe(2);
  });

  it('a Completed ticket with a tuned file may be rated too; the admin view carries no rating', async () => {
    const ticket = await deliveredTicket('Completed');
    expect((await rate(owner, { ticketNumber: ticket.ticketNumber, stars: 3 })).status).toBe(200);
    const res = await admin.client.get<TicketDto>(`/api/ecuFile/getTicketDetails/${ticket.ticketNumber}`);
    expect(res.status).toBe(200);
    expect(res.body.data.rating).toBeUndefined();
  });

  it('refuses what is not the owner’s, not delivered, malformed, or past the change window', async () => {
    const pending = (await submitTicket(owner.client)).ticket;
    const notDelivered = await rate(owner, { ticketNumber: pending.ticketNumber, stars: 5 });
    expect(notDelivered.status, notDelivered.text).toBe(409);
    expect(notDelivered.body.message).toBe('You can rate the file once it is delivered');

    const ticket = await deliveredTicket('Unlocked');
    const others = await rate(stranger, { ticketNumber: ticket.ticketNumber, stars: 1 });
    expect(others.status).toBe(404);
    expect(others.body.message).toBe('Ticket not found');
    expect((await rate(owner, { ticketNumber: 2_000_000_000, stars: 1 })).status).toBe(404);
    // Staff do not rate (the call is the customer's).
    expect((await rate(admin, { ticketNumber: ticket.ticketNumber, stars: 1 })).status).toBe(403);

    for (const body of [
      { ticketNumber: ticket.ticketNumber, stars: 0 },
      { ticketNumber: ticket.ticketNumber, stars: 6 },
      { ticketNumber: ticket.ticketNumber, stars: 'five' },
      { ticketNumber: ticket.ticketNumber },
      { ticketNumber: 'abc', stars: 3 },
      { ticketNumber: ticket.ticketNumber, stars: 3, comment: 'x'.repeat(1001) },
      { ticketNumber: ticket.ticketNumber, stars: 3, comment: 'a\u0000b' },
      [1, 2],
    ]) {
      const res = await rate(owner, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const notJson = await owner.client.request('POST', '/api/ecuFile/rate', {
      body: '{"stars":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect((await details(owner, ticket.ticketNumber)).rating).toBeNull();

    expect((await rate(owner, { ticketNumber: ticket.ticketNumber, stars: 4 })).status).toBe(200);
    await server.deps.db
      .update(ticketRatings)
      .set({ firstRatedAt: sql`now() - interval '31 days'` })
      .where(eq(ticketRatings.ticketId, ticket._id));
    const late = await rate(owner, { ticketNumber: ticket.ticketNumber, stars: 2 });
    expect(late.status, late.text).toBe(409);
    expect((await details(owner, ticket.ticketNumber)).rating?.stars).toBe(4);
  });
});

describe('the delivery mail and low ratings', () => {
  it("the 'file is ready' mail keeps its text and adds one link per star", async () => {
    const ticket = await deliveredTicket('Unlocked');
    const mail = await server.smtp.nextMailAbout(
      owner.email,
      `ticket ${ticket.ticketNumber}: your tuned file is ready`,
    );
    const page = `${server.url.replace(/\/$/, '')}/ticket-details/${ticket.ticketNumber}`;
    expect(mail.text).toContain(`Ticket ${ticket.ticketNumber} is now Unlocked.`);
    expect(mail.text).toContain('Your tuned file is unlocked. Open the ticket to download it.');
    expect(mail.text).toContain('Rate this file:');
    for (const n of [1, 2, 3, 4, 5]) {
      expect(mail.text).toContain(`${page}?rate=${n}`);
      expect(mail.html).toContain(`href="${page}?rate=${n}"`);
    }
    expect(mail.text.indexOf('Open the ticket')).toBeLessThan(mail.text.indexOf('Rate this file'));
  });

  it('a low rating mails each admin once; the same again does not; a new low rating does', async () => {
    const ticket = await deliveredTicket('Unlocked');
    const about = `ticket ${ticket.ticketNumber} was rated`;
    expect(
      (await rate(owner, { ticketNumber: ticket.ticketNumber, stars: 2, comment: 'Limp mode' })).status,
    ).toBe(200);
    const mail = await server.smtp.nextMailAbout(admin.email, about);
    expect(mail.subject).toContain('rated 2 stars');
    expect(mail.text).toContain('Limp mode');
    expect(mail.text).toContain(`/ticket/${ticket.ticketNumber}`);

    expect(
      (await rate(owner, { ticketNumber: ticket.ticketNumber, stars: 2, comment: 'Limp mode' })).status,
    ).toBe(200);
    // A good rating tells nobody.
    expect((await rate(owner, { ticketNumber: ticket.ticketNumber, stars: 4 })).status).toBe(200);
    await jobsSettled(server.deps.jobs);
    expect(server.smtp.pending(admin.email).filter((m) => m.subject.includes(about))).toEqual([]);
    expect(
      server.smtp.received.filter((m) => m.subject.includes(about) && m.to.includes(engineer.email)),
    ).toEqual([]);

    expect((await rate(owner, { ticketNumber: ticket.ticketNumber, stars: 1 })).status).toBe(200);
    expect((await server.smtp.nextMailAbout(admin.email, about)).subject).toContain('rated 1 star');
    await jobsSettled(server.deps.jobs);
    expect(
      server.smtp.received.filter(
        (m) => m.subject.includes(about) && m.to.includes(admin.email.toLowerCase()),
      ),
    ).toHaveLength(2);
  });
});

describe('the overview', () => {
  it('averages the ratings by week (8 weeks to the period’s end) and by the engineer who delivered', async () => {
    const byEngineer = [
      await deliveredTicket('Unlocked', engineer),
      await deliveredTicket('Unlocked', engineer),
    ];
    const byAdmin = await deliveredTicket('Unlocked', admin);
    const given: [TicketDto, number, string][] = [
      [byEngineer[0]!, 5, '2025-03-31T10:00:00Z'], // week of 31 Mar
      [byEngineer[1]!, 2, '2025-04-02T10:00:00Z'], // week of 31 Mar
      [byAdmin, 4, '2025-04-07T10:00:00Z'], // week of 7 Apr
    ];
    for (const [ticket, stars, at] of given) {
      expect((await rate(owner, { ticketNumber: ticket.ticketNumber, stars })).status).toBe(200);
      await server.deps.db
        .update(ticketRatings)
        .set({ ratedAt: new Date(at) })
        .where(eq(ticketRatings.ticketId, ticket._id));
    }
    const res = await admin.client.get<OverviewDto>('/api/admin/overview?from=2025-03-26&to=2025-04-08');
    expect(res.status, res.text).toBe(200);
    const ratings = res.body.data.ratings!;
    expect(ratings.perWeek.map((w) => w.weekStart)).toEqual([
      '2025-02-17',
      '2025-02-24',
      '2025-03-03',
      '2025-03-10',
      '2025-03-17',
      '2025-03-24',
      '2025-03-31',
      '2025-04-07',
    ]);
    expect(ratings.perWeek.slice(-3)).toEqual([
      { weekStart: '2025-03-24', average: null, count: 0 },
      { weekStart: '2025-03-31', average: 3.5, count: 2 },
      { weekStart: '2025-04-07', average: 4, count: 1 },
    ]);
    const name = (u: TestUser) => `${u.user.firstName} ${u.user.lastName}`.trim();
    expect(ratings.byEngineer).toEqual([
      { id: admin.user._id, name: name(admin), average: 4, count: 1 },
      { id: engineer.user._id, name: name(engineer), average: 3.5, count: 2 },
    ]);
    // Engineers do not see the overview's figures.
    expect((await engineer.client.get('/api/admin/overview')).status).toBe(403);
  });
});
