import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small stand-in for api.stripe.com on 127.0.0.1, for the real `stripe` SDK pointed at it
 * with `{ host, port, protocol: 'http' }`. It answers the two PaymentIntent calls the app
 * makes, like Stripe: form-encoded bodies, Bearer auth, JSON answers and error bodies, and
 * Idempotency-Key (the same key answers the same again and creates nothing new; the same key
 * with other parameters is an idempotency_error). Every request is recorded for tests.
 */

/** What a confirmed PaymentIntent comes to, chosen per payment method. */
export type FakeOutcome =
  | { kind: 'succeeded' }
  | { kind: 'requires_action' }
  | { kind: 'declined'; code?: string; declineCode?: string; message?: string };

/** Stripe's own test payment methods, as the fake treats them by default. */
export const DEFAULT_OUTCOMES: Readonly<Record<string, FakeOutcome>> = {
  pm_card_visa: { kind: 'succeeded' },
  pm_card_mastercard: { kind: 'succeeded' },
  pm_card_chargeDeclined: { kind: 'declined' },
  pm_card_chargeDeclinedInsufficientFunds: {
    kind: 'declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  pm_card_threeDSecure2Required: { kind: 'requires_action' },
};

export interface FakeStripeRequest {
  method: string;
  /** Path without the query, e.g. /v1/payment_intents/pi_123. */
  path: string;
  headers: IncomingHttpHeaders;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  /** The form body as sent: `metadata[paymentId]`, `allowed_payment_method_types[0]`, ... */
  form: Record<string, string>;
  /** The same, nested: `{ metadata: { paymentId }, allowed_payment_method_types: ['card'] }`. */
  body: Record<string, unknown>;
  /** The HTTP status the fake answered (undefined when it dropped the answer). */
  status: number | undefined;
}

// biome-ignore lint/suspicious/noExplicitAny: a PaymentIntent as JSON, as loose as Stripe's
export type FakePaymentIntent = Record<string, any> & {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
};

interface Answer {
  status: number;
  body: unknown;
}

export interface FakeStripe {
  /** For StripeSettings.api / `new Stripe(key, { host, port, protocol })`. */
  readonly api: { host: string; port: number; protocol: 'http' };
  readonly secretKey: string;
  readonly requests: FakeStripeRequest[];
  /** Every PaymentIntent made, by id. */
  readonly intents: Map<string, FakePaymentIntent>;
  /** What a payment method comes to from now on (over the defaults). */
  setOutcome(paymentMethod: string, outcome: FakeOutcome): void;
  /** The POSTs that created or confirmed PaymentIntents (replays included). */
  createRequests(): FakeStripeRequest[];
  /** The customer finished 3-D Secure: the intent is now succeeded. */
  succeed(intentId: string): FakePaymentIntent;
  /** The payment failed after all (e.g. 3-D Secure refused). */
  fail(intentId: string, message?: string): FakePaymentIntent;
  /** The next `count` requests get this HTTP status and an api_error body (nothing is made). */
  failNext(status: number, count?: number): void;
  /**
   * The next `count` requests are carried out (intents made, idempotency keys kept) but the
   * connection closes before the answer: the caller cannot tell whether the card was charged.
   */
  dropNextAnswers(count?: number): void;
  close(): Promise<void>;
}

/** `a[b][0]=x` keys into nested objects and arrays. */
export function nestForm(form: Record<string, string>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const next = parts[i + 1];
      const slot = node as Record<string, unknown>;
      if (last) {
        slot[part] = value;
        return;
      }
      if (slot[part] === undefined) slot[part] = next !== undefined && /^\d+$/.test(next) ? [] : {};
      node = slot[part] as Record<string, unknown>;
    });
  }
  return root;
}

function stripeError(
  type: string,
  message: string,
  extra: Record<string, unknown> = {},
): { error: Record<string, unknown> } {
  return { error: { type, message, ...extra } };
}

export async function startFakeStripe(options: { secretKey?: string } = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_fake';
  const outcomes = new Map<string, FakeOutcome>(Object.entries(DEFAULT_OUTCOMES));
  const requests: FakeStripeRequest[] = [];
  const intents = new Map<string, FakePaymentIntent>();
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  let failures: { status: number; count: number } | undefined;
  let drops = 0;
  let sequence = 0;

  function newIntent(body: Record<string, unknown>): FakePaymentIntent {
    sequence += 1;
    const id = `pi_fake${String(sequence).padStart(4, '0')}${randomBytes(6).toString('hex')}`;
    const metadata = (body.metadata ?? {}) as Record<string, string>;
    const intent: FakePaymentIntent = {
      id,
      object: 'payment_intent',
      amount: Number(body.amount),
      amount_received: 0,
      capture_method: 'automatic',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      confirmation_method: 'automatic',
      created: Math.floor(Date.now() / 1000),
      currency: String(body.currency ?? ''),
      description: body.description ?? null,
      last_payment_error: null,
      livemode: false,
      metadata,
      next_action: null,
      payment_method: body.payment_method ?? null,
      allowed_payment_method_types: (body.allowed_payment_method_types as string[] | undefined) ?? ['card'],
      payment_method_types: (body.allowed_payment_method_types as string[] | undefined) ?? ['card'],
      receipt_email: body.receipt_email ?? null,
      status: 'requires_payment_method',
    };
    intents.set(id, intent);
    return intent;
  }

  function confirm(intent: FakePaymentIntent, outcome: FakeOutcome | undefined): Answer {
    const kind = outcome?.kind;
    if (kind === 'succeeded') {
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, next_action: null });
      return { status: 200, body: intent };
    }
    if (kind === 'requires_action') {
      Object.assign(intent, {
        status: 'requires_action',
        next_action: {
          type: 'use_stripe_sdk',
          use_stripe_sdk: {
            type: 'three_d_secure_redirect',
            stripe_js: 'https://hooks.stripe.com/3d_secure_2',
          },
        },
      });
      return { status: 200, body: intent };
    }
    const declined = outcome?.kind === 'declined' ? outcome : undefined;
    const error = {
      type: 'card_error',
      code: declined?.code ?? 'card_declined',
      decline_code: declined?.declineCode ?? 'generic_decline',
      message: declined?.message ?? 'Your card was declined.',
      doc_url: 'https://stripe.com/docs/error-codes/card-declined',
      charge: `ch_fake${randomBytes(6).toString('hex')}`,
    };
    Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error });
    return { status: 402, body: { error: { ...error, payment_intent: intent } } };
  }

  function createIntent(body: Record<string, unknown>): Answer {
    if (!Number.isInteger(Number(body.amount)) || Number(body.amount) <= 0) {
      return {
        status: 400,
        body: stripeError('invalid_request_error', 'Invalid integer', { param: 'amount' }),
      };
    }
    const pm = typeof body.payment_method === 'string' ? body.payment_method : undefined;
    const outcome = pm ? outcomes.get(pm) : undefined;
    if (pm && !outcome) {
      return {
        status: 400,
        body: stripeError('invalid_request_error', `No such PaymentMethod: '${pm}'`, {
          code: 'resource_missing',
          param: 'payment_method',
        }),
      };
    }
    const intent = newIntent(body);
    if (body.confirm !== 'true') return { status: 200, body: intent };
    return confirm(intent, outcome);
  }

  function route(req: FakeStripeRequest): Answer & { replayed?: boolean } {
    if (req.authorization !== `Bearer ${secretKey}`) {
      return {
        status: 401,
        body: stripeError('invalid_request_error', 'Invalid API Key provided: sk_****'),
      };
    }
    if (failures && failures.count > 0) {
      failures.count -= 1;
      return { status: failures.status, body: stripeError('api_error', 'Something went wrong on our end.') };
    }
    if (req.method === 'POST' && req.path === '/v1/payment_intents') {
      const key = req.idempotencyKey;
      const fingerprint = JSON.stringify(req.form);
      if (key) {
        const seen = idempotent.get(key);
        if (seen && seen.fingerprint !== fingerprint) {
          return {
            status: 400,
            body: stripeError(
              'idempotency_error',
              `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
            ),
          };
        }
        if (seen) return { ...seen.answer, replayed: true };
      }
      const answer = createIntent(req.body);
      // Stripe keeps the answer of any request that ran (not 5xx): replays get it again.
      // The answer is kept as it was then (a snapshot), not as the intent is later.
      if (key)
        idempotent.set(key, {
          fingerprint,
          answer: { status: answer.status, body: structuredClone(answer.body) },
        });
      return answer;
    }
    const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && match) {
      const intent = intents.get(decodeURIComponent(match[1]!));
      if (!intent) {
        return {
          status: 404,
          body: stripeError('invalid_request_error', `No such payment_intent: '${match[1]}'`, {
            code: 'resource_missing',
            param: 'intent',
          }),
        };
      }
      return { status: 200, body: intent };
    }
    return {
      status: 404,
      body: stripeError('invalid_request_error', `Unrecognized request URL (${req.method}: ${req.path}).`),
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake-stripe');
    const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
    const header = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const recorded: FakeStripeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      headers: req.headers,
      idempotencyKey: header('idempotency-key'),
      authorization: header('authorization'),
      form,
      body: nestForm(form),
      status: undefined,
    };
    requests.push(recorded);
    const answer = route(recorded);
    if (drops > 0) {
      drops -= 1;
      // The intent was made; the caller never hears so (like a connection lost mid-answer).
      req.socket.destroy();
      return;
    }
    recorded.status = answer.status;
    const text = JSON.stringify(answer.body);
    res.writeHead(answer.status, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(text),
      'Request-Id': `req_fake${randomBytes(6).toString('hex')}`,
      ...(recorded.idempotencyKey ? { 'Idempotency-Key': recorded.idempotencyKey } : {}),
      ...(answer.replayed ? { 'Idempotent-Replayed': 'true' } : {}),
    });
    res.end(text);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(stripeError('api_error', String(err))));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  function intentOrThrow(id: string): FakePaymentIntent {
    const intent = intents.get(id);
    if (!intent) throw new Error(`The fake Stripe has no PaymentIntent ${id}`);
    return intent;
  }

  return {
    api: { host: '127.0.0.1', port, protocol: 'http' },
    secretKey,
    requests,
    intents,
    setOutcome(paymentMethod, outcome) {
      outcomes.set(paymentMethod, outcome);
    },
    createRequests() {
      return requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    },
    succeed(intentId) {
      return Object.assign(intentOrThrow(intentId), {
        status: 'succeeded',
        next_action: null,
        last_payment_error: null,
        amount_received: intentOrThrow(intentId).amount,
      });
    },
    fail(intentId, message = 'We are unable to authenticate your payment method.') {
      return Object.assign(intentOrThrow(intentId), {
        status: 'requires_payment_method',
        next_action: null,
        last_payment_error: {
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          message,
        },
      });
    },
    failNext(status, count = 1) {
      failures = { status, count };
    },
    dropNextAnswers(count = 1) {
      drops = count;
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** A Stripe event around a PaymentIntent (a copy, so later changes to the intent do not leak in). */
export function paymentIntentEvent(
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.created' | string,
  intent: Record<string, unknown>,
  options: { id?: string } = {},
): Record<string, unknown> {
  return {
    id: options.id ?? `evt_fake${randomBytes(8).toString('hex')}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object: structuredClone(intent) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}
