import Stripe from 'stripe';
import { isUuid } from '../../http/uuid';
import type { ChargeResult, PaymentEvent, PaymentProvider } from './provider';
import { WebhookSignatureError } from './provider';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  /** Tests point the real SDK at a loopback server. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /**
   * Retries of a failed network call; the SDK's default when unset. Retries are safe: every
   * charge carries our idempotency key, so Stripe answers a retry with the first answer.
   */
  maxNetworkRetries?: number;
}

/** A card payment that the user has not finished with the bank yet, or that is on its way. */
const WAITING = new Set(['requires_action', 'processing']);
/** A card payment that did not go through; the PaymentIntent may be confirmed again later. */
const FAILED = new Set(['requires_payment_method', 'canceled']);

/** What a PaymentIntent's state comes to for us. */
function toChargeResult(intent: Stripe.PaymentIntent): ChargeResult {
  const { id, status } = intent;
  if (status === 'succeeded') return { status: 'succeeded', providerPaymentId: id };
  if (WAITING.has(status) || (status === 'requires_confirmation' && intent.next_action)) {
    if (!intent.client_secret) throw new Error(`Stripe PaymentIntent ${id} (${status}) has no client secret`);
    return { status: 'requires_action', providerPaymentId: id, clientSecret: intent.client_secret };
  }
  if (FAILED.has(status)) {
    return {
      status: 'failed',
      providerPaymentId: id,
      message: intent.last_payment_error?.message || 'Payment failed',
    };
  }
  // requires_capture / requires_confirmation without a next action: never asked for here.
  // Throwing leaves the payment Pending; the webhook settles it.
  throw new Error(`Stripe PaymentIntent ${id} is in an unexpected state: ${status}`);
}

/** The PaymentIntent that a Stripe error names, if any (card errors carry it). */
function intentOfError(
  err: InstanceType<typeof Stripe.errors.StripeError>,
): Stripe.PaymentIntent | undefined {
  const raw = err.raw as { payment_intent?: Stripe.PaymentIntent } | undefined;
  return raw?.payment_intent && typeof raw.payment_intent.id === 'string' ? raw.payment_intent : undefined;
}

function metadataPaymentId(intent: Stripe.PaymentIntent): string | null {
  // Another integration on the same Stripe account may put anything there: only our ids count.
  const id = intent.metadata?.paymentId;
  return isUuid(id) ? id : null;
}

/** Stripe through the official SDK: PaymentIntents confirmed on the server, and webhooks. */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    ...(settings.api ?? {}),
    ...(settings.maxNetworkRetries !== undefined ? { maxNetworkRetries: settings.maxNetworkRetries } : {}),
    appInfo: { name: 'ecu-portal' },
  });

  return {
    name: 'stripe',

    async charge(request) {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: request.amountPence,
            currency: request.currency,
            payment_method: request.paymentMethod,
            // Cards only. (SDK 23 pins an API version that renamed payment_method_types.)
            allowed_payment_method_types: ['card'],
            confirm: true,
            // 3-D Secure is completed in the browser with Stripe.js handleNextAction.
            use_stripe_sdk: true,
            description: request.description,
            receipt_email: request.receiptEmail,
            metadata: { paymentId: request.paymentId },
          },
          { idempotencyKey: request.idempotencyKey },
        );
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) {
          return {
            status: 'failed',
            providerPaymentId: intentOfError(err)?.id ?? null,
            message: err.message || 'Your card was declined.',
          };
        }
        // A payment method id that Stripe does not know: nothing was made or charged.
        if (
          err instanceof Stripe.errors.StripeInvalidRequestError &&
          err.param === 'payment_method' &&
          !intentOfError(err)
        ) {
          return {
            status: 'failed',
            providerPaymentId: null,
            message: 'Your card details could not be used. Please enter them again.',
          };
        }
        // Network, authentication, rate limit, Stripe's own errors: we do not know whether the
        // card was charged; the caller keeps the payment Pending for the webhook.
        throw err;
      }
      return toChargeResult(intent);
    },

    async retrieve(providerPaymentId) {
      const intent = await stripe.paymentIntents.retrieve(providerPaymentId);
      return { ...toChargeResult(intent), amountPence: intent.amount };
    },

    parseWebhook(rawBody, signature) {
      if (!settings.webhookSecret) throw new WebhookSignatureError('No webhook secret is configured');
      if (!signature) throw new WebhookSignatureError('No Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : 'Invalid webhook signature');
      }
      return toPaymentEvent(event);
    },
  };
}

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') {
    return { type: 'ignored' };
  }
  const intent = event.data?.object as Stripe.PaymentIntent | undefined;
  if (intent?.object !== 'payment_intent' || typeof intent.id !== 'string') {
    return { type: 'ignored' };
  }
  if (event.type === 'payment_intent.succeeded') {
    return {
      type: 'succeeded',
      providerPaymentId: intent.id,
      paymentId: metadataPaymentId(intent),
      amountPence: intent.amount_received || intent.amount,
    };
  }
  return {
    type: 'failed',
    providerPaymentId: intent.id,
    paymentId: metadataPaymentId(intent),
    message: intent.last_payment_error?.message || 'Payment failed',
  };
}
