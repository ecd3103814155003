import { formatSerialNo } from '@ecu/shared';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments, users } from '../../db/schema';
import { badRequest } from '../../http/app-error';
import type { Logger } from '../../platform/logger';
import { applyCreditChange } from '../ledger';
import type { PaymentEvent } from './provider';

export type PaymentRow = typeof payments.$inferSelect;

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
