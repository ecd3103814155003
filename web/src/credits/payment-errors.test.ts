import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../local/api-client';
import { CheckoutError, needsNewAttemptKey, PAYMENT_TEXT, paymentFailureMessage } from './payment-errors';

describe('paymentFailureMessage', () => {
  it.each([
    [new ApiError(402, 'Your card was declined.'), 'Your card was declined.'],
    [new ApiError(400, 'Amount mismatch'), 'Amount mismatch'],
    [new ApiError(402, ''), 'Payment Failed'],
    [new ApiError(502, 'The server is not answering (POST /x, 502)', [], false), 'Payment error'],
    [new ApiError(404, 'The answer was not understood (POST /x, 404)', [], false), 'Payment error'],
    [new NetworkError(), PAYMENT_TEXT.noAnswer],
    [new CheckoutError('Your card number is incomplete.'), 'Your card number is incomplete.'],
    [new CheckoutError(''), 'Payment error'],
    [new TypeError('x is undefined'), 'Payment error'],
    ['thrown string', 'Payment failed!'],
    [undefined, 'Payment failed!'],
  ])('%s -> %s', (err, text) => {
    expect(paymentFailureMessage(err)).toBe(text);
  });
});

describe('needsNewAttemptKey', () => {
  it.each([
    [new ApiError(402, 'Your card was declined.'), true],
    [new ApiError(400, 'Amount mismatch'), true],
    [new ApiError(409, 'The same request is still being processed'), false],
    [new ApiError(502, 'Payment error'), false],
    [new NetworkError(), false],
    [new CheckoutError('Tokenization failed'), false],
  ])('%s -> %s', (err, fresh) => {
    expect(needsNewAttemptKey(err)).toBe(fresh);
  });
});
