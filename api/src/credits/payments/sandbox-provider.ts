import { randomUUID } from 'node:crypto';
import type { ChargeResult, PaymentProvider } from './provider';
import { WebhookSignatureError } from './provider';

/** Stripe's own test payment-method names, and what the sandbox does with each. */
const OUTCOMES: Record<string, { ok: true } | { ok: false; message: string }> = {
  pm_card_visa: { ok: true },
  pm_card_mastercard: { ok: true },
  pm_card_amex: { ok: true },
  pm_card_chargeDeclined: { ok: false, message: 'Your card was declined.' },
  pm_card_chargeDeclinedInsufficientFunds: { ok: false, message: 'Your card has insufficient funds.' },
  pm_card_chargeDeclinedExpiredCard: { ok: false, message: 'Your card has expired.' },
};

/**
 * Takes the place of Stripe when no keys are set, so the whole purchase flow runs on a
 * laptop: only when the config asks for it (PAYMENTS_SANDBOX, on by default for a loopback
 * APP_URL and in tests; see select-provider.ts). Charges are
 * remembered per idempotency key, like Stripe, so a retried call never charges twice.
 */
export function sandboxProvider(): PaymentProvider {
  const seen = new Map<string, ChargeResult>();
  const byId = new Map<string, ChargeResult & { amountPence: number }>();
  return {
    name: 'sandbox',
    async charge(request) {
      const earlier = seen.get(request.idempotencyKey);
      if (earlier) return earlier;
      const outcome = OUTCOMES[request.paymentMethod];
      const providerPaymentId = `sandbox_pi_${randomUUID().replace(/-/g, '')}`;
      const result: ChargeResult = !outcome
        ? {
            status: 'failed',
            providerPaymentId: null,
            message: 'Unknown test card. Use pm_card_visa or pm_card_chargeDeclined.',
          }
        : outcome.ok
          ? { status: 'succeeded', providerPaymentId }
          : { status: 'failed', providerPaymentId, message: outcome.message };
      seen.set(request.idempotencyKey, result);
      if (result.providerPaymentId)
        byId.set(result.providerPaymentId, { ...result, amountPence: request.amountPence });
      return result;
    },
    async retrieve(providerPaymentId) {
      // The sandbox keeps its payments in memory: after a restart an unfinished one is gone,
      // which the buyer hears as a failed payment (nothing was charged), not a server error.
      return (
        byId.get(providerPaymentId) ?? {
          status: 'failed',
          providerPaymentId,
          amountPence: 0,
          message: 'This test payment was not completed. Nothing was charged; please pay again.',
        }
      );
    },
    parseWebhook() {
      throw new WebhookSignatureError('The sandbox sends no webhooks');
    },
  };
}
