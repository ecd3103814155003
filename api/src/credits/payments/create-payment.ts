import { type CreatePaymentInput, findPackage, poundsToPence, quotePackage } from '@ecu/shared';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import { AppError, badRequest } from '../../http/app-error';
import type { UserRow } from '../../http/context';
import type { Logger } from '../../platform/logger';
import type { ChargeResult, PaymentProvider } from './provider';
import { completePayment, type PaymentRow } from './service';

export type CreatePaymentOutcome =
  | { status: 'completed'; payment: PaymentRow }
  | { status: 'requires_action'; payment: PaymentRow; clientSecret: string }
  | { status: 'pending'; payment: PaymentRow };

/**
 * How long the card provider keeps an idempotency key (Stripe: at least 24 hours). A payment
 * still Pending after this is not charged again under its key: the provider might not know
 * the key any more and would charge a second time.
 */
export const PROVIDER_KEY_WINDOW_MS = 23 * 60 * 60 * 1000;

/**
 * POST /payment/create-payment: the server prices the package itself, refuses a different
 * client amount, records the payment, charges the card with an idempotency key and credits
 * the account on success. One Idempotency-Key is one payment (docs/decisions/024-money-hardening.md):
 * a retry under the key continues that payment with the same provider key, so the provider
 * answers its first result and never charges twice.
 */
export async function createPayment(
  deps: { db: Db; provider: PaymentProvider; logger: Logger },
  params: { user: UserRow; input: CreatePaymentInput; idempotencyKey?: string | undefined },
): Promise<CreatePaymentOutcome> {
  const { db, provider, logger } = deps;
  const { user, input } = params;
  const pkg = findPackage(input.packageId);
  if (!pkg) throw badRequest('Choose a credit package');
  const quote = quotePackage(pkg, user.perCreditPricePence);
  if (poundsToPence(input.amount) !== quote.totalPence) {
    throw badRequest('Amount mismatch', [{ path: 'amount', message: 'Amount mismatch' }]);
  }

  const values = {
    userId: user.id,
    packageId: pkg.id,
    credits: pkg.credits,
    subtotalPence: quote.subtotalPence,
    vatPence: quote.vatPence,
    amountPence: quote.totalPence,
    provider: provider.name,
    idempotencyKey: params.idempotencyKey ? `${user.id}:${params.idempotencyKey}` : null,
  };
  const [made] = await db
    .insert(payments)
    .values(values)
    .onConflictDoNothing({ target: payments.idempotencyKey })
    .returning();
  const [row] = made
    ? [made]
    : await db
        .select()
        .from(payments)
        .where(eq(payments.idempotencyKey, values.idempotencyKey ?? ''));
  if (!row) throw new AppError('request_in_progress', 'The same payment is already being made');

  if (row.status === 'Completed') return { status: 'completed', payment: row };
  if (row.status === 'Failed') throw declined(row, row.failureMessage ?? 'Payment Failed');
  if (!made && Date.now() - row.createdAt.getTime() > PROVIDER_KEY_WINDOW_MS) {
    // 410, not 409: a settled refusal, so the checkout makes a new key for the next attempt.
    throw new AppError(
      'gone',
      'This checkout is too old to be tried again; nothing more was charged. Please start a new purchase.',
    );
  }

  let result: ChargeResult;
  try {
    result = await provider.charge({
      paymentId: row.id,
      amountPence: row.amountPence,
      currency: 'gbp',
      paymentMethod: input.sourceId,
      idempotencyKey: `payment-${row.id}`,
      description: `${row.credits} credit${row.credits === 1 ? '' : 's'} (${row.packageId})`,
      receiptEmail: input.email,
    });
  } catch (err) {
    // We do not know whether the card was charged: the row stays Pending and the provider's
    // webhook settles it (credits arrive then, exactly once). A retry under the same
    // Idempotency-Key asks the provider again with the same key.
    logger.error(`Payment ${row.id}: the provider could not be reached`, err);
    throw new AppError(
      'bad_gateway',
      'Payment error: we could not reach the card provider. If your card was charged, the credits will appear shortly.',
    );
  }

  if (result.status === 'failed') {
    const [failed] = await db
      .update(payments)
      .set({ status: 'Failed', failureMessage: result.message, providerPaymentId: result.providerPaymentId })
      .where(and(eq(payments.id, row.id), ne(payments.status, 'Completed')))
      .returning();
    throw declined(failed ?? row, result.message);
  }
  await db
    .update(payments)
    .set({ providerPaymentId: result.providerPaymentId })
    .where(eq(payments.id, row.id));
  if (result.status === 'requires_action') {
    return { status: 'requires_action', payment: row, clientSecret: result.clientSecret };
  }
  return {
    status: 'completed',
    payment: await completePayment(db, { paymentId: row.id, providerPaymentId: result.providerPaymentId }),
  };
}

function declined(row: PaymentRow, message: string): AppError {
  return new AppError('payment_declined', message, {
    errors: [{ path: 'sourceId', message }],
    headers: { 'X-Payment-Id': row.id },
  });
}
