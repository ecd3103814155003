import { type CreditHistoryEntryDto, creditReason, formatSerialNo, ledgerTicketNumber } from '@ecu/shared';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { creditLedger, payments } from '../db/schema';
import { parseIdCursor } from '../http/keyset-cursor';
import { isUuid } from '../http/uuid';

export type LedgerRow = typeof creditLedger.$inferSelect;

export interface LedgerPageParams {
  userId: string;
  limit: number;
  /** The previous page's nextCursor: the last entry's id. Anything else starts from the top. */
  cursor?: string | undefined;
}

export interface LedgerRowsPage {
  rows: LedgerRow[];
  nextCursor: string | null;
}

/**
 * One page of a user's credit ledger, newest first (ids grow with time, and the index on
 * (user_id, id) serves every page alike). The one query behind the customer's credit history
 * and the admin's ledger of a user;
 * the user id always comes from the caller, never from the request.
 */
export async function ledgerRowsPage(db: Db, params: LedgerPageParams): Promise<LedgerRowsPage> {
  const before = parseIdCursor(params.cursor);
  const found = await db
    .select()
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, params.userId),
        before === undefined ? undefined : lt(creditLedger.id, before),
      ),
    )
    .orderBy(desc(creditLedger.id))
    .limit(params.limit + 1);
  const rows = found.slice(0, params.limit);
  return { rows, nextCursor: found.length > params.limit ? String(rows.at(-1)!.id) : null };
}

/** A purchase's payment id ('payment:<uuid>', as completePayment writes it), else null. */
function paymentIdOf(entry: LedgerRow): string | null {
  const id = entry.kind === 'purchase' ? /^payment:(.+)$/.exec(entry.reference ?? '')?.[1] : undefined;
  return id && isUuid(id) ? id : null;
}

/** The order numbers ('SN-000123') of the purchases on a page, by payment id. */
async function orderNumbers(db: Db, userId: string, rows: LedgerRow[]): Promise<Map<string, string>> {
  const ids = rows.map(paymentIdOf).filter((id) => id !== null);
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: payments.id, serialNo: payments.serialNo })
    .from(payments)
    .where(and(inArray(payments.id, ids), eq(payments.userId, userId)));
  return new Map(found.map((p) => [p.id, formatSerialNo(p.serialNo)]));
}

/** GET /payment/credit-history: the caller's ledger as My Transactions shows it. */
export async function creditHistoryPage(
  db: Db,
  params: LedgerPageParams,
): Promise<{ rows: CreditHistoryEntryDto[]; nextCursor: string | null }> {
  const page = await ledgerRowsPage(db, params);
  const orders = await orderNumbers(db, params.userId, page.rows);
  return {
    rows: page.rows.map((e) => {
      const ticketNumber = ledgerTicketNumber(e.reference);
      const paymentId = paymentIdOf(e);
      const orderNo = paymentId ? orders.get(paymentId) : undefined;
      return {
        id: e.id,
        at: e.createdAt.toISOString(),
        kind: e.kind,
        reason: creditReason({ kind: e.kind, ticketNumber, orderNo }),
        amount: e.delta,
        balanceAfter: e.balanceAfter,
        ticketNumber,
      };
    }),
    nextCursor: page.nextCursor,
  };
}
