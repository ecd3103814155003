/** What a card charge came to. */
export type ChargeResult =
  | { status: 'succeeded'; providerPaymentId: string }
  | { status: 'requires_action'; providerPaymentId: string; clientSecret: string }
  | { status: 'failed'; providerPaymentId: string | null; message: string };

export interface ChargeRequest {
  /** Our payment id: the provider keeps it in metadata, so webhooks find the row. */
  paymentId: string;
  amountPence: number;
  currency: 'gbp';
  /** The card token from the browser (Stripe PaymentMethod id, or a sandbox test name). */
  paymentMethod: string;
  idempotencyKey: string;
  description: string;
  receiptEmail: string;
}

/** A provider's event, reduced to what we act on. */
export type PaymentEvent =
  | { type: 'succeeded'; providerPaymentId: string; paymentId: string | null; amountPence: number }
  | { type: 'failed'; providerPaymentId: string; paymentId: string | null; message: string }
  | { type: 'ignored' };

/** A card payment provider: Stripe, or the sandbox when asked for (docs/decisions/024-money-hardening.md). */
export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox';
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Where a payment stands now (after 3-D Secure in the browser). */
  retrieve(providerPaymentId: string): Promise<ChargeResult & { amountPence: number }>;
  /** Verifies the signature over the raw body; throws WebhookSignatureError when it is wrong. */
  parseWebhook(rawBody: string, signature: string | undefined): PaymentEvent;
}

export class WebhookSignatureError extends Error {}
