import type { TransactionDto } from '@ecu/shared';
import { localDb, type PortalDb } from '../local/db';
import { creditsApi } from './api';

type LoadHistory = () => Promise<TransactionDto[]>;

const loadHistory: LoadHistory = async () => (await creditsApi.paymentHistory()).data;

/**
 * What the credits feature keeps offline: the user's payments, in localDb.transactions (the
 * sync feed keeps them current too). Payments are never deleted on the server (they stay for
 * accounting), so the full history is merged in and nothing local is removed.
 */
export async function refreshPaymentHistory(
  db: PortalDb = localDb,
  load: LoadHistory = loadHistory,
): Promise<number> {
  const rows = await load();
  await db.transactions.bulkPut(rows);
  return rows.length;
}

/** A payment the server just answered for (checkout), shown on My Transactions at once. */
export async function storeTransaction(tx: TransactionDto, db: PortalDb = localDb): Promise<void> {
  await db.transactions.put(tx);
}

/** Newest first, like the server's list: by time, then by serial number (same-second payments). */
export async function transactionsNewestFirst(db: PortalDb = localDb): Promise<TransactionDto[]> {
  const rows = await db.transactions.toArray();
  return rows.sort(
    (a, b) =>
      String(b.createdAt).localeCompare(String(a.createdAt)) ||
      String(b.serialNo).localeCompare(String(a.serialNo)),
  );
}
