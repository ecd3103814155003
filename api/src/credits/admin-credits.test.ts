import type { TransactionDto, UserDto } from '@ecu/shared';
import { desc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, users } from '../db/schema';
import { buyCredits, CARD_DECLINED, createPayment, ledgerOf, storedUser } from '../test/credits-helpers';
import { adminUser, newClient, PROFILE, type TestUser, verifiedUser } from '../test/factories';
import type { ApiClient } from '../test/http-client';
import { startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
let admin: TestUser;
/** Two payers with names of their own, and the payments they made (6, one of them Failed). */
let alice: TestUser;
let bob: TestUser;
let alicePayments: TransactionDto[];
let bobPayments: TransactionDto[];

beforeAll(async () => {
  server = await startTestServer();
  [admin, alice, bob] = await Promise.all([
    adminUser(server),
    verifiedUser(server, { ...PROFILE, firstName: 'Alicia', lastName: 'Quartermaine' }),
    verifiedUser(server, { ...PROFILE, firstName: 'Bartholomew', lastName: 'Zebedee' }),
  ]);
  // One after the other, so that the serial numbers follow this order.
  alicePayments = [await buyCredits(alice.client, '1credit')];
  bobPayments = [await buyCredits(bob.client, '1credit')];
  alicePayments.push(await buyCredits(alice.client, '2credits'));
  const declined = await createPayment(bob.client, '4credits', { sourceId: CARD_DECLINED });
  expect(declined.status).toBe(402);
  bobPayments.push((await bob.client.get('/api/payment/payment-history')).body.data[0]);
  alicePayments.push(await buyCredits(alice.client, '3credits'));
  bobPayments.push(await buyCredits(bob.client, '2credits'));
});
afterAll(async () => {
  await server?.close();
});

interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

async function list<T>(client: ApiClient, path: string): Promise<Page<T>> {
  const res = await client.get<T[]>(path);
  expect(res.status, res.text).toBe(200);
  expect(res.body.success).toBe(true);
  return { data: res.body.data, nextCursor: res.body.nextCursor ?? null };
}

/** Every page of a list, following nextCursor; fails on a loop. */
async function allPages<T>(client: ApiClient, path: string, limit: number): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const page: Page<T> = await list<T>(
      client,
      `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    pages.push(page.data);
    cursor = page.nextCursor;
    expect(pages.length).toBeLessThan(100);
  } while (cursor);
  return pages;
}

const serialOf = (t: TransactionDto) => Number(t.serialNo.slice(3));

describe('PUT /api/admin/updateUserCredits', () => {
  it('applies +1, +5, -1 and reset, each with a ledger entry naming the admin and the note', async () => {
    const target = await verifiedUser(server);
    const steps = [
      [1, 1, 'Goodwill'],
      [5, 6, 'Bank transfer 2025-01'],
      [-1, 5, undefined],
      ['reset', 0, 'Chargeback'],
    ] as const;
    for (const [credits, balance, note] of steps) {
      const res = await admin.client.put<UserDto>('/api/admin/updateUserCredits', {
        userId: target.user._id,
        credits,
        ...(note ? { note } : {}),
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.message).toBe('Credits updated');
      expect(res.body.data).toMatchObject({ _id: target.user._id, credits: balance });
    }
    expect((await target.client.get('/api/auth/getMe')).body.data.credits).toBe(0);

    const ledger = await ledgerOf(server.deps.db, target.user._id);
    expect(ledger.map((e) => [e.kind, e.delta, e.balanceAfter, e.actorId, e.note, e.reference])).toEqual([
      ['admin_adjustment', 1, 1, admin.user._id, 'Goodwill', `admin:${admin.user._id}`],
      ['admin_adjustment', 5, 6, admin.user._id, 'Bank transfer 2025-01', `admin:${admin.user._id}`],
      ['admin_adjustment', -1, 5, admin.user._id, null, `admin:${admin.user._id}`],
      ['admin_reset', -5, 0, admin.user._id, 'Chargeback', `admin:${admin.user._id}`],
    ]);
  });

  it('answers 400 "The balance cannot go below zero" for -1 at zero, and writes nothing', async () => {
    const target = await verifiedUser(server);
    const res = await admin.client.put('/api/admin/updateUserCredits', {
      userId: target.user._id,
      credits: -1,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      message: 'The balance cannot go below zero',
      errors: [],
      code: 'bad_request',
    });
    expect((await storedUser(server.deps.db, target.user._id)).credits).toBe(0);
    expect(await ledgerOf(server.deps.db, target.user._id)).toEqual([]);

    // A reset at zero is allowed and harmless.
    const reset = await admin.client.put('/api/admin/updateUserCredits', {
      userId: target.user._id,
      credits: 'reset',
    });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body.data.credits).toBe(0);
  });

  describe('refuses other values with 400', () => {
    let target: TestUser;
    beforeAll(async () => {
      target = await verifiedUser(server);
    });

    it.each([[2], ['5'], [null], [0], [-5], [1.5], ['RESET'], [undefined], [[1]]])(
      'credits %j',
      async (credits) => {
        const res = await admin.client.put('/api/admin/updateUserCredits', {
          userId: target.user._id,
          credits,
        });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          success: false,
          message: 'credits must be 1, 5, -1 or "reset"',
          errors: [{ path: 'credits', message: 'credits must be 1, 5, -1 or "reset"' }],
          code: 'validation_failed',
        });
        expect(await ledgerOf(server.deps.db, target.user._id)).toEqual([]);
      },
    );

    it('a note over 500 characters', async () => {
      const res = await admin.client.put('/api/admin/updateUserCredits', {
        userId: target.user._id,
        credits: 1,
        note: 'x'.repeat(501),
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('The note is at most 500 characters');
      expect(await ledgerOf(server.deps.db, target.user._id)).toEqual([]);
    });
  });

  it('answers 404 for an unknown user and 400 without one', async () => {
    const unknown = await admin.client.put('/api/admin/updateUserCredits', {
      userId: 'no-such-user',
      credits: 1,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('User not found');
    const missing = await admin.client.put('/api/admin/updateUserCredits', { credits: 1 });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('userId is required');
  });

  it('applies a double click (one Idempotency-Key, sent twice or at once) once, and replays the answer', async () => {
    const target = await verifiedUser(server);
    const body = { userId: target.user._id, credits: 5 };
    const headers = { headers: { 'idempotency-key': 'admin-credit-click-0001' } };
    const [a, b] = await Promise.all([
      admin.client.put<UserDto>('/api/admin/updateUserCredits', body, headers),
      admin.client.put<UserDto>('/api/admin/updateUserCredits', body, headers),
    ]);
    expect([a.status, b.status].sort()).toContainEqual(200);
    const again = await admin.client.put<UserDto>('/api/admin/updateUserCredits', body, headers);
    expect(again.status, again.text).toBe(200);
    expect(again.headers.get('idempotent-replay')).toBe('true');
    expect(again.body.data.credits).toBe(5);
    expect((await storedUser(server.deps.db, target.user._id)).credits).toBe(5);
    expect(await ledgerOf(server.deps.db, target.user._id)).toHaveLength(1);

    // The same key for another change is refused; a new key is a new click.
    const other = await admin.client.put('/api/admin/updateUserCredits', { ...body, credits: 1 }, headers);
    expect(other.status).toBe(422);
    const next = await admin.client.put<UserDto>('/api/admin/updateUserCredits', body, {
      headers: { 'idempotency-key': 'admin-credit-click-0002' },
    });
    expect(next.body.data.credits).toBe(10);
    expect(await ledgerOf(server.deps.db, target.user._id)).toHaveLength(2);
  });
});

describe('PUT /api/admin/updatePerCreditPrice', () => {
  let target: TestUser;
  beforeAll(async () => {
    target = await verifiedUser(server);
  });

  it.each([[''], ['   '], [0], [-5], ['abc'], [null], [undefined], [59.999], [true], [[45]], [{}], [1e9]])(
    'refuses creditPrice %j with 400 "Enter a valid price" and keeps the price',
    async (creditPrice) => {
      const res = await admin.client.put('/api/admin/updatePerCreditPrice', {
        userId: target.user._id,
        creditPrice,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        message: 'Enter a valid price',
        errors: [{ path: 'creditPrice', message: 'Enter a valid price' }],
        code: 'validation_failed',
      });
      expect((await storedUser(server.deps.db, target.user._id)).perCreditPricePence).toBe(6000);
    },
  );

  it('stores 59.99 and shows it as perCreditPrice 59.99, to the admin and to the user', async () => {
    const res = await admin.client.put<UserDto>('/api/admin/updatePerCreditPrice', {
      userId: target.user._id,
      creditPrice: 59.99,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('Credit price updated!');
    expect(res.body.data).toMatchObject({ _id: target.user._id, perCreditPrice: 59.99 });
    expect((await storedUser(server.deps.db, target.user._id)).perCreditPricePence).toBe(5999);
    expect((await target.client.get('/api/auth/getMe')).body.data.perCreditPrice).toBe(59.99);
    const found = await list<UserDto>(
      admin.client,
      `/api/admin/getAllUsers?q=${encodeURIComponent(target.email)}`,
    );
    expect(found.data.map((u) => [u._id, u.perCreditPrice])).toEqual([[target.user._id, 59.99]]);

    // The form sends what was typed: a numeric string counts too.
    const typed = await admin.client.put('/api/admin/updatePerCreditPrice', {
      userId: target.user._id,
      creditPrice: ' 45.5 ',
    });
    expect(typed.status, typed.text).toBe(200);
    expect(typed.body.data.perCreditPrice).toBe(45.5);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await admin.client.put('/api/admin/updatePerCreditPrice', {
      userId: 'no-such-user',
      creditPrice: 50,
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('User not found');
  });
});

describe('GET /api/admin/getAllTransactionHistory', () => {
  it('lists every payment newest first with the payer nested as userId', async () => {
    const { data, nextCursor } = await list<TransactionDto>(
      admin.client,
      '/api/admin/getAllTransactionHistory',
    );
    expect(nextCursor).toBeNull();
    const ours = [...alicePayments, ...bobPayments];
    expect(data.map((t) => t._id).sort()).toEqual(ours.map((t) => t._id).sort());
    const serials = data.map(serialOf);
    expect(serials).toEqual([...serials].sort((a, b) => b - a));
    for (const t of data) {
      const payer = alicePayments.some((p) => p._id === t._id) ? alice : bob;
      expect(t.userId).toEqual({
        _id: payer.user._id,
        firstName: payer.user.firstName,
        lastName: payer.user.lastName,
        email: payer.email,
      });
      const own = ours.find((p) => p._id === t._id)!;
      expect({ ...t, userId: undefined }).toEqual({ ...own, userId: undefined });
    }
    expect(data.filter((t) => t.status === 'Failed')).toHaveLength(1);
  });

  it.each([1, 2, 4])('pages with limit=%i through all of them, no duplicates and no gaps', async (limit) => {
    const pages = await allPages<TransactionDto>(admin.client, '/api/admin/getAllTransactionHistory', limit);
    expect(pages.every((p) => p.length <= limit)).toBe(true);
    expect(pages.slice(0, -1).every((p) => p.length === limit)).toBe(true);
    const paged = pages.flat().map((t) => t._id);
    const stored = await server.deps.db
      .select({ id: payments.id })
      .from(payments)
      .orderBy(desc(payments.serialNo));
    expect(stored.length).toBeGreaterThanOrEqual(5);
    expect(paged).toEqual(stored.map((r) => r.id));
  });

  it('finds a payment by its serial number, written in full or as the bare number', async () => {
    const second = [...alicePayments, ...bobPayments].find((t) => t.serialNo === 'SN-000002');
    expect(second).toBeDefined();
    for (const q of ['SN-000002', 'sn-000002', 'SN2']) {
      const { data } = await list<TransactionDto>(
        admin.client,
        `/api/admin/getAllTransactionHistory?q=${encodeURIComponent(q)}`,
      );
      expect(data.map((t) => t.serialNo)).toEqual(['SN-000002']);
    }
    // A bare '2' is also a substring search over e-mails and names: SN-000002 must be there,
    // and anything else must contain a '2' where the admin can see it.
    const { data } = await list<TransactionDto>(admin.client, '/api/admin/getAllTransactionHistory?q=2');
    expect(data.map((t) => t.serialNo)).toContain('SN-000002');
    for (const t of data.filter((x) => x.serialNo !== 'SN-000002')) {
      expect(`${t.userId?.email} ${t.userId?.firstName} ${t.userId?.lastName}`).toContain('2');
    }
  });

  it('finds the payments of one payer by e-mail or name, case-insensitively', async () => {
    for (const q of [alice.email, alice.email.toUpperCase(), 'quarterMAINE', 'Alicia']) {
      const { data } = await list<TransactionDto>(
        admin.client,
        `/api/admin/getAllTransactionHistory?q=${encodeURIComponent(q)}`,
      );
      expect(data.map((t) => t._id)).toEqual(alicePayments.map((t) => t._id).reverse());
    }
    const { data } = await list<TransactionDto>(
      admin.client,
      `/api/admin/getAllTransactionHistory?q=${encodeURIComponent(bob.email)}`,
    );
    expect(data.map((t) => t._id)).toEqual(bobPayments.map((t) => t._id).reverse());
  });

  it('finds payments by status', async () => {
    const failed = await list<TransactionDto>(admin.client, '/api/admin/getAllTransactionHistory?q=failed');
    expect(failed.data.map((t) => [t.status, t.userId?.email])).toEqual([['Failed', bob.email]]);
    const completed = await list<TransactionDto>(
      admin.client,
      '/api/admin/getAllTransactionHistory?q=Completed',
    );
    expect(completed.data).toHaveLength(5);
    expect(completed.data.every((t) => t.status === 'Completed')).toBe(true);
  });

  it('pages through a search too', async () => {
    const pages = await allPages<TransactionDto>(
      admin.client,
      `/api/admin/getAllTransactionHistory?q=${encodeURIComponent(alice.email)}`,
      2,
    );
    expect(pages.map((p) => p.length)).toEqual([2, 1]);
    expect(pages.flat().map((t) => t._id)).toEqual(alicePayments.map((t) => t._id).reverse());
  });

  it.each([
    ['a cursor beyond any serial number', 'cursor=99999999999999999999', 6],
    ['a cursor just past the 32-bit range', 'cursor=2147483648', 6],
    ['a serial number beyond the 32-bit range', 'q=SN-3000000000', 0],
    ['a cursor that is not a number', 'cursor=abc', 6],
  ])('answers %s without an error', async (_, query, count) => {
    const { data } = await list<TransactionDto>(admin.client, `/api/admin/getAllTransactionHistory?${query}`);
    expect(data).toHaveLength(count);
  });

  it.each([['limit=0'], ['limit=201'], ['limit=abc'], ['limit=1.5']])(
    'refuses %s with 400',
    async (query) => {
      const res = await admin.client.get(`/api/admin/getAllTransactionHistory?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.errors?.[0]?.path).toBe('limit');
    },
  );
});

describe('GET /api/admin/getAllUsers', () => {
  it('pages through every account, newest first, no duplicates and no gaps', async () => {
    const pages = await allPages<UserDto>(admin.client, '/api/admin/getAllUsers', 2);
    const paged = pages.flat();
    const stored = await server.deps.db.select({ id: users.id }).from(users).where(isNull(users.deletedAt));
    expect(stored.length).toBeGreaterThanOrEqual(5);
    expect(new Set(paged.map((u) => u._id)).size).toBe(paged.length);
    expect(paged.map((u) => u._id).sort()).toEqual(stored.map((u) => u.id).sort());
    const times = paged.map((u) => Date.parse(u.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(paged.at(-1)!._id).toBe(admin.user._id);
  });

  it('pages correctly through accounts created in the same millisecond', async () => {
    const trio = await Promise.all(
      [0, 1, 2].map(() => verifiedUser(server, { ...PROFILE, lastName: 'Sametime' })),
    );
    const ids = trio.map((t) => t.user._id);
    // Sign-ups a few microseconds apart (as under load), then exactly at the same instant.
    for (const stamps of [
      ['2024-05-01T10:00:00.123300Z', '2024-05-01T10:00:00.123200Z', '2024-05-01T10:00:00.123100Z'],
      ['2024-05-01T10:00:00.123Z', '2024-05-01T10:00:00.123Z', '2024-05-01T10:00:00.123Z'],
    ]) {
      for (const [i, id] of ids.entries()) {
        await server.deps.db.execute(
          sql`update users set created_at = ${stamps[i]}::timestamptz where id = ${id}`,
        );
      }
      const pages = await allPages<UserDto>(admin.client, '/api/admin/getAllUsers?q=sametime', 1);
      expect(
        pages
          .flat()
          .map((u) => u._id)
          .sort(),
      ).toEqual([...ids].sort());
    }
  });

  it('finds accounts by e-mail, first or last name and role, case-insensitively', async () => {
    const byEmail = await list<UserDto>(
      admin.client,
      `/api/admin/getAllUsers?q=${encodeURIComponent(bob.email)}`,
    );
    expect(byEmail.data.map((u) => u._id)).toEqual([bob.user._id]);
    const byFirst = await list<UserDto>(admin.client, '/api/admin/getAllUsers?q=bartholomew');
    expect(byFirst.data.map((u) => u._id)).toEqual([bob.user._id]);
    const byLast = await list<UserDto>(admin.client, '/api/admin/getAllUsers?q=QUARTER');
    expect(byLast.data.map((u) => u._id)).toEqual([alice.user._id]);
    const admins = await list<UserDto>(admin.client, '/api/admin/getAllUsers?q=ADMIN');
    expect(admins.data.map((u) => [u._id, u.role])).toEqual([[admin.user._id, 'admin']]);
    const customers = await list<UserDto>(admin.client, '/api/admin/getAllUsers?q=user');
    const stored = await server.deps.db.select({ id: users.id }).from(users).where(eq(users.role, 'user'));
    expect(customers.data.map((u) => u._id).sort()).toEqual(stored.map((u) => u.id).sort());
    const none = await list<UserDto>(admin.client, '/api/admin/getAllUsers?q=nobody-by-this-name');
    expect(none).toEqual({ data: [], nextCursor: null });
  });

  it('takes % and _ in a search literally', async () => {
    const percent = await list<UserDto>(admin.client, '/api/admin/getAllUsers?q=%25');
    expect(percent).toEqual({ data: [], nextCursor: null });
    const underscore = await list<UserDto>(admin.client, '/api/admin/getAllUsers?q=_');
    expect(underscore.data.every((u) => `${u.email}${u.firstName}${u.lastName}`.includes('_'))).toBe(true);
    const history = await list<TransactionDto>(admin.client, '/api/admin/getAllTransactionHistory?q=%25');
    expect(history).toEqual({ data: [], nextCursor: null });
  });

  it.each(['99999|x', '+099999-01-01T00:00:00.000Z|x', 'garbage', '2026-99-99T00:00:00Z|x'])(
    'treats the cursor %j as the first page, never a 500',
    async (cursor) => {
      const first = await list<UserDto>(admin.client, '/api/admin/getAllUsers?limit=2');
      const res = await list<UserDto>(
        admin.client,
        `/api/admin/getAllUsers?limit=2&cursor=${encodeURIComponent(cursor)}`,
      );
      expect(res.data.map((u) => u._id)).toEqual(first.data.map((u) => u._id));
    },
  );

  it('shows the money spent and the balance of each account', async () => {
    const { data } = await list<UserDto>(
      admin.client,
      `/api/admin/getAllUsers?q=${encodeURIComponent(alice.email)}`,
    );
    // 1 + 2 + 3 credits at £60 with VAT: £72 + £144 + £216.
    expect(data[0]).toMatchObject({ credits: 6, totalMoneySpent: 432, perCreditPrice: 60 });
    expect((await storedUser(server.deps.db, alice.user._id)).totalMoneySpentPence).toBe(43200);
  });
});

describe('every admin endpoint refuses everyone but admins', () => {
  const calls = [
    ['GET', '/api/admin/getAllTransactionHistory'],
    ['GET', '/api/admin/getAllUsers'],
    ['PUT', '/api/admin/updateUserCredits'],
    ['PUT', '/api/admin/updatePerCreditPrice'],
    ['POST', '/api/admin/disableUser'],
    ['POST', '/api/admin/activeUser'],
  ] as const;

  it.each(calls)('%s %s: 403 for a user, 401 signed out', async (method, path) => {
    const caller = await verifiedUser(server);
    const body = { userId: caller.user._id, credits: 5, creditPrice: 1 };
    const options = method === 'GET' ? {} : { json: body };

    const asUser = await caller.client.request(method, path, options);
    expect(asUser.status).toBe(403);
    expect(asUser.body).toEqual({
      success: false,
      message: 'Only admins can do this',
      errors: [],
      code: 'not_admin',
    });

    const signedOut = await newClient(server).request(method, path, options);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual({
      success: false,
      message: 'Please sign in to continue',
      errors: [],
      code: 'unauthorized',
    });

    const after = await storedUser(server.deps.db, caller.user._id);
    expect([after.credits, after.perCreditPricePence, after.disabled]).toEqual([0, 6000, false]);
    expect(await ledgerOf(server.deps.db, caller.user._id)).toEqual([]);
  });
});

describe('malformed bodies get the 400 envelope, never a 500', () => {
  it.each([
    ['not JSON', '{"userId": '],
    ['a JSON array', '[1, 5]'],
    ['a JSON string', '"reset"'],
    ['JSON null', 'null'],
    ['a JSON number', '5'],
  ])('%s', async (_, body) => {
    for (const path of ['/api/admin/updateUserCredits', '/api/admin/updatePerCreditPrice']) {
      const res = await admin.client.request('PUT', path, {
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        message: expect.stringMatching(/^The request body (is not valid JSON|must be a JSON object)$/),
        errors: [],
        code: 'bad_request',
      });
    }
  });

  it('an empty body counts as {} and names the missing field', async () => {
    const res = await admin.client.request('PUT', '/api/admin/updateUserCredits', {});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('userId is required');
  });
});
