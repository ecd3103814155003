import type { OverviewDto, TransactionDto } from '@ecu/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCreditChange } from '../../credits';
import { creditLedger, payments, ticketEvents, tickets, users } from '../../db/schema';
import { buyCredits, CARD_DECLINED, createPayment } from '../../test/credits-helpers';
import { adminUser, newClient, PROFILE, signUpUser, type TestUser, verifiedUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';
import { setStatus, submitTicket } from '../../test/ticket-helpers';
import { todayIn } from './date-range';

/**
 * Known data around the 2025 spring-forward in London (Sunday 30 March, 01:00 UTC), read for
 * Wednesday 26 March to Tuesday 8 April. Instants are UTC; the comments give London's days.
 */
const RANGE = 'from=2025-03-26&to=2025-04-08';

let server: TestServer;
let admin: TestUser;
let grace: TestUser;
let alan: TestUser;
/** Tickets by name, with the instants they arrived and the statuses they now have. */
const TICKETS = {
  t1: { at: '2025-03-26T10:00:00Z', status: 'In Progress' }, // 26 Mar
  t2: { at: '2025-03-29T23:30:00Z', status: 'Completed' }, // 29 Mar, 23:30 GMT
  t3: { at: '2025-03-30T23:30:00Z', status: 'Unlocked' }, // 31 Mar, 00:30 BST (30 Mar in UTC)
  t4: { at: '2025-04-08T22:59:00Z', status: 'Pending' }, // 8 Apr, 23:59 BST
  t5: { at: '2025-04-08T23:00:00Z', status: 'Pending' }, // 9 Apr, 00:00 BST: after the range
  t6: { at: '2025-03-25T23:59:00Z', status: 'Failed' }, // 25 Mar: before the range
} as const;
const ticketIds = new Map<string, { id: string; ticketNumber: number; owner: TestUser }>();
/** Completed payments by name, moved to the instants given. */
const PAYMENTS = {
  p1: { pkg: '1credit', at: '2025-03-24T09:00:00Z' }, // Monday 24 Mar: before the range, in its first week
  p2: { pkg: '2credits', at: '2025-03-26T12:00:00Z' }, // week of 24 Mar
  p3: { pkg: '3credits', at: '2025-03-30T00:30:00Z' }, // Sunday 30 Mar, 00:30 GMT: week of 24 Mar
  p4: { pkg: '4credits', at: '2025-03-30T23:30:00Z' }, // Monday 31 Mar, 00:30 BST: week of 31 Mar
  p5: { pkg: '10credits', at: '2025-04-07T10:00:00Z' }, // week of 7 Apr
} as const;
const paid = new Map<string, TransactionDto>();

async function moveTicket(id: string, at: string) {
  await server.deps.db
    .update(tickets)
    .set({ createdAt: new Date(at) })
    .where(eq(tickets.id, id));
}

async function movePayment(id: string, at: string) {
  await server.deps.db
    .update(payments)
    .set({ createdAt: new Date(at) })
    .where(eq(payments.id, id));
}

async function moveUser(id: string, at: string, deleted = false) {
  await server.deps.db
    .update(users)
    .set({ createdAt: new Date(at), ...(deleted ? { deletedAt: new Date() } : {}) })
    .where(eq(users.id, id));
}

async function ledgerEntry(
  userId: string,
  kind: 'download_charge' | 'refund' | 'admin_adjustment',
  delta: number,
  at: string,
) {
  const { entryId } = await applyCreditChange(server.deps.db, { userId, actorId: null, kind, delta });
  // The ledger is append-only (migration 0006): back-dating a row for a test lifts the rule
  // inside one transaction only.
  await server.deps.db.transaction(async (tx) => {
    await tx.execute(sql`alter table credit_ledger disable trigger credit_ledger_append_only`);
    await tx
      .update(creditLedger)
      .set({ createdAt: new Date(at) })
      .where(eq(creditLedger.id, entryId));
    await tx.execute(sql`alter table credit_ledger enable trigger credit_ledger_append_only`);
  });
}

beforeAll(async () => {
  server = await startTestServer();
  [admin, grace, alan] = await Promise.all([
    adminUser(server),
    verifiedUser(server, { ...PROFILE, firstName: 'Grace', lastName: 'Hopper' }),
    verifiedUser(server, { ...PROFILE, firstName: 'Alan', lastName: 'Turing' }),
  ]);
  for (const [name, t] of Object.entries(TICKETS)) {
    const owner = name === 't4' ? alan : grace;
    const { ticket } = await submitTicket(owner.client, { fields: { make: 'Audi', model: name } });
    if (t.status !== 'Pending') await setStatus(admin.client, ticket._id, t.status);
    await moveTicket(ticket._id, t.at);
    ticketIds.set(name, { id: ticket._id, ticketNumber: ticket.ticketNumber, owner });
  }
  for (const [name, p] of Object.entries(PAYMENTS)) {
    const payment = await buyCredits(alan.client, p.pkg);
    await movePayment(payment._id, p.at);
    paid.set(name, payment);
  }
  const declined = await createPayment(alan.client, '1credit', { sourceId: CARD_DECLINED });
  expect(declined.status).toBe(402);
  await movePayment(declined.headers.get('x-payment-id')!, '2025-04-01T12:00:00Z');

  await ledgerEntry(alan.user._id, 'download_charge', -3, '2025-04-02T10:00:00Z');
  await ledgerEntry(alan.user._id, 'refund', 1, '2025-04-03T10:00:00Z');
  await ledgerEntry(alan.user._id, 'download_charge', -2, '2025-04-20T10:00:00Z'); // after the range
  await ledgerEntry(alan.user._id, 'admin_adjustment', -1, '2025-04-02T11:00:00Z'); // not spending

  const gone = await signUpUser(server);
  await moveUser(grace.user._id, '2025-03-27T10:00:00Z');
  await moveUser(alan.user._id, '2025-04-08T22:30:00Z'); // 8 Apr, 23:30 BST
  await moveUser(gone.user._id, '2025-04-01T10:00:00Z', true); // deleted: not counted
});
afterAll(async () => {
  await server?.close();
});

async function overviewOf(query: string): Promise<OverviewDto> {
  const res = await admin.client.get<OverviewDto>(`/api/admin/overview?${query}`);
  expect(res.status, res.text).toBe(200);
  expect(res.body.message).toBe('Overview');
  return res.body.data;
}

function sumOf(names: (keyof typeof PAYMENTS)[], field: 'amount' | 'vat' | 'credits'): number {
  return (
    Math.round(names.reduce((s, n) => s + paid.get(n)![field] * (field === 'credits' ? 1 : 100), 0)) /
    (field === 'credits' ? 1 : 100)
  );
}

describe('GET /api/admin/overview', () => {
  it('counts the files delivered in the period and those delivered automatically', async () => {
    const event = (name: keyof typeof TICKETS, kind: string, detail: object, at: string) => ({
      ticketId: ticketIds.get(name)!.id,
      kind,
      actorId: null,
      detail,
      createdAt: new Date(at),
    });
    const before = (await overviewOf(RANGE)).totals;
    await server.deps.db.insert(ticketEvents).values([
      // By hand, in the range.
      event('t1', 'status_changed', { from: 'In Progress', to: 'Unlocked' }, '2025-04-01T10:00:00Z'),
      // Automatically, in the range: its Unlocked and its history line.
      event(
        't2',
        'status_changed',
        { from: 'Pending', to: 'Unlocked', automatic: true },
        '2025-04-02T10:00:00Z',
      ),
      event('t2', 'auto_delivered', { solutionIds: [1] }, '2025-04-02T10:00:00Z'),
      // Not a delivery; and an automatic one after the range.
      event('t4', 'status_changed', { from: 'Pending', to: 'Completed' }, '2025-04-03T10:00:00Z'),
      event(
        't5',
        'status_changed',
        { from: 'Pending', to: 'Unlocked', automatic: true },
        '2025-04-20T10:00:00Z',
      ),
      event('t5', 'auto_delivered', { solutionIds: [1] }, '2025-04-20T10:00:00Z'),
    ]);
    const after = (await overviewOf(RANGE)).totals;
    expect(after.delivered - before.delivered).toBe(2);
    expect(after.deliveredAutomatically - before.deliveredAutomatically).toBe(1);
    const later = (await overviewOf('from=2025-04-20&to=2025-04-20')).totals;
    expect(later).toMatchObject({ delivered: 1, deliveredAutomatically: 1 });
  });

  it('counts files per London day, zeros included, across the change to summer time', async () => {
    const o = await overviewOf(RANGE);
    expect(o.from).toBe('2025-03-26');
    expect(o.to).toBe('2025-04-08');
    expect(o.timeZone).toBe('Europe/London');
    expect(o.filesPerDay).toHaveLength(14);
    const counts = Object.fromEntries(o.filesPerDay.map((d) => [d.date, d.count]));
    expect(counts).toEqual({
      '2025-03-26': 1,
      '2025-03-27': 0,
      '2025-03-28': 0,
      '2025-03-29': 1,
      '2025-03-30': 0,
      '2025-03-31': 1,
      '2025-04-01': 0,
      '2025-04-02': 0,
      '2025-04-03': 0,
      '2025-04-04': 0,
      '2025-04-05': 0,
      '2025-04-06': 0,
      '2025-04-07': 0,
      '2025-04-08': 1,
    });
    expect(o.filesPerDay.map((d) => d.date)).toEqual(Object.keys(counts));
    expect(o.totals.files).toBe(4);
  });

  it('sums completed payments per ISO week (Monday, London time) and in total', async () => {
    const o = await overviewOf(RANGE);
    expect(o.revenuePerWeek).toEqual([
      {
        weekStart: '2025-03-24',
        amount: sumOf(['p2', 'p3'], 'amount'),
        vat: sumOf(['p2', 'p3'], 'vat'),
        payments: 2,
      },
      { weekStart: '2025-03-31', amount: sumOf(['p4'], 'amount'), vat: sumOf(['p4'], 'vat'), payments: 1 },
      { weekStart: '2025-04-07', amount: sumOf(['p5'], 'amount'), vat: sumOf(['p5'], 'vat'), payments: 1 },
    ]);
    const inRange = ['p2', 'p3', 'p4', 'p5'] as const;
    expect(o.totals.revenue).toBe(sumOf([...inRange], 'amount'));
    expect(o.totals.vat).toBe(sumOf([...inRange], 'vat'));
    expect(o.totals.creditsSold).toBe(2 + 3 + 4 + 10);
    // Known figures at £60 a credit with 20% VAT: 2 credits are £120 + £24.
    expect(o.revenuePerWeek[0]!.amount).toBe(144 + 216);
  });

  it('nets credits spent (download charges less refunds) and counts new accounts that still exist', async () => {
    const o = await overviewOf(RANGE);
    expect(o.totals.creditsSpent).toBe(3 - 1);
    expect(o.totals.newUsers).toBe(2);
  });

  it('shows what waits now, by status, and the oldest waiting files with their owners', async () => {
    const before = Date.now();
    const o = await overviewOf(RANGE);
    const after = Date.now();
    expect(o.waitingByStatus).toEqual([
      { status: 'Pending', count: 2 },
      { status: 'In Progress', count: 1 },
      { status: 'Completed', count: 1 },
    ]);
    expect(o.oldestWaiting.map((t) => t.model)).toEqual(['t1', 't4', 't5']);
    const t1 = o.oldestWaiting[0]!;
    expect(t1).toMatchObject({
      ticketNumber: ticketIds.get('t1')!.ticketNumber,
      make: 'Audi',
      status: 'In Progress',
      createdAt: '2025-03-26T10:00:00.000Z',
      owner: { _id: grace.user._id, firstName: 'Grace', lastName: 'Hopper', email: grace.email },
    });
    const arrived = Date.parse(t1.createdAt);
    expect(t1.waitingMinutes).toBeGreaterThanOrEqual(Math.floor((before - arrived) / 60_000));
    expect(t1.waitingMinutes).toBeLessThanOrEqual(Math.floor((after - arrived) / 60_000));
    expect(o.oldestWaiting[1]!.owner.email).toBe(alan.email);
  });

  it('reads days in the time zone of the working hours', async () => {
    const hours = { timeZone: 'America/New_York', week: [], holidays: [] };
    const saved = await admin.client.put('/api/admin/settings', { hours });
    expect(saved.status, saved.text).toBe(200);
    const o = await overviewOf(RANGE);
    expect(o.timeZone).toBe('America/New_York');
    const nonZero = o.filesPerDay.filter((d) => d.count > 0);
    // 23:30 UTC is 19:30 in New York: t3 falls on 30 March and t5 on 8 April.
    expect(nonZero).toEqual([
      { date: '2025-03-26', count: 1 },
      { date: '2025-03-29', count: 1 },
      { date: '2025-03-30', count: 1 },
      { date: '2025-04-08', count: 2 },
    ]);
    expect(o.revenuePerWeek.map((w) => [w.weekStart, w.payments])).toEqual([
      ['2025-03-24', 3],
      ['2025-03-31', 0],
      ['2025-04-07', 1],
    ]);
    const restored = await admin.client.put('/api/admin/settings', {
      hours: { timeZone: 'Europe/London', week: [], holidays: [] },
    });
    expect(restored.status).toBe(200);
  });

  it('defaults to the 30 days up to today', async () => {
    const o = await overviewOf('');
    const today = todayIn('Europe/London');
    expect(o.to).toBe(today);
    expect(o.filesPerDay).toHaveLength(30);
    expect(o.filesPerDay.at(-1)!.date).toBe(today);
    expect(o.from).toBe(o.filesPerDay[0]!.date);
    const single = await overviewOf('from=2025-03-31&to=2025-03-31');
    expect(single.filesPerDay).toEqual([{ date: '2025-03-31', count: 1 }]);
    expect(single.revenuePerWeek).toHaveLength(1);
  });

  it.each([
    [
      'an end before the start',
      'from=2025-04-08&to=2025-03-26',
      'from',
      'The start date must be on or before the end date',
    ],
    ['a date that is not one', 'from=2025-02-30&to=2025-03-26', 'from', 'Use a real calendar date'],
    ['words', 'from=yesterday', 'from', 'Use a date like 2026-01-31'],
    ['more than two years', 'from=2020-01-01&to=2025-01-01', 'to', 'Choose a range of at most two years'],
    ['a start years ago, up to today', 'from=2020-01-01', 'to', 'Choose a range of at most two years'],
  ])('refuses %s with 400', async (_, query, path, message) => {
    const res = await admin.client.get(`/api/admin/overview?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors?.[0]).toEqual({ path, message });
  });

  it('refuses signed-out callers (401) and users (403)', async () => {
    const signedOut = await newClient(server).get(`/api/admin/overview?${RANGE}`);
    expect(signedOut.status).toBe(401);
    const user = await grace.client.get(`/api/admin/overview?${RANGE}`);
    expect(user.status).toBe(403);
    expect(user.body.message).toBe('Only admins can do this');
    expect(user.body.data).toBeUndefined();
  });
});
