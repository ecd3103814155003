import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { creditLedger, downloadEvents, payments, tickets, users } from '../db/schema';

/** At most this many ledger lines in one evidence file (a customer's history from the payment on). */
export const EVIDENCE_LEDGER_LIMIT = 500;

export type PaymentEvidence = NonNullable<Awaited<ReturnType<typeof getPaymentEvidence>>>;

/**
 * What a chargeback reply needs about one payment (docs/product.md#9-the-admin-desk): the
 * payment and its payer, the payer's ledger from the payment on, the tickets those credits were
 * spent on (download charges after the payment) and every recorded download of them.
 * Undefined for an unknown payment.
 */
export async function getPaymentEvidence(db: Db, paymentId: string) {
  const [row] = await db
    .select({ payment: payments, payer: users })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.id, paymentId));
  if (!row) return undefined;
  const { payment, payer } = row;
  const ledger = await db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, payer.id), gte(creditLedger.createdAt, payment.createdAt)))
    .orderBy(asc(creditLedger.id))
    .limit(EVIDENCE_LEDGER_LIMIT);
  const charged = ledger.flatMap((l) => {
    const n = l.kind === 'download_charge' ? l.reference?.match(/^ticket:(\d+)$/)?.[1] : undefined;
    return n ? [{ ticketNumber: Number(n), chargedAt: l.createdAt, credits: -l.delta }] : [];
  });
  const numbers = [...new Set(charged.map((c) => c.ticketNumber))];
  const spentOn = numbers.length
    ? await db
        .select()
        .from(tickets)
        .where(and(eq(tickets.userId, payer.id), inArray(tickets.ticketNumber, numbers)))
    : [];
  const downloads = spentOn.length
    ? await db
        .select()
        .from(downloadEvents)
        .where(
          and(
            eq(downloadEvents.userId, payer.id),
            inArray(
              downloadEvents.ticketId,
              spentOn.map((t) => t.id),
            ),
          ),
        )
        .orderBy(asc(downloadEvents.createdAt))
    : [];
  return {
    payment,
    payer,
    ledger,
    charges: charged.map((c) => {
      const ticket = spentOn.find((t) => t.ticketNumber === c.ticketNumber);
      return {
        ...c,
        vehicle: ticket
          ? `${ticket.make} ${ticket.model} ${ticket.year} (${ticket.registration})`
          : 'unknown',
        downloads: ticket ? downloads.filter((d) => d.ticketId === ticket.id) : [],
      };
    }),
  };
}
