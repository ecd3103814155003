import { findPackage, quotePackage } from '@ecu/shared';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, paymentIntentEvent, startFakeStripe } from '../../test/fake-stripe';
import { type ChargeRequest, WebhookSignatureError } from './provider';
import { type StripeSettings, stripeProvider } from './stripe-provider';

const WEBHOOK_SECRET = 'whsec_test';

let fake: FakeStripe;
let sequence = 0;

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: 'sk_test_provider' });
});
afterAll(async () => {
  await fake?.close();
});

function settings(overrides: Partial<StripeSettings> = {}): StripeSettings {
  return {
    secretKey: fake.secretKey,
    publishableKey: 'pk_test_provider',
    webhookSecret: WEBHOOK_SECRET,
    api: fake.api,
    maxNetworkRetries: 0,
    ...overrides,
  };
}

/** 25 credits at the default £60: £1,584.00 with VAT. */
const TOTAL_PENCE = quotePackage(findPackage('25credits')!, 6000).totalPence;

function chargeRequest(paymentMethod: string, overrides: Partial<ChargeRequest> = {}): ChargeRequest {
  sequence += 1;
  const paymentId = `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  return {
    paymentId,
    amountPence: TOTAL_PENCE,
    currency: 'gbp',
    paymentMethod,
    idempotencyKey: `payment-${paymentId}`,
    description: '25 credits (25credits)',
    receiptEmail: 'buyer@ecu.test',
    ...overrides,
  };
}

function signed(event: object, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
  });
  return { payload, header };
}

describe('stripeProvider().charge', () => {
  it('creates and confirms a card PaymentIntent in pence, GBP, with our payment id and idempotency key', async () => {
    expect(TOTAL_PENCE).toBe(158400);
    const provider = stripeProvider(settings());
    const request = chargeRequest('pm_card_visa');
    const before = fake.requests.length;

    const result = await provider.charge(request);

    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    const [call] = sent;
    expect(call!.method).toBe('POST');
    expect(call!.path).toBe('/v1/payment_intents');
    expect(call!.authorization).toBe('Bearer sk_test_provider');
    expect(call!.idempotencyKey).toBe(`payment-${request.paymentId}`);
    expect(call!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(call!.form).toMatchObject({
      amount: '158400',
      currency: 'gbp',
      payment_method: 'pm_card_visa',
      confirm: 'true',
      'allowed_payment_method_types[0]': 'card',
      description: '25 credits (25credits)',
      receipt_email: 'buyer@ecu.test',
      'metadata[paymentId]': request.paymentId,
    });
    expect(call!.body.metadata).toEqual({ paymentId: request.paymentId });

    const intent = [...fake.intents.values()].find((i) => i.metadata.paymentId === request.paymentId);
    expect(intent?.status).toBe('succeeded');
    expect(result).toEqual({ status: 'succeeded', providerPaymentId: intent!.id });
  });

  it('answers a repeated call with the same idempotency key from Stripe, making no second PaymentIntent', async () => {
    const provider = stripeProvider(settings());
    const request = chargeRequest('pm_card_visa');
    const intentsBefore = fake.intents.size;
    const first = await provider.charge(request);
    const again = await provider.charge(request);
    expect(again).toEqual(first);
    expect(fake.intents.size).toBe(intentsBefore + 1);
    const calls = fake.createRequests().filter((r) => r.idempotencyKey === request.idempotencyKey);
    expect(calls).toHaveLength(2);
  });

  it('turns a card decline into a failed charge with the card error message and the PaymentIntent id', async () => {
    const provider = stripeProvider(settings());
    const request = chargeRequest('pm_card_chargeDeclined');
    const result = await provider.charge(request);
    const intent = [...fake.intents.values()].find((i) => i.metadata.paymentId === request.paymentId);
    expect(intent?.status).toBe('requires_payment_method');
    expect(fake.requests.at(-1)?.status).toBe(402);
    expect(result).toEqual({
      status: 'failed',
      providerPaymentId: intent!.id,
      message: 'Your card was declined.',
    });
  });

  it('surfaces the decline reason Stripe gives (insufficient funds)', async () => {
    const result = await stripeProvider(settings()).charge(
      chargeRequest('pm_card_chargeDeclinedInsufficientFunds'),
    );
    expect(result.status).toBe('failed');
    expect(result.status === 'failed' && result.message).toBe('Your card has insufficient funds.');
  });

  it('fails a payment method Stripe does not know, without a PaymentIntent', async () => {
    const intentsBefore = fake.intents.size;
    const result = await stripeProvider(settings()).charge(chargeRequest('pm_does_not_exist'));
    expect(result).toEqual({
      status: 'failed',
      providerPaymentId: null,
      message: 'Your card details could not be used. Please enter them again.',
    });
    expect(fake.intents.size).toBe(intentsBefore);
  });

  it('returns the client secret when the bank asks for 3-D Secure', async () => {
    const request = chargeRequest('pm_card_threeDSecure2Required');
    const result = await stripeProvider(settings()).charge(request);
    const intent = [...fake.intents.values()].find((i) => i.metadata.paymentId === request.paymentId)!;
    expect(intent.status).toBe('requires_action');
    expect(result).toEqual({
      status: 'requires_action',
      providerPaymentId: intent.id,
      clientSecret: intent.client_secret,
    });
    expect(intent.client_secret).toMatch(/^pi_.+_secret_/);
  });

  it('throws when Stripe refuses the API key (the caller keeps the payment Pending)', async () => {
    const provider = stripeProvider(settings({ secretKey: 'sk_test_wrong' }));
    const err = await provider.charge(chargeRequest('pm_card_visa')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it('throws on a Stripe server error', async () => {
    const before = fake.requests.length;
    fake.failNext(500);
    const err = await stripeProvider(settings())
      .charge(chargeRequest('pm_card_visa'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(fake.requests.length - before).toBe(1);
  });

  it('retries a lost answer with the same idempotency key and gets the first answer: one PaymentIntent', async () => {
    const request = chargeRequest('pm_card_visa');
    const intentsBefore = fake.intents.size;
    fake.dropNextAnswers(1);
    const result = await stripeProvider(settings({ maxNetworkRetries: 1 })).charge(request);
    const calls = fake.createRequests().filter((r) => r.idempotencyKey === request.idempotencyKey);
    expect(calls.map((c) => c.status)).toEqual([undefined, 200]);
    expect(fake.intents.size).toBe(intentsBefore + 1);
    const intent = [...fake.intents.values()].find((i) => i.metadata.paymentId === request.paymentId)!;
    expect(result).toEqual({ status: 'succeeded', providerPaymentId: intent.id });
  });

  it('throws when every answer is lost, although Stripe made (and charged) the PaymentIntent', async () => {
    const request = chargeRequest('pm_card_visa');
    fake.dropNextAnswers(5);
    const err = await stripeProvider(settings())
      .charge(request)
      .catch((e: unknown) => e);
    fake.dropNextAnswers(0);
    expect(err).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    const intent = [...fake.intents.values()].find((i) => i.metadata.paymentId === request.paymentId);
    expect(intent?.status).toBe('succeeded');
  });

  it('throws when Stripe cannot be reached at all', async () => {
    const gone = await startFakeStripe();
    const provider = stripeProvider({
      secretKey: gone.secretKey,
      publishableKey: 'pk_test_gone',
      webhookSecret: WEBHOOK_SECRET,
      api: gone.api,
      maxNetworkRetries: 0,
    });
    await gone.close();
    const err = await provider.charge(chargeRequest('pm_card_visa')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    expect(gone.requests).toHaveLength(0);
  });
});

describe('stripeProvider().retrieve', () => {
  it('follows a 3-D Secure payment from requires_action to succeeded, with the amount', async () => {
    const provider = stripeProvider(settings());
    const charged = await provider.charge(chargeRequest('pm_card_threeDSecure2Required'));
    expect(charged.status).toBe('requires_action');
    const id = charged.providerPaymentId!;

    const waiting = await provider.retrieve(id);
    expect(waiting).toMatchObject({ status: 'requires_action', providerPaymentId: id, amountPence: 158400 });
    const call = fake.requests.at(-1)!;
    expect(call.method).toBe('GET');
    expect(call.path).toBe(`/v1/payment_intents/${id}`);
    expect(call.authorization).toBe(`Bearer ${fake.secretKey}`);

    fake.succeed(id);
    expect(await provider.retrieve(id)).toEqual({
      status: 'succeeded',
      providerPaymentId: id,
      amountPence: 158400,
    });
  });

  it('reports a payment whose 3-D Secure failed, with Stripe’s message', async () => {
    const provider = stripeProvider(settings());
    const charged = await provider.charge(chargeRequest('pm_card_threeDSecure2Required'));
    const id = charged.providerPaymentId!;
    fake.fail(id, 'We are unable to authenticate your payment method.');
    expect(await provider.retrieve(id)).toEqual({
      status: 'failed',
      providerPaymentId: id,
      message: 'We are unable to authenticate your payment method.',
      amountPence: 158400,
    });
  });

  it('says "Payment failed" for a canceled PaymentIntent without an error', async () => {
    const provider = stripeProvider(settings());
    const charged = await provider.charge(chargeRequest('pm_card_threeDSecure2Required'));
    const id = charged.providerPaymentId!;
    Object.assign(fake.intents.get(id)!, { status: 'canceled', next_action: null });
    expect(await provider.retrieve(id)).toMatchObject({ status: 'failed', message: 'Payment failed' });
  });

  it('throws for a PaymentIntent Stripe does not have', async () => {
    const err = await stripeProvider(settings())
      .retrieve('pi_missing')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });
});

describe('stripeProvider().parseWebhook', () => {
  const intent = {
    id: 'pi_webhook_1',
    object: 'payment_intent',
    amount: 158400,
    amount_received: 158400,
    currency: 'gbp',
    status: 'succeeded',
    metadata: { paymentId: 'b3c1f4c2-0d7e-4c55-9f0e-2f5d8f0a1b2c' },
    last_payment_error: null,
  };

  it('reads a signed payment_intent.succeeded', () => {
    const { payload, header } = signed(paymentIntentEvent('payment_intent.succeeded', intent));
    expect(stripeProvider(settings()).parseWebhook(payload, header)).toEqual({
      type: 'succeeded',
      providerPaymentId: 'pi_webhook_1',
      paymentId: 'b3c1f4c2-0d7e-4c55-9f0e-2f5d8f0a1b2c',
      amountPence: 158400,
    });
  });

  it('takes amount_received over amount, and null for a PaymentIntent without our metadata', () => {
    const { payload, header } = signed(
      paymentIntentEvent('payment_intent.succeeded', { ...intent, amount_received: 1000, metadata: {} }),
    );
    expect(stripeProvider(settings()).parseWebhook(payload, header)).toEqual({
      type: 'succeeded',
      providerPaymentId: 'pi_webhook_1',
      paymentId: null,
      amountPence: 1000,
    });
  });

  it('reads a payment_intent.payment_failed with its message', () => {
    const failed = {
      ...intent,
      status: 'requires_payment_method',
      amount_received: 0,
      last_payment_error: { type: 'card_error', message: 'Your card was declined.' },
    };
    const { payload, header } = signed(paymentIntentEvent('payment_intent.payment_failed', failed));
    expect(stripeProvider(settings()).parseWebhook(payload, header)).toEqual({
      type: 'failed',
      providerPaymentId: 'pi_webhook_1',
      paymentId: intent.metadata.paymentId,
      message: 'Your card was declined.',
    });
  });

  it('ignores other events', () => {
    for (const type of ['payment_intent.created', 'charge.succeeded', 'customer.created']) {
      const { payload, header } = signed(paymentIntentEvent(type, intent));
      expect(stripeProvider(settings()).parseWebhook(payload, header)).toEqual({ type: 'ignored' });
    }
  });

  it('refuses a wrong secret, a stale timestamp, a tampered body and a missing header', () => {
    const provider = stripeProvider(settings());
    const event = paymentIntentEvent('payment_intent.succeeded', intent);
    const wrong = signed(event, { secret: 'whsec_other' });
    expect(() => provider.parseWebhook(wrong.payload, wrong.header)).toThrow(WebhookSignatureError);
    const stale = signed(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(() => provider.parseWebhook(stale.payload, stale.header)).toThrow(WebhookSignatureError);
    const good = signed(event);
    const tampered = good.payload.replace('"amount":158400', '"amount":100');
    expect(tampered).not.toBe(good.payload);
    expect(() => provider.parseWebhook(tampered, good.header)).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(good.payload, undefined)).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(good.payload, 'garbage')).toThrow(WebhookSignatureError);
    // The untouched one passes, so the refusals above are about what was changed.
    expect(provider.parseWebhook(good.payload, good.header).type).toBe('succeeded');
  });

  it('refuses every webhook when no webhook secret is configured', () => {
    const { payload, header } = signed(paymentIntentEvent('payment_intent.succeeded', intent));
    const provider = stripeProvider(settings({ webhookSecret: undefined }));
    expect(() => provider.parseWebhook(payload, header)).toThrow(WebhookSignatureError);
  });
});
