import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError, isSettledRefusal, NetworkError, serverMessageOf } from '../local/api-client';

/** A failure found in the browser (form checks, card form, card provider): shown as it is. */
export class CheckoutError extends Error {}

const PAYMENT_MESSAGES = {
  success: msg`Payment Successful`,
  failed: msg`Payment Failed`,
  error: msg`Payment error`,
  fallback: msg`Payment failed!`,
  methodUnavailable: msg`Selected payment method is not available`,
  required: msg`Please fill all required fields`,
  cardNotReady: msg`Card form is not ready`,
  tokenizationFailed: msg`Tokenization failed`,
  cardFormUnavailable: msg`Unable to load card form. Try again later`,
  offline: msg`You are offline. Buying credits needs a connection; nothing was charged.`,
  noAnswer: msg`Payment error: the server did not answer. Check your connection and try again; you will not be charged twice.`,
} satisfies Record<string, MessageDescriptor>;

/** The checkout's own messages, each read in the language shown when it is read. */
export const PAYMENT_TEXT = Object.fromEntries(
  Object.keys(PAYMENT_MESSAGES).map((key) => [key, '']),
) as Record<keyof typeof PAYMENT_MESSAGES, string>;
for (const key of Object.keys(PAYMENT_MESSAGES) as (keyof typeof PAYMENT_MESSAGES)[]) {
  Object.defineProperty(PAYMENT_TEXT, key, { get: () => i18n._(PAYMENT_MESSAGES[key]), enumerable: true });
}

/**
 * The server's message first (docs/product.md#6-credits-and-payments), else 'Payment Failed'
 * when it answered { success: false } without one, 'Payment error' for any other error (an answer that is not
 * the server's envelope too), 'Payment failed!' as the last resort.
 */
export function paymentFailureMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (!err.fromServer) return PAYMENT_TEXT.error;
    return serverMessageOf(err) ?? PAYMENT_TEXT.failed;
  }
  if (err instanceof NetworkError) return PAYMENT_TEXT.noAnswer;
  if (err instanceof CheckoutError) return err.message || PAYMENT_TEXT.error;
  if (err instanceof Error) return PAYMENT_TEXT.error;
  return PAYMENT_TEXT.fallback;
}

/**
 * Whether the next attempt needs a new Idempotency-Key. The server keeps its answer per key,
 * so after a settled refusal (a declined card, a wrong amount) the same key would only replay
 * that refusal. With no answer (network) or a 5xx the outcome is unknown or not kept, and
 * 409 means the first request is still running: the same key makes a retry safe.
 */
export function needsNewAttemptKey(err: unknown): boolean {
  return isSettledRefusal(err);
}
