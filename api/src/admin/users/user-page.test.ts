import type {
  AdminUserDetailDto,
  AuditEntryDto,
  LedgerEntryDto,
  TicketSummaryDto,
  TransactionDto,
} from '@ecu/shared';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, payments } from '../../db/schema';
import { buyCredits } from '../../test/credits-helpers';
import { adminUser, type TestUser, verifiedUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';
import { submitTicket } from '../../test/ticket-helpers';

let server: TestServer;
let admin: TestUser;
let tuner: TestUser;
let paid: TransactionDto[];
let ticketNumbers: number[];

beforeAll(async () => {
  server = await startTestServer();
  let other: TestUser;
  [admin, tuner, other] = await Promise.all([adminUser(server), verifiedUser(server), verifiedUser(server)]);
  paid = [];
  for (const pack of ['1credit', '2credits', '1credit']) paid.push(await buyCredits(tuner.client, pack));
  await buyCredits(other.client, '1credit');
  for (let i = 1; i <= 25; i += 1) {
    const res = await admin.client.put('/api/admin/updateUserCredits', {
      userId: tuner.user._id,
      credits: 1,
      note: `Adjustment ${i}`,
    });
    expect(res.status, res.text).toBe(200);
  }
  ticketNumbers = [];
  for (let i = 0; i < 3; i += 1) ticketNumbers.push((await submitTicket(tuner.client)).ticket.ticketNumber);
  await submitTicket(other.client);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

interface ListAnswer<T> {
  data: T[];
  nextCursor: string | null;
}

async function sublist<T>(name: string, query = ''): Promise<ListAnswer<T>> {
  const res = await admin.client.get<T[]>(`/api/admin/users/${tuner.user._id}/${name}${query}`);
  expect(res.status, res.text).toBe(200);
  return { data: res.body.data, nextCursor: res.body.nextCursor ?? null };
}

/** Every row of a sub-list, following nextCursor from the start (or from `cursor`). */
async function follow<T>(name: string, limit: number, cursor: string | null = null): Promise<T[][]> {
  const pages: T[][] = [];
  do {
    const query = `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page: ListAnswer<T> = await sublist<T>(name, query);
    pages.push(page.data);
    cursor = page.nextCursor;
    expect(pages.length).toBeLessThan(50);
  } while (cursor);
  return pages;
}

describe('GET /api/admin/users/:userId', () => {
  it('opens with the profile and the first 20 rows of each list, newest first', async () => {
    const res = await admin.client.get<AdminUserDetailDto>(`/api/admin/users/${tuner.user._id}`);
    expect(res.status, res.text).toBe(200);
    const page = res.body.data;
    expect(page.user).toMatchObject({ _id: tuner.user._id, email: tuner.email, credits: 4 + 25 });
    expect(page.deletedAt).toBeNull();
    expect(page.ledger).toHaveLength(20);
    expect(page.ledgerNextCursor).not.toBeNull();
    expect(page.ledger[0]).toMatchObject({
      kind: 'admin_adjustment',
      delta: 1,
      balanceAfter: 29,
      note: 'Adjustment 25',
      actor: { _id: admin.user._id, email: admin.email },
    });
    expect(page.payments.map((p) => p._id)).toEqual(paid.map((p) => p._id).reverse());
    expect(page.paymentsNextCursor).toBeNull();
    expect(page.tickets.map((t) => t.ticketNumber)).toEqual([...ticketNumbers].reverse());
    expect(page.ticketsNextCursor).toBeNull();
    expect(Object.keys(page.tickets[0]!).sort()).toEqual(
      [
        '_id',
        'createdAt',
        'creditsNeed',
        'make',
        'model',
        'registration',
        'status',
        'ticketNumber',
        'year',
      ].sort(),
    );
    expect(page.audit).toHaveLength(20);
    expect(page.auditNextCursor).not.toBeNull();
    expect(page.audit[0]).toMatchObject({ action: 'user.credits', after: { credits: 29, delta: 1 } });
  });

  it('pages on through the ledger from the first page: every entry once, with a running balance', async () => {
    const first = (await admin.client.get<AdminUserDetailDto>(`/api/admin/users/${tuner.user._id}`)).body
      .data;
    const rest = (await follow<LedgerEntryDto>('ledger', 20, first.ledgerNextCursor)).flat();
    const all = [...first.ledger, ...rest];
    const stored = await server.deps.db
      .select({ id: creditLedger.id })
      .from(creditLedger)
      .where(eq(creditLedger.userId, tuner.user._id))
      .orderBy(desc(creditLedger.id));
    expect(all.map((e) => e.id)).toEqual(stored.map((e) => e.id));
    expect(all).toHaveLength(28);
    for (const [newer, older] of all.slice(0, -1).map((e, i) => [e, all[i + 1]!] as const)) {
      expect(newer.balanceAfter).toBe(older.balanceAfter + newer.delta);
    }
    expect(all.at(-1)).toMatchObject({
      kind: 'purchase',
      delta: 1,
      balanceAfter: 1,
      actor: { _id: tuner.user._id },
    });
  });

  it.each([
    ['ledger', 3, 28],
    ['payments', 1, 3],
    ['tickets', 2, 3],
    ['audit', 7, 25],
  ])('pages /%s by %i: each row once, newest first', async (name, limit, total) => {
    const pages = await follow<{ id?: number; _id?: string }>(name, limit);
    const rows = pages.flat();
    expect(rows).toHaveLength(total);
    expect(pages.slice(0, -1).every((p) => p.length === limit)).toBe(true);
    const keys = rows.map((r) => r.id ?? r._id);
    expect(new Set(keys).size).toBe(total);
    const stamps = rows.map((r) => Date.parse((r as { createdAt: string }).createdAt));
    expect(stamps).toEqual([...stamps].sort((a, b) => b - a));
  });

  it('pages payments made in the very same microsecond without loss or repeat', async () => {
    await server.deps.db.execute(
      sql`update payments set created_at = '2026-01-01T12:00:00.123456Z' where user_id = ${tuner.user._id}`,
    );
    const rows = (await follow<TransactionDto>('payments', 1)).flat();
    expect(rows.map((p) => p._id).sort()).toEqual(paid.map((p) => p._id).sort());
    const stored = await server.deps.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.userId, tuner.user._id))
      .orderBy(desc(payments.createdAt), desc(payments.id));
    expect(rows.map((p) => p._id)).toEqual(stored.map((p) => p.id));
  });

  it('shows the audit trail with who did what', async () => {
    const audit = (await follow<AuditEntryDto>('audit', 50)).flat();
    expect(audit.at(-1)).toMatchObject({
      action: 'user.credits',
      actor: { _id: admin.user._id },
      targetType: 'user',
      targetId: tuner.user._id,
      before: { credits: 4 },
      after: { credits: 5, delta: 1, note: 'Adjustment 1' },
    });
  });

  it.each(['ledger', 'payments', 'tickets', 'audit'])(
    '/%s starts from the first page for a cursor it never handed out',
    async (name) => {
      const first = await sublist<TicketSummaryDto>(name, '?limit=2');
      for (const cursor of [
        'garbage',
        '99999999999999999999',
        '-1',
        '2026-01-01T00:00:00Z|not-a-uuid',
        '2026-02-30T00:00:00Z|00000000-0000-4000-8000-000000000000',
      ]) {
        const res = await sublist<TicketSummaryDto>(name, `?limit=2&cursor=${encodeURIComponent(cursor)}`);
        expect(res.data).toEqual(first.data);
      }
    },
  );

  it.each(['limit=0', 'limit=201', 'limit=x'])('refuses %s with 400', async (query) => {
    const res = await admin.client.get(`/api/admin/users/${tuner.user._id}/ledger?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.path).toBe('limit');
  });

  it.each(['', '/ledger', '/payments', '/tickets', '/audit'])(
    'answers 404 for an unknown account and 400 for a malformed id (%s)',
    async (suffix) => {
      const unknown = await admin.client.get(`/api/admin/users/no-such-user${suffix}`);
      expect([unknown.status, unknown.body.message]).toEqual([404, 'User not found']);
      const malformed = await admin.client.get(`/api/admin/users/${'x'.repeat(65)}${suffix}`);
      expect([malformed.status, malformed.body.message]).toEqual([400, 'userId is too long']);
      const nul = await admin.client.get(`/api/admin/users/a%00b${suffix}`);
      expect(nul.status).toBe(400);
    },
  );
});
