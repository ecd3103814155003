import {
  type CreatePaymentInput,
  findPackage,
  formatSerialNo,
  poundsToPence,
  quotePackage,
} from '@ecu/shared';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { UserRow } from '../../app/context';
import type { Db } from '../../db/client';
import { payments, users } from '../../db/schema';
import { AppError, badRequest } from '../../http/app-error';
import type { Logger } from '../../platform/logger';
import { applyCreditChange } from '../ledger';
import type { PaymentEvent, PaymentProvider } from './provider';

type PaymentRow = typeof payments.$inferSelect;

export type CreatePaymentOutcome =
  | { status: 'completed'; payment: PaymentRow }
  | { status: 'requires_action'; payment: PaymentRow; clientSecret: string }
  | { status: 'pending'; payment: PaymentRow };

/**
 * POST /payment/create-payment: the server prices the package itself, refuses a different
 * client amount, records the payment, charges the card with an idempotency key and credits
 * the account on success.
 */
export async function createPayment(
  deps: { db: Db; provider: PaymentProvider; logger: Logger },
  params: { user: UserRow; input: CreatePaymentInput },
): Promise<CreatePaymentOutcome> {
  const { db, provider, logger } = deps;
  const { user, input } = params;
  const pkg = findPackage(input.packageId);
  if (!pkg) throw badRequest('Choose a credit package');
  const quote = quotePackage(pkg, user.perCreditPricePence);
  if (poundsToPence(input.amount) !== quote.totalPence) {
    throw badRequest('Amount mismatch', [{ path: 'amount', message: 'Amount mismatch' }]);
  }

  const [payment] = await db
    .insert(payments)
    .values({
      userId: user.id,
      packageId: pkg.id,
      credits: pkg.credits,
      subtotalPence: quote.subtotalPence,
      vatPence: quote.vatPence,
      amountPence: quote.totalPence,
      provider: provider.name,
    })
    .returning();
  const row = payment!;

  let result: Awaited<ReturnType<PaymentProvider['charge']>>;
  try {
    result = await provider.charge({
      paymentId: row.id,
      amountPence: quote.totalPence,
      currency: 'gbp',
      paymentMethod: input.sourceId,
      idempotencyKey: `payment-${row.id}`,
      description: `${pkg.credits} credit${pkg.credits === 1 ? '' : 's'} (${pkg.id})`,
      receiptEmail: input.email,
    });
  } catch (err) {
    // We do not know whether the card was charged: the row stays Pending and the provider's
    // webhook settles it (credits arrive then, exactly once).
    logger.error(`Payment ${row.id}: the provider could not be reached`, err);
    throw new AppError(
      502,
      'Payment error: we could not reach the card provider. If your card was charged, the credits will appear shortly.',
    );
  }

  if (result.status === 'failed') {
    const [failed] = await db
      .update(payments)
      .set({ status: 'Failed', failureMessage: result.message, providerPaymentId: result.providerPaymentId })
      .where(and(eq(payments.id, row.id), ne(payments.status, 'Completed')))
      .returning();
    throw new AppError(402, result.message, [{ path: 'sourceId', message: result.message }], {
      'X-Payment-Id': (failed ?? row).id,
    });
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

/**
 * Marks a payment Completed and credits it: exactly once, however many times and in whatever
 * order the provider reports it. The conditional update is the gate; only the call that
 * flips the status adds the credits and the money spent, in the same transaction.
 */
export async function completePayment(
  db: Db,
  ref: { paymentId: string | null; providerPaymentId: string },
): Promise<PaymentRow> {
  return db.transaction(async (tx) => {
    const match = ref.paymentId
      ? eq(payments.id, ref.paymentId)
      : eq(payments.providerPaymentId, ref.providerPaymentId);
    const [flipped] = await tx
      .update(payments)
      .set({
        status: 'Completed',
        completedAt: sql`now()`,
        failureMessage: null,
        providerPaymentId: ref.providerPaymentId,
      })
      .where(and(match, ne(payments.status, 'Completed')))
      .returning();
    if (!flipped) {
      const [existing] = await tx
        .select()
        .from(payments)
        .where(or(match, eq(payments.providerPaymentId, ref.providerPaymentId)));
      if (!existing) throw badRequest('Unknown payment');
      return existing;
    }
    await applyCreditChange(tx, {
      userId: flipped.userId,
      actorId: flipped.userId,
      kind: 'purchase',
      delta: flipped.credits,
      reference: `payment:${flipped.id}`,
      note: `${flipped.packageId} (${formatSerialNo(flipped.serialNo)})`,
    });
    await tx
      .update(users)
      .set({ totalMoneySpentPence: sql`${users.totalMoneySpentPence} + ${flipped.amountPence}` })
      .where(eq(users.id, flipped.userId));
    return flipped;
  });
}

/** A provider webhook event, applied. Out-of-order and repeated events are harmless. */
export async function applyPaymentEvent(db: Db, logger: Logger, event: PaymentEvent): Promise<void> {
  if (event.type === 'ignored') return;
  const match = event.paymentId
    ? eq(payments.id, event.paymentId)
    : eq(payments.providerPaymentId, event.providerPaymentId);
  const [payment] = await db.select().from(payments).where(match);
  if (!payment) {
    logger.warn(`Webhook for an unknown payment (${event.providerPaymentId}); ignored`);
    return;
  }
  if (event.type === 'succeeded') {
    if (event.amountPence !== payment.amountPence) {
      logger.error(
        `Payment ${payment.id}: provider reports ${event.amountPence}p, expected ${payment.amountPence}p`,
      );
      return;
    }
    await completePayment(db, { paymentId: payment.id, providerPaymentId: event.providerPaymentId });
    return;
  }
  // A failure never undoes a completed payment (events may arrive out of order).
  await db
    .update(payments)
    .set({ status: 'Failed', failureMessage: event.message, providerPaymentId: event.providerPaymentId })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'Pending')));
}
