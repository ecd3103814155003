import type { CreatePaymentInput } from '@ecu/shared';
import { needsNewAttemptKey } from './payment-errors';

/**
 * One checkout attempt: its Idempotency-Key and the body sent under it. The server binds a key
 * to one body (another body under the key is refused with 422), and a Stripe card token is new
 * on every tokenization, so a retry after a lost answer, a 5xx or a 409 sends the very body it
 * sent before: the server then continues that one payment (docs/decisions/024-money-hardening.md).
 */
export class CheckoutAttempt {
  key: string = crypto.randomUUID();
  private sent: CreatePaymentInput | undefined;

  /** The body for this try: the one already sent under the key, else a new one from `make`. */
  async body(make: () => Promise<CreatePaymentInput>): Promise<CreatePaymentInput> {
    this.sent ??= await make();
    return this.sent;
  }

  /** After a failure: a settled refusal (402, 400, 422) makes the next try a new purchase. */
  failed(err: unknown): void {
    if (needsNewAttemptKey(err)) this.restart();
  }

  /** A new purchase: a new key, and the next body is made afresh. */
  restart(): void {
    this.key = crypto.randomUUID();
    this.sent = undefined;
  }
}
