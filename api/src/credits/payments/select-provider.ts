import type { Config } from '../../config';
import type { PaymentProvider } from './provider';
import { sandboxProvider } from './sandbox-provider';
import { stripeProvider } from './stripe-provider';

/** Stripe when its keys are set; the sandbox otherwise, but never in production. */
export function selectPaymentProvider(config: Config): PaymentProvider | null {
  if (config.stripe) return stripeProvider(config.stripe);
  if (config.nodeEnv === 'production') return null;
  return sandboxProvider();
}
