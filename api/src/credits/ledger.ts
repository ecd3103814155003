import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { creditLedger, type LEDGER_KINDS, users } from '../db/schema';
import { AppError, notFound, said } from '../http/app-error';

export type LedgerKind = (typeof LEDGER_KINDS)[number];

export interface CreditChange {
  userId: string;
  /** Who made the change: the admin, or the user themself (purchase, download). */
  actorId: string | null;
  kind: LedgerKind;
  /** Credits added (positive) or taken (negative); for 'admin_reset' the balance goes to 0. */
  delta: number;
  reference?: string | null;
  note?: string | null;
}

export interface CreditChangeResult {
  entryId: number;
  delta: number;
  balanceAfter: number;
}

export class InsufficientCreditsError extends AppError {
  constructor(
    readonly balance: number,
    readonly needed: number,
  ) {
    const missing = needed - balance;
    super(
      'insufficient_credits',
      said('error.insufficientCredits', {
        needed: String(needed),
        balance: String(balance),
        missing: String(missing),
        missingCount: missing,
      }),
    );
  }
}

/**
 * The one way a balance changes. Inside one transaction: lock the user's row (concurrent
 * writers queue here), compute the new balance, refuse to go below zero, update the balance
 * and append the ledger entry with the balance after it. The CHECK constraints on users and
 * credit_ledger hold the line even if this code were bypassed.
 */
export async function applyCreditChange(db: Db | Tx, change: CreditChange): Promise<CreditChangeResult> {
  const run = async (tx: Tx) => {
    const [row] = await tx
      .select({ credits: users.credits })
      .from(users)
      .where(eq(users.id, change.userId))
      .for('update');
    if (!row) throw notFound('User not found');
    const delta = change.kind === 'admin_reset' ? -row.credits : change.delta;
    const balanceAfter = row.credits + delta;
    if (balanceAfter < 0) throw new InsufficientCreditsError(row.credits, -delta);
    await tx
      .update(users)
      .set({ credits: balanceAfter, updatedAt: sql`now()` })
      .where(eq(users.id, change.userId));
    const [entry] = await tx
      .insert(creditLedger)
      .values({
        userId: change.userId,
        actorId: change.actorId,
        kind: change.kind,
        delta,
        balanceAfter,
        reference: change.reference ?? null,
        note: change.note ?? null,
      })
      .returning({ id: creditLedger.id });
    return { entryId: entry!.id, delta, balanceAfter };
  };
  // Inside a caller's transaction this is a savepoint; on its own, a transaction.
  return (db as Db).transaction(run);
}
