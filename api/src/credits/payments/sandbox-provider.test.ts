import { describe, expect, it } from 'vitest';
import type { ChargeRequest } from './provider';
import { sandboxProvider } from './sandbox-provider';

const request = (paymentMethod: string, idempotencyKey = `key-${paymentMethod}`): ChargeRequest => ({
  paymentId: 'payment-1',
  amountPence: 7200,
  currency: 'gbp',
  paymentMethod,
  idempotencyKey,
  description: 'ECU Portal credits',
  receiptEmail: 'tuner@example.com',
});

describe('sandboxProvider', () => {
  it.each([
    ['pm_card_visa', 'succeeded'],
    ['pm_card_mastercard', 'succeeded'],
    ['pm_card_amex', 'succeeded'],
    ['pm_card_chargeDeclined', 'failed'],
    ['pm_card_unknown', 'failed'],
  ])('%s -> %s', async (method, status) => {
    expect((await sandboxProvider().charge(request(method))).status).toBe(status);
  });

  it('answers a retried idempotency key with the first result, never a second charge', async () => {
    const provider = sandboxProvider();
    const first = await provider.charge(request('pm_card_visa', 'same'));
    const again = await provider.charge(request('pm_card_visa', 'same'));
    expect(again).toEqual(first);
  });

  it('retrieves its own payments with their amount', async () => {
    const provider = sandboxProvider();
    const paid = await provider.charge(request('pm_card_visa'));
    const found = await provider.retrieve(paid.providerPaymentId as string);
    expect(found).toMatchObject({ status: 'succeeded', amountPence: 7200 });
  });

  it('reports a payment it no longer knows (a restarted server) as failed, not as an error', async () => {
    const found = await sandboxProvider().retrieve('sandbox_pi_from_before_the_restart');
    expect(found.status).toBe('failed');
    expect(found.amountPence).toBe(0);
  });
});
