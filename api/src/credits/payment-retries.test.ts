import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, payments } from '../db/schema';
import { allowConsoleErrors } from '../test/console-guard';
import { createPayment, ledgerOf, storedUser } from '../test/credits-helpers';
import { verifiedUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import type { ChargeRequest, PaymentProvider } from './payments/provider';
import { sandboxProvider } from './payments/sandbox-provider';

/**
 * The sandbox behind a wire that can lose answers: the charge is made (the card is charged),
 * then the answer never arrives, as when the connection to Stripe breaks after the request.
 */
function lossyProvider() {
  const inner = sandboxProvider();
  const calls: ChargeRequest[] = [];
  const charged = new Set<string>();
  let loseNext = 0;
  const provider: PaymentProvider = {
    name: 'sandbox',
    async charge(request) {
      calls.push(request);
      const result = await inner.charge(request);
      if (result.providerPaymentId) charged.add(result.providerPaymentId);
      if (loseNext > 0) {
        loseNext -= 1;
        throw new Error('socket hang up');
      }
      return result;
    },
    retrieve: (id) => inner.retrieve(id),
    parseWebhook: (raw, signature) => inner.parseWebhook(raw, signature),
  };
  return {
    provider,
    calls,
    /** Distinct charges the card provider made (a retried idempotency key is not a new one). */
    charged,
    loseAnswers(count: number) {
      loseNext = count;
    },
    reset() {
      calls.length = 0;
      charged.clear();
      loseNext = 0;
    },
  };
}

const wire = lossyProvider();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ payments: wire.provider });
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => wire.reset());

function paymentRowsOf(userId: string) {
  return server.deps.db.select().from(payments).where(eq(payments.userId, userId));
}

describe('create-payment retried under one Idempotency-Key', () => {
  it('makes one payment and one charge when the first answer was lost (502) and the buyer retries', async () => {
    allowConsoleErrors();
    const buyer = await verifiedUser(server);
    const headers = { 'Idempotency-Key': 'checkout-lost-answer-1' };
    wire.loseAnswers(1);
    const first = await createPayment(buyer.client, '4credits', {}, headers);
    expect(first.status, first.text).toBe(502);

    const retry = await createPayment(buyer.client, '4credits', {}, headers);
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.data.transaction.status).toBe('Completed');

    const rows = await paymentRowsOf(buyer.user._id);
    expect(rows).toHaveLength(1);
    expect(retry.body.data.transaction._id).toBe(rows[0]!.id);
    // The provider heard the same key twice and charged the card once.
    expect(wire.calls.map((c) => c.idempotencyKey)).toEqual([
      `payment-${rows[0]!.id}`,
      `payment-${rows[0]!.id}`,
    ]);
    expect(wire.charged.size).toBe(1);
    expect((await storedUser(server.deps.db, buyer.user._id)).credits).toBe(4);
    expect(await ledgerOf(server.deps.db, buyer.user._id)).toHaveLength(1);

    // And from now on the key answers the first result, without asking the provider again.
    const replay = await createPayment(buyer.client, '4credits', {}, headers);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replay')).toBe('true');
    expect(replay.body).toEqual(retry.body);
    expect(wire.calls).toHaveLength(2);
  });

  it('does not charge a day-old Pending payment again under its key (the provider may have forgotten it)', async () => {
    allowConsoleErrors();
    const buyer = await verifiedUser(server);
    const headers = { 'Idempotency-Key': 'checkout-a-day-later' };
    wire.loseAnswers(1);
    expect((await createPayment(buyer.client, '1credit', {}, headers)).status).toBe(502);
    await server.deps.db
      .update(payments)
      .set({ createdAt: sql`now() - interval '24 hours'` })
      .where(eq(payments.userId, buyer.user._id));

    const late = await createPayment(buyer.client, '1credit', {}, headers);
    expect(late.status, late.text).toBe(410);
    expect(late.body.message).toMatch(
      /^This checkout is too old to be tried again; nothing more was charged/,
    );
    expect(wire.calls).toHaveLength(1);
    const [row] = await paymentRowsOf(buyer.user._id);
    expect(row!.status).toBe('Pending');
  });

  it('answers a retry of an already completed payment with that payment, charging nothing more', async () => {
    const buyer = await verifiedUser(server);
    const key = 'checkout-answer-not-kept';
    const first = await createPayment(buyer.client, '2credits', {}, { 'Idempotency-Key': key });
    expect(first.status, first.text).toBe(200);
    // The kept answer is gone (as after a crash between the charge and keeping the answer).
    await server.deps.db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, buyer.user._id), eq(idempotencyKeys.key, key)));

    const again = await createPayment(buyer.client, '2credits', {}, { 'Idempotency-Key': key });
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.transaction._id).toBe(first.body.data.transaction._id);
    expect(await paymentRowsOf(buyer.user._id)).toHaveLength(1);
    expect(wire.calls).toHaveLength(1);
    expect((await storedUser(server.deps.db, buyer.user._id)).credits).toBe(2);
  });

  it('answers 422 to the same key with another body, and charges nothing for it', async () => {
    const buyer = await verifiedUser(server);
    const headers = { 'Idempotency-Key': 'checkout-other-body' };
    expect((await createPayment(buyer.client, '1credit', {}, headers)).status).toBe(200);

    const other = await createPayment(buyer.client, '2credits', {}, headers);
    expect(other.status, other.text).toBe(422);
    expect(other.body).toEqual({
      success: false,
      message: 'This Idempotency-Key was used for another request',
      errors: [],
      code: 'idempotency_key_reused',
    });
    expect(await paymentRowsOf(buyer.user._id)).toHaveLength(1);
    expect(wire.calls).toHaveLength(1);
    expect((await storedUser(server.deps.db, buyer.user._id)).credits).toBe(1);
  });

  it('keeps keys per user: another buyer with the same key gets a payment of their own', async () => {
    const [a, b] = [await verifiedUser(server), await verifiedUser(server)];
    const headers = { 'Idempotency-Key': 'checkout-same-key-two-users' };
    const first = await createPayment(a.client, '1credit', {}, headers);
    const second = await createPayment(b.client, '1credit', {}, headers);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get('idempotent-replay')).toBeNull();
    expect(second.body.data.transaction._id).not.toBe(first.body.data.transaction._id);
    expect((await storedUser(server.deps.db, b.user._id)).credits).toBe(1);
  });

  it('runs a key again once its first request was abandoned while processing, still as one payment', async () => {
    const buyer = await verifiedUser(server);
    const key = 'checkout-abandoned-1';
    const headers = { 'Idempotency-Key': key };
    // A process took the key and died before it answered.
    const first = await createPayment(buyer.client, '1credit', {}, headers);
    expect(first.status).toBe(200);
    const where = and(eq(idempotencyKeys.userId, buyer.user._id), eq(idempotencyKeys.key, key));
    const [kept] = await server.deps.db.select().from(idempotencyKeys).where(where);
    await server.deps.db
      .update(idempotencyKeys)
      .set({ status: null, body: { request: (kept!.body as { request: string }).request } })
      .where(where);

    const busy = await createPayment(buyer.client, '1credit', {}, headers);
    expect(busy.status, busy.text).toBe(409);
    expect(busy.body.message).toBe('The same request is still being processed');

    await server.deps.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '10 minutes'` })
      .where(where);
    const taken = await createPayment(buyer.client, '1credit', {}, headers);
    expect(taken.status, taken.text).toBe(200);
    expect(taken.body.data.transaction._id).toBe(first.body.data.transaction._id);
    expect(await paymentRowsOf(buyer.user._id)).toHaveLength(1);
    expect((await storedUser(server.deps.db, buyer.user._id)).credits).toBe(1);
    const [after] = await server.deps.db.select().from(idempotencyKeys).where(where);
    expect(after!.status).toBe(200);
  });
});
