import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PaymentProvider } from '../credits';
import { sandboxProvider } from '../credits';
import { createPayment } from '../test/credits-helpers';
import { type TestUser, verifiedUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import { createLogger } from './logger';

/**
 * Every line a request writes names it by the id of its answer's X-Request-Id, however deep
 * the code that writes it, and only that request's id (docs/decisions/076-request-scope.md).
 */

type Line = Record<string, unknown>;
const lines: Line[] = [];
const logger = createLogger('info', { output: (line) => lines.push(JSON.parse(line)) });

/**
 * The card provider, unreachable: a charge waits until `together` charges are in flight (the
 * requests then run side by side), then fails as a broken connection does. Its webhook parser
 * fails too, with an error nobody expected (a 500 from the app's onError).
 */
function unreachableProvider() {
  const inner = sandboxProvider();
  const receiptOf = new Map<string, string>();
  const inFlight: Array<() => void> = [];
  let together = 1;
  const provider: PaymentProvider = {
    name: 'sandbox',
    async charge(request) {
      receiptOf.set(request.paymentId, request.receiptEmail);
      await new Promise<void>((resolve) => {
        inFlight.push(resolve);
        if (inFlight.length >= together) for (const go of inFlight.splice(0)) go();
      });
      throw new Error('socket hang up');
    },
    retrieve: (id) => inner.retrieve(id),
    parseWebhook() {
      throw new Error('the webhook parser broke');
    },
  };
  return {
    provider,
    /** The receipt address of a payment the provider was asked to charge, by our payment id. */
    receiptOf,
    chargesTogether(count: number) {
      together = count;
    },
  };
}

const wire = unreachableProvider();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ logger, payments: wire.provider });
});
afterAll(async () => {
  await server?.close();
});

/** The access line of a request, once its response has closed. */
function accessLine(reqId: string): Promise<Line> {
  return vi.waitFor(
    () => {
      const found = lines.find((l) => l.msg === 'request' && l.reqId === reqId);
      if (!found) throw new Error(`no access line for ${reqId} yet`);
      return found;
    },
    { timeout: 10_000 },
  );
}

/** The line create-payment writes when the provider cannot be reached, for one buyer. */
function providerLineOf(buyer: TestUser): Line {
  const found = lines.filter((l) => {
    const paymentId = /^Payment (\S+): the provider could not be reached/.exec(String(l.msg))?.[1];
    return paymentId !== undefined && wire.receiptOf.get(paymentId) === buyer.email;
  });
  expect(found).toHaveLength(1);
  return found[0]!;
}

function buy(buyer: TestUser) {
  return createPayment(buyer.client, '4credits', { email: buyer.email });
}

describe('the request scope of the log', () => {
  it('names the request on the lines of deep code and on its access line', async () => {
    const buyer = await verifiedUser(server);
    wire.chargesTogether(1);
    const from = lines.length;
    const res = await buy(buyer);
    expect(res.status, res.text).toBe(502);
    const reqId = res.headers.get('x-request-id')!;
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);

    // Written in credits/payments/create-payment.ts, which is given no request id.
    expect(providerLineOf(buyer)).toMatchObject({ level: 'error', reqId });
    expect(await accessLine(reqId)).toMatchObject({ status: 502, userId: buyer.user._id });
    // Nothing else ran meanwhile: every line written during the request is the request's.
    const during = lines.slice(from, lines.indexOf(await accessLine(reqId)) + 1);
    expect(during.length).toBeGreaterThanOrEqual(2);
    expect(during.map((l) => l.reqId)).toEqual(during.map(() => reqId));
  });

  it('names the request on the line of an unexpected error logged by onError', async () => {
    const res = await fetch(`${server.url}/api/payment/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'webhook-delivery-0001' },
      body: '{}',
    });
    expect(res.status).toBe(500);
    expect(res.headers.get('x-request-id')).toBe('webhook-delivery-0001');
    const failed = lines.find((l) => String(l.msg).startsWith('POST /api/payment/webhook failed'));
    expect(failed).toMatchObject({ level: 'error', reqId: 'webhook-delivery-0001' });
    expect(JSON.stringify(failed)).toContain('the webhook parser broke');
  });

  it('keeps the ids of two requests in flight together apart', async () => {
    const [ada, bob] = await Promise.all([verifiedUser(server), verifiedUser(server)]);
    // Both charges wait for each other: the two requests are inside the provider at once.
    wire.chargesTogether(2);
    const [adaRes, bobRes] = await Promise.all([buy(ada), buy(bob)]);
    expect([adaRes.status, bobRes.status]).toEqual([502, 502]);
    const adaId = adaRes.headers.get('x-request-id')!;
    const bobId = bobRes.headers.get('x-request-id')!;
    expect(adaId).not.toBe(bobId);

    expect(providerLineOf(ada).reqId).toBe(adaId);
    expect(providerLineOf(bob).reqId).toBe(bobId);
    expect(await accessLine(adaId)).toMatchObject({ userId: ada.user._id });
    expect(await accessLine(bobId)).toMatchObject({ userId: bob.user._id });
  });

  it('names no request on a line written outside any', () => {
    server.deps.logger.warn('written outside any request');
    const line = lines.find((l) => l.msg === 'written outside any request');
    expect(line).toMatchObject({ level: 'warn' });
    expect(line).not.toHaveProperty('reqId');
  });
});
