import type { CreatePaymentInput } from '@ecu/shared';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../local/api-client';
import { CheckoutAttempt } from './checkout-attempt';

const body = (sourceId: string): CreatePaymentInput => ({
  sourceId,
  amount: 72,
  email: 'buyer@ecu.test',
  cardHolderName: 'Ada Lovelace',
  packageId: '1credit',
});

/** Stands in for Stripe: every tokenization makes a new PaymentMethod id. */
function tokenizer() {
  let n = 0;
  return async () => {
    n += 1;
    return body(`pm_${n}`);
  };
}

describe('CheckoutAttempt', () => {
  it('sends the very same body under the same key after a lost answer (no new card token)', async () => {
    const attempt = new CheckoutAttempt();
    const make = tokenizer();
    const first = await attempt.body(make);
    const key = attempt.key;
    attempt.failed(new NetworkError());
    expect(await attempt.body(make)).toEqual(first);
    expect(attempt.key).toBe(key);
    attempt.failed(new ApiError(502, 'Payment error: we could not reach the card provider.'));
    attempt.failed(new ApiError(409, 'The same request is still being processed'));
    expect(await attempt.body(make)).toEqual(first);
    expect(attempt.key).toBe(key);
  });

  it('starts a new purchase (new key, new body) after a settled refusal', async () => {
    const attempt = new CheckoutAttempt();
    const make = tokenizer();
    const first = await attempt.body(make);
    const key = attempt.key;
    attempt.failed(new ApiError(402, 'Your card was declined.'));
    expect(attempt.key).not.toBe(key);
    expect(await attempt.body(make)).not.toEqual(first);
  });

  it('keeps no body when making it failed (a card form error), so the next try makes one', async () => {
    const attempt = new CheckoutAttempt();
    await expect(
      attempt.body(async () => {
        throw new Error('Your card number is incomplete.');
      }),
    ).rejects.toThrow('incomplete');
    expect(await attempt.body(tokenizer())).toEqual(body('pm_1'));
  });

  it('restart() gives a new key and forgets the body (a cancelled bank step)', async () => {
    const attempt = new CheckoutAttempt();
    const make = tokenizer();
    await attempt.body(make);
    const key = attempt.key;
    attempt.restart();
    expect(attempt.key).not.toBe(key);
    expect(await attempt.body(make)).toEqual(body('pm_2'));
  });
});
