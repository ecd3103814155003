import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowConsoleErrors } from '../../test/console-guard';
import { verifiedUser } from '../../test/factories';
import {
  type FakePaymentIntent,
  type FakeStripe,
  paymentIntentEvent,
  startFakeStripe,
} from '../../test/fake-stripe';
import { startTestServer, type TestServer } from '../../test/test-server';
import { stripeProvider } from './stripe-provider';

const WEBHOOK_SECRET = 'whsec_test';

let fake: FakeStripe;
let server: TestServer;

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: 'sk_test_webhooks' });
  server = await startTestServer({
    payments: stripeProvider({
      secretKey: fake.secretKey,
      publishableKey: 'pk_test_webhooks',
      webhookSecret: WEBHOOK_SECRET,
      api: fake.api,
      maxNetworkRetries: 0,
    }),
  });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

type Buyer = Awaited<ReturnType<typeof verifiedUser>>;

/** 25 credits at the default £60: £1,584.00 with VAT. */
function buy(buyer: Buyer, sourceId: string) {
  return buyer.client.post('/api/payment/create-payment', {
    packageId: '25credits',
    amount: 1584,
    sourceId,
    email: buyer.email,
    cardHolderName: 'Ada Lovelace',
  });
}

async function balance(buyer: Buyer): Promise<{ credits: number; totalMoneySpent: number }> {
  const me = await buyer.client.get('/api/auth/getMe');
  expect(me.status, me.text).toBe(200);
  return { credits: me.body.data.credits, totalMoneySpent: me.body.data.totalMoneySpent };
}

async function paymentStatus(buyer: Buyer, paymentId: string): Promise<string | undefined> {
  const history = await buyer.client.get('/api/payment/payment-history');
  expect(history.status, history.text).toBe(200);
  return (history.body.data as { _id: string; status: string }[]).find((t) => t._id === paymentId)?.status;
}

function intentFor(paymentId: string): FakePaymentIntent {
  const intent = [...fake.intents.values()].find((i) => i.metadata.paymentId === paymentId);
  if (!intent) throw new Error(`The fake Stripe has no PaymentIntent for payment ${paymentId}`);
  return intent;
}

/** Stripe's POST to the webhook: the body as signed, the Stripe-Signature header. */
async function deliver(payload: string, signature: string | null) {
  const res = await fetch(`${server.url}/api/payment/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature !== null ? { 'stripe-signature': signature } : {}),
    },
    body: payload,
  });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as { success: boolean; message: string } };
}

function sign(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
  });
}

/** An event signed with the webhook secret and delivered. */
function sendEvent(event: object) {
  const payload = JSON.stringify(event);
  return deliver(payload, sign(payload));
}

/** An event about the PaymentIntent as it is now, signed and delivered. */
function send(type: string, intent: FakePaymentIntent) {
  return sendEvent(paymentIntentEvent(type, intent));
}

/** A purchase stopped at 3-D Secure: 202 with the client secret, nothing credited yet. */
async function purchaseAwaitingBank(buyer: Buyer) {
  const res = await buy(buyer, 'pm_card_threeDSecure2Required');
  expect(res.status, res.text).toBe(202);
  const paymentId: string = res.body.data.transaction._id;
  return { res, paymentId, intent: intentFor(paymentId) };
}

describe('POST /api/payment/create-payment with Stripe', () => {
  it('charges pm_card_visa through the SDK and credits 25 credits and £1,584.00 spent', async () => {
    const buyer = await verifiedUser(server);
    const res = await buy(buyer, 'pm_card_visa');
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('Payment Successful');
    expect(res.body.data.status).toBe('completed');
    expect(res.body.data.transaction).toMatchObject({ status: 'Completed', credits: 25, amount: 1584 });
    expect(res.body.data.user).toMatchObject({ credits: 25, totalMoneySpent: 1584 });
    expect(await balance(buyer)).toEqual({ credits: 25, totalMoneySpent: 1584 });

    const paymentId: string = res.body.data.transaction._id;
    const call = fake.createRequests().find((r) => r.form['metadata[paymentId]'] === paymentId);
    expect(call?.form).toMatchObject({
      amount: '158400',
      currency: 'gbp',
      payment_method: 'pm_card_visa',
      confirm: 'true',
      receipt_email: buyer.email,
    });
    expect(call?.idempotencyKey).toBe(`payment-${paymentId}`);
    expect(call?.authorization).toBe('Bearer sk_test_webhooks');
    expect(intentFor(paymentId).status).toBe('succeeded');
  });

  it('answers a declined card with 402 and the card message, and leaves the balance as it was', async () => {
    const buyer = await verifiedUser(server);
    expect((await buy(buyer, 'pm_card_visa')).status).toBe(200);

    const res = await buy(buyer, 'pm_card_chargeDeclined');
    expect(res.status, res.text).toBe(402);
    expect(res.body.message).toBe('Your card was declined.');
    expect(res.body.errors).toEqual([{ path: 'sourceId', message: 'Your card was declined.' }]);
    const paymentId = res.headers.get('x-payment-id')!;
    expect(await paymentStatus(buyer, paymentId)).toBe('Failed');
    expect(await balance(buyer)).toEqual({ credits: 25, totalMoneySpent: 1584 });
  });

  it('answers 3-D Secure with 202 and the client secret, and credits nothing yet', async () => {
    const buyer = await verifiedUser(server);
    const { res, paymentId, intent } = await purchaseAwaitingBank(buyer);
    expect(res.body.message).toBe('Confirm the payment with your bank');
    expect(res.body.data.status).toBe('requires_action');
    expect(res.body.data.clientSecret).toBe(intent.client_secret);
    expect(res.body.data.transaction.status).toBe('Pending');
    expect(await paymentStatus(buyer, paymentId)).toBe('Pending');
    expect(await balance(buyer)).toEqual({ credits: 0, totalMoneySpent: 0 });
  });

  it('answers 502 when Stripe’s answer is lost, keeps the payment Pending, and the webhook credits it later', async () => {
    const logged = allowConsoleErrors();
    const buyer = await verifiedUser(server);
    fake.dropNextAnswers(2); // the request and the SDK's one retry of a closed connection
    const res = await buy(buyer, 'pm_card_visa');
    fake.dropNextAnswers(0);
    expect(res.status, res.text).toBe(502);
    expect(res.body.message).toMatch(/^Payment error: we could not reach the card provider/);
    expect(logged.some((line) => line.includes('the provider could not be reached'))).toBe(true);
    expect(await balance(buyer)).toEqual({ credits: 0, totalMoneySpent: 0 });

    // Stripe did charge the card; its webhook names our payment in the metadata.
    const history = await buyer.client.get('/api/payment/payment-history');
    const [pending] = history.body.data as { _id: string; status: string }[];
    expect(pending?.status).toBe('Pending');
    const intent = intentFor(pending!._id);
    expect(intent.status).toBe('succeeded');
    expect((await send('payment_intent.succeeded', intent)).status).toBe(200);
    expect(await paymentStatus(buyer, pending!._id)).toBe('Completed');
    expect(await balance(buyer)).toEqual({ credits: 25, totalMoneySpent: 1584 });
  });
});

describe('POST /api/payment/webhook (Stripe events)', () => {
  it('credits a 3-D Secure payment exactly once on a signed payment_intent.succeeded', async () => {
    const buyer = await verifiedUser(server);
    const { paymentId, intent } = await purchaseAwaitingBank(buyer);
    fake.succeed(intent.id);

    const res = await send('payment_intent.succeeded', intent);
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('Received');
    expect(await paymentStatus(buyer, paymentId)).toBe('Completed');
    expect(await balance(buyer)).toEqual({ credits: 25, totalMoneySpent: 1584 });
  });

  it('credits once when Stripe delivers the same event five times, some at the same moment', async () => {
    const buyer = await verifiedUser(server);
    const { paymentId, intent } = await purchaseAwaitingBank(buyer);
    fake.succeed(intent.id);
    const payload = JSON.stringify(paymentIntentEvent('payment_intent.succeeded', intent));
    const header = sign(payload);

    const first = await Promise.all([
      deliver(payload, header),
      deliver(payload, header),
      deliver(payload, header),
    ]);
    const later = [await deliver(payload, header), await deliver(payload, header)];
    expect([...first, ...later].map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await paymentStatus(buyer, paymentId)).toBe('Completed');
    expect(await balance(buyer)).toEqual({ credits: 25, totalMoneySpent: 1584 });
  });

  it('keeps a payment Completed when payment_failed arrives after succeeded', async () => {
    const buyer = await verifiedUser(server);
    const { paymentId, intent } = await purchaseAwaitingBank(buyer);
    const failedEvent = paymentIntentEvent('payment_intent.payment_failed', fake.fail(intent.id));
    const succeededEvent = paymentIntentEvent('payment_intent.succeeded', fake.succeed(intent.id));

    expect((await sendEvent(succeededEvent)).status).toBe(200);
    expect((await sendEvent(failedEvent)).status).toBe(200);
    expect(await paymentStatus(buyer, paymentId)).toBe('Completed');
    expect(await balance(buyer)).toEqual({ credits: 25, totalMoneySpent: 1584 });
  });

  it('credits once for succeeded, payment_failed, succeeded', async () => {
    const buyer = await verifiedUser(server);
    const { paymentId, intent } = await purchaseAwaitingBank(buyer);
    const failedEvent = paymentIntentEvent('payment_intent.payment_failed', fake.fail(intent.id));
    const succeededEvent = paymentIntentEvent('payment_intent.succeeded', fake.succeed(intent.id));

    for (const event of [succeededEvent, failedEvent, succeededEvent]) {
      const res = await sendEvent(event);
      expect(res.status, res.text).toBe(200);
    }
    expect(await paymentStatus(buyer, paymentId)).toBe('Completed');
    expect(await balance(buyer)).toEqual({ credits: 25, totalMoneySpent: 1584 });
  });

  it('marks a payment Failed on payment_failed, and still credits it once when a later attempt succeeds', async () => {
    const buyer = await verifiedUser(server);
    const { paymentId, intent } = await purchaseAwaitingBank(buyer);

    expect((await send('payment_intent.payment_failed', fake.fail(intent.id))).status).toBe(200);
    expect(await paymentStatus(buyer, paymentId)).toBe('Failed');
    expect(await balance(buyer)).toEqual({ credits: 0, totalMoneySpent: 0 });

    expect((await send('payment_intent.succeeded', fake.succeed(intent.id))).status).toBe(200);
    expect((await send('payment_intent.succeeded', intent)).status).toBe(200);
    expect(await paymentStatus(buyer, paymentId)).toBe('Completed');
    expect(await balance(buyer)).toEqual({ credits: 25, totalMoneySpent: 1584 });
  });

  it('refuses a signature made with another secret: 400 and nothing credited', async () => {
    const buyer = await verifiedUser(server);
    const { paymentId, intent } = await purchaseAwaitingBank(buyer);
    const payload = JSON.stringify(paymentIntentEvent('payment_intent.succeeded', fake.succeed(intent.id)));

    const res = await deliver(payload, sign(payload, { secret: 'whsec_attacker' }));
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toBe('Invalid webhook signature');
    expect(await paymentStatus(buyer, paymentId)).toBe('Pending');
    expect(await balance(buyer)).toEqual({ credits: 0, totalMoneySpent: 0 });
  });

  it('refuses a missing, malformed or stale signature', async () => {
    const buyer = await verifiedUser(server);
    const { paymentId, intent } = await purchaseAwaitingBank(buyer);
    const payload = JSON.stringify(paymentIntentEvent('payment_intent.succeeded', fake.succeed(intent.id)));
    const stale = sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 });

    for (const signature of [null, '', 'nonsense', 't=1,v1=00', stale]) {
      const res = await deliver(payload, signature);
      expect(res.status, `${signature}: ${res.text}`).toBe(400);
      expect(res.body.message).toBe('Invalid webhook signature');
    }
    expect(await paymentStatus(buyer, paymentId)).toBe('Pending');
    expect(await balance(buyer)).toEqual({ credits: 0, totalMoneySpent: 0 });
  });

  it('refuses a tampered body under a genuine signature', async () => {
    const buyer = await verifiedUser(server);
    const { paymentId, intent } = await purchaseAwaitingBank(buyer);
    // Stripe signed a harmless event; someone turns it into a success for this payment.
    const genuine = JSON.stringify(paymentIntentEvent('payment_intent.created', intent));
    const header = sign(genuine);
    const tampered = genuine.replace('"type":"payment_intent.created"', '"type":"payment_intent.succeeded"');
    expect(tampered).not.toBe(genuine);

    const res = await deliver(tampered, header);
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toBe('Invalid webhook signature');
    expect(await paymentStatus(buyer, paymentId)).toBe('Pending');
    expect(await balance(buyer)).toEqual({ credits: 0, totalMoneySpent: 0 });
    // The untouched event is accepted (and ignored: it is not a payment outcome).
    expect((await deliver(genuine, header)).status).toBe(200);
    expect(await paymentStatus(buyer, paymentId)).toBe('Pending');
  });

  it('does not credit a succeeded event whose amount differs from the payment', async () => {
    const logged = allowConsoleErrors();
    const buyer = await verifiedUser(server);
    const { paymentId, intent } = await purchaseAwaitingBank(buyer);
    const cheaper = { ...fake.succeed(intent.id), amount: 100, amount_received: 100 };

    const res = await send('payment_intent.succeeded', cheaper);
    expect(res.status, res.text).toBe(200);
    expect(logged.some((line) => line.includes('provider reports 100p, expected 158400p'))).toBe(true);
    expect(await paymentStatus(buyer, paymentId)).toBe('Pending');
    expect(await balance(buyer)).toEqual({ credits: 0, totalMoneySpent: 0 });
  });

  it("answers 200 to another integration's PaymentIntent (metadata.paymentId not ours) and still credits ours by its id", async () => {
    const buyer = await verifiedUser(server);
    const { paymentId, intent } = await purchaseAwaitingBank(buyer);
    const foreign = {
      ...fake.succeed(intent.id),
      id: 'pi_from_another_shop',
      metadata: { paymentId: 'order-42' },
    };
    const res = await send('payment_intent.succeeded', foreign);
    expect(res.status, res.text).toBe(200);
    expect(await paymentStatus(buyer, paymentId)).toBe('Pending');
    const mislabelled = { ...fake.succeed(intent.id), metadata: { paymentId: 'order-42' } };
    expect((await send('payment_intent.succeeded', mislabelled)).status).toBe(200);
    expect(await paymentStatus(buyer, paymentId)).toBe('Completed');
    expect((await balance(buyer)).credits).toBe(25);
  });

  it('ignores other event types', async () => {
    const buyer = await verifiedUser(server);
    const { paymentId, intent } = await purchaseAwaitingBank(buyer);
    fake.succeed(intent.id);
    for (const type of ['payment_intent.created', 'payment_intent.requires_action', 'charge.succeeded']) {
      const res = await send(type, intent);
      expect(res.status, res.text).toBe(200);
    }
    expect(await paymentStatus(buyer, paymentId)).toBe('Pending');
    expect(await balance(buyer)).toEqual({ credits: 0, totalMoneySpent: 0 });
  });
});

describe('POST /api/payment/confirm-payment with Stripe', () => {
  it('credits after 3-D Secure once Stripe says succeeded, and a second call credits nothing more', async () => {
    const buyer = await verifiedUser(server);
    const { paymentId, intent } = await purchaseAwaitingBank(buyer);

    const early = await buyer.client.post('/api/payment/confirm-payment', { paymentId });
    expect(early.status, early.text).toBe(409);
    expect(early.body.message).toBe('The payment is still waiting for your bank’s confirmation');
    expect(await balance(buyer)).toEqual({ credits: 0, totalMoneySpent: 0 });

    fake.succeed(intent.id);
    const confirmed = await buyer.client.post('/api/payment/confirm-payment', { paymentId });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.message).toBe('Payment Successful');
    expect(confirmed.body.data.transaction.status).toBe('Completed');
    expect(confirmed.body.data.user).toMatchObject({ credits: 25, totalMoneySpent: 1584 });
    const retrieved = fake.requests.filter(
      (r) => r.method === 'GET' && r.path === `/v1/payment_intents/${intent.id}`,
    );
    expect(retrieved).toHaveLength(2);

    const again = await buyer.client.post('/api/payment/confirm-payment', { paymentId });
    expect(again.status, again.text).toBe(200);
    expect(again.body.message).toBe('Payment Successful');
    // Stripe's webhook for the same payment arrives too: still credited once.
    expect((await send('payment_intent.succeeded', intent)).status).toBe(200);
    expect(await balance(buyer)).toEqual({ credits: 25, totalMoneySpent: 1584 });
  });

  it('answers 402 with Stripe’s message when 3-D Secure failed, and credits nothing', async () => {
    const buyer = await verifiedUser(server);
    const { paymentId, intent } = await purchaseAwaitingBank(buyer);
    fake.fail(intent.id, 'We are unable to authenticate your payment method.');

    const res = await buyer.client.post('/api/payment/confirm-payment', { paymentId });
    expect(res.status, res.text).toBe(402);
    expect(res.body.message).toBe('We are unable to authenticate your payment method.');
    expect(await balance(buyer)).toEqual({ credits: 0, totalMoneySpent: 0 });
  });
});
