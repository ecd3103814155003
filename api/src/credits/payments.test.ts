import type { TransactionDto, UserDto } from '@ecu/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../db/schema';
import type { SyncChange } from '../sync';
import {
  buyCredits,
  CARD_DECLINED,
  createPayment,
  ledgerOf,
  storedUser,
  totalFor,
} from '../test/credits-helpers';
import { adminUser, newClient, onboardedUser, type TestUser, verifiedUser } from '../test/factories';
import type { ApiClient } from '../test/http-client';
import { startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminUser(server);
});
afterAll(async () => {
  await server?.close();
});

async function me(client: ApiClient): Promise<UserDto> {
  const res = await client.get<UserDto>('/api/auth/getMe');
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

function paymentRowsOf(userId: string) {
  return server.deps.db.select().from(payments).where(eq(payments.userId, userId));
}

async function history(client: ApiClient): Promise<TransactionDto[]> {
  const res = await client.get<TransactionDto[]>('/api/payment/payment-history');
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

describe('POST /api/payment/create-payment', () => {
  it('charges 25 credits at £60 (£1,584.00), credits them once and adds the total to the money spent', async () => {
    const buyer = await verifiedUser(server);
    expect(totalFor('25credits')).toBe(1584);

    const res = await createPayment(buyer.client, '25credits', { amount: 1584 });
    expect(res.status, res.text).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe('Payment Successful');
    const tx = res.body.data.transaction;
    expect(tx).toMatchObject({
      packageId: '25credits',
      credits: 25,
      amount: 1584,
      subtotal: 1320,
      vat: 264,
      currency: 'GBP',
      status: 'Completed',
      failureMessage: null,
      invoiceUrl: `/api/payment/invoice/${tx._id}`,
    });
    expect(tx.serialNo).toMatch(/^SN-\d{6}$/);
    expect(Date.parse(tx.completedAt!)).not.toBeNaN();
    expect(res.body.data.user).toMatchObject({ _id: buyer.user._id, credits: 25, totalMoneySpent: 1584 });

    expect(await me(buyer.client)).toMatchObject({ credits: 25, totalMoneySpent: 1584 });
    const stored = await storedUser(server.deps.db, buyer.user._id);
    expect(stored.credits).toBe(25);
    expect(stored.totalMoneySpentPence).toBe(158400);
    const ledger = await ledgerOf(server.deps.db, buyer.user._id);
    expect(ledger.map((e) => [e.kind, e.delta, e.balanceAfter, e.actorId, e.reference])).toEqual([
      ['purchase', 25, 25, buyer.user._id, `payment:${tx._id}`],
    ]);
    const [row] = await paymentRowsOf(buyer.user._id);
    expect(row).toMatchObject({
      amountPence: 158400,
      subtotalPence: 132000,
      vatPence: 26400,
      provider: 'sandbox',
    });
  });

  it('accepts the amount as a numeric string when it matches', async () => {
    const buyer = await verifiedUser(server);
    const res = await createPayment(buyer.client, '1credit', { amount: '72.00' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.transaction).toMatchObject({ credits: 1, amount: 72, subtotal: 60, vat: 12 });
    expect((await me(buyer.client)).credits).toBe(1);
  });

  describe('refuses a client amount that differs from the server’s total, charging nothing', () => {
    let buyer: TestUser;
    beforeAll(async () => {
      buyer = await verifiedUser(server);
    });

    it.each([
      ['a penny short', 1583.99],
      ['a penny over', 1584.01],
      ['the subtotal without VAT', 1320],
      ['a string that differs', '1583.99'],
      ['a string of another package’s total', '662.40'],
    ])('%s (%s)', async (_, amount) => {
      const res = await createPayment(buyer.client, '25credits', { amount });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        message: 'Amount mismatch',
        errors: [{ path: 'amount', message: 'Amount mismatch' }],
        code: 'validation_failed',
      });
      expect(await paymentRowsOf(buyer.user._id)).toEqual([]);
      expect(await me(buyer.client)).toMatchObject({ credits: 0, totalMoneySpent: 0 });
    });

    it.each([['abc'], [0], [-1584], [null]])('a non-amount (%s) likewise', async (amount) => {
      const res = await createPayment(buyer.client, '25credits', { amount });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Amount mismatch');
      expect(await paymentRowsOf(buyer.user._id)).toEqual([]);
    });
  });

  it('answers 402 for a declined card, records a Failed transaction and leaves the balance alone', async () => {
    const buyer = await verifiedUser(server);
    const res = await createPayment(buyer.client, '10credits', { sourceId: CARD_DECLINED });
    expect(res.status).toBe(402);
    expect(res.body).toEqual({
      success: false,
      message: 'Your card was declined.',
      errors: [{ path: 'sourceId', message: 'Your card was declined.' }],
      code: 'payment_declined',
    });
    const failedId = res.headers.get('x-payment-id');
    expect(failedId).toMatch(/^[0-9a-f-]{36}$/);

    const listed = await history(buyer.client);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      _id: failedId,
      status: 'Failed',
      failureMessage: 'Your card was declined.',
      credits: 10,
      amount: 662.4,
      invoiceUrl: null,
      completedAt: null,
    });
    expect(await me(buyer.client)).toMatchObject({ credits: 0, totalMoneySpent: 0 });
    expect(await ledgerOf(server.deps.db, buyer.user._id)).toEqual([]);

    // The same customer then pays with a good card: only that payment counts.
    await buyCredits(buyer.client, '10credits');
    expect(await me(buyer.client)).toMatchObject({ credits: 10, totalMoneySpent: 662.4 });
  });

  describe('refuses a bad form with 400 and charges nothing', () => {
    let buyer: TestUser;
    beforeAll(async () => {
      buyer = await verifiedUser(server);
    });

    it.each([
      ['an unknown package', { packageId: '5credits' }, 'Choose a credit package'],
      ['no package', { packageId: undefined }, 'Choose a credit package'],
      ['no email', { email: undefined }, 'Please fill all required fields'],
      ['a blank email', { email: '   ' }, 'Please fill all required fields'],
      ['no card holder name', { cardHolderName: undefined }, 'Please fill all required fields'],
      ['an empty card holder name', { cardHolderName: '' }, 'Please fill all required fields'],
      ['no card token', { sourceId: undefined }, 'Card form is not ready'],
      ['an e-mail that is not one', { email: 'not-an-email' }, 'Enter a valid email address'],
    ])('%s', async (_, overrides, message) => {
      const res = await createPayment(buyer.client, '1credit', overrides);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toBe(message);
      expect(res.body.errors?.[0]?.message).toBe(message);
      expect(await paymentRowsOf(buyer.user._id)).toEqual([]);
    });

    it.each([
      ['not JSON', '{"packageId": '],
      ['a JSON array', '[]'],
      ['a JSON string', '"25credits"'],
    ])('a body that is %s', async (_, body) => {
      const res = await buyer.client.request('POST', '/api/payment/create-payment', {
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(/^The request body (is not valid JSON|must be a JSON object)$/);
      expect(await paymentRowsOf(buyer.user._id)).toEqual([]);
    });
  });

  it('charges once for one Idempotency-Key sent twice; the second answer is the first, replayed', async () => {
    const buyer = await verifiedUser(server);
    const headers = { 'Idempotency-Key': 'checkout-0001-retry' };
    const first = await createPayment(buyer.client, '4credits', {}, headers);
    expect(first.status, first.text).toBe(200);
    expect(first.headers.get('idempotent-replay')).toBeNull();

    const second = await createPayment(buyer.client, '4credits', {}, headers);
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replay')).toBe('true');
    expect(second.body).toEqual(first.body);

    expect(await paymentRowsOf(buyer.user._id)).toHaveLength(1);
    expect(await me(buyer.client)).toMatchObject({ credits: 4, totalMoneySpent: 288 });
    expect(await ledgerOf(server.deps.db, buyer.user._id)).toHaveLength(1);

    // A new key is a new purchase.
    const third = await createPayment(buyer.client, '4credits', {}, { 'Idempotency-Key': 'checkout-0002' });
    expect(third.status).toBe(200);
    expect(third.body.data.transaction._id).not.toBe(first.body.data.transaction._id);
    expect((await me(buyer.client)).credits).toBe(8);
  });

  it('charges once when the same Idempotency-Key arrives twice at the same moment', async () => {
    const buyer = await verifiedUser(server);
    const headers = { 'Idempotency-Key': 'checkout-concurrent-1' };
    const answers = await Promise.all([
      createPayment(buyer.client, '2credits', {}, headers),
      createPayment(buyer.client, '2credits', {}, headers),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    // Either the second waits for nothing and is told the first is running, or it is a replay.
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    expect(await paymentRowsOf(buyer.user._id)).toHaveLength(1);
    expect((await me(buyer.client)).credits).toBe(2);
  });

  it('prices at the customer’s own per-credit price once an admin sets it', async () => {
    const buyer = await verifiedUser(server);
    const set = await admin.client.put('/api/admin/updatePerCreditPrice', {
      userId: buyer.user._id,
      creditPrice: 45,
    });
    expect(set.status, set.text).toBe(200);
    expect(totalFor('10credits', 4500)).toBe(496.8);

    const atDefault = await createPayment(buyer.client, '10credits', { amount: 662.4 });
    expect(atDefault.status).toBe(400);
    expect(atDefault.body.message).toBe('Amount mismatch');
    expect(await paymentRowsOf(buyer.user._id)).toEqual([]);

    const res = await createPayment(buyer.client, '10credits', { amount: 496.8 });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.transaction).toMatchObject({ credits: 10, amount: 496.8, subtotal: 414, vat: 82.8 });
    expect(await me(buyer.client)).toMatchObject({ credits: 10, totalMoneySpent: 496.8, perCreditPrice: 45 });
  });

  it.each([
    ['an admin', 403, 'This is for customer accounts'],
    ['a signed-out caller', 401, 'Please sign in to continue'],
    ['an unverified user', 403, 'Verify your email address first'],
  ] as const)('refuses %s (%i) and records nothing', async (who, status, message) => {
    const caller =
      who === 'an admin'
        ? admin
        : who === 'an unverified user'
          ? await onboardedUser(server)
          : { client: newClient(server), user: undefined };
    const before = await server.deps.db.select({ id: payments.id }).from(payments);
    const res = await createPayment(caller.client, '1credit');
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    expect(await server.deps.db.select({ id: payments.id }).from(payments)).toHaveLength(before.length);
    if (caller.user) expect((await storedUser(server.deps.db, caller.user._id)).credits).toBe(0);
  });
});

describe('GET /api/payment/payment-history', () => {
  it('lists only the caller’s payments, newest first', async () => {
    const alice = await verifiedUser(server);
    const bob = await verifiedUser(server);
    const a1 = await buyCredits(alice.client, '1credit');
    const b1 = await buyCredits(bob.client, '2credits');
    const a2 = await buyCredits(alice.client, '3credits');
    const declined = await createPayment(alice.client, '1credit', { sourceId: CARD_DECLINED });
    expect(declined.status).toBe(402);
    const a3 = await buyCredits(alice.client, '48credits', { amount: 2903.04 });

    const aliceList = await history(alice.client);
    expect(aliceList.map((t) => t.status)).toEqual(['Completed', 'Failed', 'Completed', 'Completed']);
    expect(aliceList.map((t) => t._id)).toEqual([
      a3._id,
      declined.headers.get('x-payment-id'),
      a2._id,
      a1._id,
    ]);
    const serials = aliceList.map((t) => Number(t.serialNo.slice(3)));
    expect(serials).toEqual([...serials].sort((x, y) => y - x));
    expect(aliceList[0]).toEqual(a3);
    expect(aliceList.some((t) => t._id === b1._id)).toBe(false);
    for (const t of aliceList) expect(t).not.toHaveProperty('userId');

    expect((await history(bob.client)).map((t) => t._id)).toEqual([b1._id]);
    expect(await me(alice.client)).toMatchObject({ credits: 52, totalMoneySpent: 3191.04 });
  });

  it('is empty for a new customer and refused to an admin and when signed out', async () => {
    const fresh = await verifiedUser(server);
    expect(await history(fresh.client)).toEqual([]);
    const asAdmin = await admin.client.get('/api/payment/payment-history');
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body.message).toBe('This is for customer accounts');
    const signedOut = await newClient(server).get('/api/payment/payment-history');
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.message).toBe('Please sign in to continue');
  });
});

describe('GET /api/sync after a purchase', () => {
  interface SyncPage {
    changes: SyncChange[];
    cursor: string;
    hasMore: boolean;
  }

  async function sync(client: ApiClient, cursor?: string): Promise<SyncPage> {
    const res = await client.get<SyncPage>(cursor ? `/api/sync?cursor=${cursor}` : '/api/sync');
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  }

  it('brings the transactions and the user row with the new balance, and nothing of other users', async () => {
    const buyer = await verifiedUser(server);
    const other = await verifiedUser(server);
    const start = await sync(buyer.client);
    const otherStart = await sync(other.client);

    const bought = await buyCredits(buyer.client, '10credits');
    const declined = await createPayment(buyer.client, '1credit', { sourceId: CARD_DECLINED });
    expect(declined.status).toBe(402);
    const otherBought = await buyCredits(other.client, '1credit');

    const page = await sync(buyer.client, start.cursor);
    const transactions = page.changes.filter((c) => c.entity === 'transaction');
    expect(transactions.map((c) => c.id).sort()).toEqual(
      [bought._id, declined.headers.get('x-payment-id')].sort(),
    );
    const boughtChange = transactions.find((c) => c.id === bought._id)!;
    expect(boughtChange).toMatchObject({ deleted: false, value: bought });
    expect(transactions.find((c) => c.id !== bought._id)?.value).toMatchObject({ status: 'Failed' });

    const userChanges = page.changes.filter((c) => c.entity === 'user');
    expect(userChanges).toHaveLength(1);
    expect(userChanges[0]).toMatchObject({
      id: buyer.user._id,
      value: { credits: 10, totalMoneySpent: 662.4 },
    });

    const all = JSON.stringify([...start.changes, ...page.changes]);
    expect(all).not.toContain(otherBought._id);
    expect(all).not.toContain(other.email);

    const otherPage = await sync(other.client, otherStart.cursor);
    const otherAll = JSON.stringify([...otherStart.changes, ...otherPage.changes]);
    expect(otherAll).toContain(otherBought._id);
    expect(otherAll).not.toContain(bought._id);
    expect(otherAll).not.toContain(buyer.email);

    expect((await sync(buyer.client, page.cursor)).changes).toEqual([]);
  });
});
