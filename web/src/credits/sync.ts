import type { TransactionDto } from '@ecu/shared';
import { localDb, type PortalDb } from '../local/db';

/*
 * What the credits feature keeps offline: the user's payments in localDb.transactions, written
 * by the sync feed only (docs/decisions/044-one-writer.md). A screen that knows of a new or
 * changed payment pulls the feed (local/sync-engine.ts: syncNow, pullAfterWrite).
 */

/** Newest first, like the server's list: by time, then by serial number (same-second payments). */
export async function transactionsNewestFirst(db: PortalDb = localDb): Promise<TransactionDto[]> {
  const rows = await db.transactions.toArray();
  return rows.sort(
    (a, b) =>
      String(b.createdAt).localeCompare(String(a.createdAt)) ||
      String(b.serialNo).localeCompare(String(a.serialNo)),
  );
}
