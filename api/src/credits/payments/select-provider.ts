import type { Config } from '../../config';
import type { PaymentProvider } from './provider';
import { sandboxProvider } from './sandbox-provider';

/**
 * Stripe when its keys are set; the sandbox only when the config asks for it (PAYMENTS_SANDBOX,
 * on by default for a loopback APP_URL and in tests: docs/decisions/024-money-hardening.md);
 * otherwise no card payments at all. The Stripe SDK loads only when its keys are set (it costs
 * some 60 ms and 3 MiB at start: docs/decisions/029-start-and-memory.md).
 */
export async function selectPaymentProvider(config: Config): Promise<PaymentProvider | null> {
  if (config.stripe) {
    const { stripeProvider } = await import('./stripe-provider');
    return stripeProvider(config.stripe);
  }
  if (config.paymentsSandbox) return sandboxProvider();
  return null;
}

/** The line the start logs about payments, so that a sandbox never runs unnoticed. */
export function paymentsStartLine(config: Config, provider: PaymentProvider | null): string {
  if (!provider) return '[payments] card payments are off: no Stripe keys, and PAYMENTS_SANDBOX is off';
  if (provider.name === 'sandbox') {
    return '[payments] SANDBOX: test cards buy credits and nothing is charged (PAYMENTS_SANDBOX=off turns it off)';
  }
  return config.stripe?.webhookSecret ? '[payments] Stripe' : '[payments] Stripe (webhook secret not set)';
}
