import { z } from 'zod';
import type { LedgerEntryDto } from '../admin/dto';

/** Why a balance changed, as the credit ledger stores it. */
export type CreditLedgerKind = LedgerEntryDto['kind'];

/**
 * GET /payment/credit-history (docs/decisions/037-credit-history.md): the caller's own ledger,
 * newest first; `cursor` is the previous answer's nextCursor.
 */
export const creditHistoryQuerySchema = z.object({
  limit: z.coerce.number().int('limit must be a whole number').min(1).max(100).default(20),
  cursor: z.string().trim().max(200).optional(),
});
export type CreditHistoryQuery = z.infer<typeof creditHistoryQuerySchema>;

/** One line of My Transactions' credit history. */
export interface CreditHistoryEntryDto {
  id: number;
  /** ISO time of the change. */
  at: string;
  kind: CreditLedgerKind;
  /** What the customer reads: 'Download of ticket #100123'. */
  reason: string;
  /** Signed: + credits added, - credits taken. */
  amount: number;
  balanceAfter: number;
  /** The ticket the change is about (a download, a refund), else null. */
  ticketNumber: number | null;
}

/** 'ticket:100123' -> 100123; any other reference -> null. */
export function ledgerTicketNumber(reference: string | null | undefined): number | null {
  const match = /^ticket:(\d{1,15})$/.exec(reference ?? '');
  return match ? Number(match[1]) : null;
}

export interface CreditReasonInput {
  kind: string;
  ticketNumber?: number | null;
  /** The order's serial number ('SN-000123') of a purchase, when known. */
  orderNo?: string | null;
}

/**
 * The customer's wording of a ledger entry. An admin's own note is never shown here: it is
 * written for the team, so support changes read the same whatever the note says.
 */
export function creditReason({ kind, ticketNumber, orderNo }: CreditReasonInput): string {
  const ticket = ticketNumber ? ` of ticket #${ticketNumber}` : '';
  switch (kind) {
    case 'purchase':
      return orderNo ? `Credits bought (order ${orderNo})` : 'Credits bought';
    case 'download_charge':
      return ticket ? `Download${ticket}` : 'Download of a tuned file';
    case 'refund':
      return ticket ? `Refund${ticket}` : 'Refund';
    case 'admin_adjustment':
      return 'Adjusted by support';
    case 'admin_reset':
      return 'Balance reset by support';
    default:
      return 'Balance change';
  }
}
