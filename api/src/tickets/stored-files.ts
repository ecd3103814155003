import { and, eq, inArray, notExists } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { changes, storedBlobs, ticketFiles, tickets } from '../db/schema';
import { conflict } from '../http/app-error';
import type { FileStorage } from '../platform/file-storage';

/** How many unreferenced blobs one sweep removes; the next prune takes the rest. */
const SWEEP_BATCH = 200;

/**
 * Takes a share of stored bytes for a new ticket file in the caller's transaction
 * (docs/decisions/062-shared-stored-bytes.md). The row lock keeps a concurrent sweep from
 * removing the bytes until the new file row is committed; bytes already swept answer 409.
 */
export async function shareStoredBytes(tx: Tx, file: { storageKey: string; sha256: string }): Promise<void> {
  const [blob] = await tx
    .select({ storageKey: storedBlobs.storageKey })
    .from(storedBlobs)
    .where(and(eq(storedBlobs.storageKey, file.storageKey), eq(storedBlobs.sha256, file.sha256)))
    .for('share');
  if (!blob) throw conflict('That file is no longer stored');
}

/**
 * Removes the stored bytes that no ticket file refers to any more: all of them (the prune), or
 * only `keys` (a delete path, right after its commit, with the keys of the rows it deleted).
 * The rows are locked and the reference re-checked in a later statement, so a file that took a
 * share meanwhile keeps its bytes; a blob being shared at this moment is skipped, not waited
 * for. Bytes go before the commit: a failure rolls back and leaves rows that nothing refers
 * to for the next sweep, never a file without its bytes nor bytes without a row. Returns how
 * many blobs were removed.
 */
export async function removeUnreferencedFiles(
  deps: { db: Db; storage: FileStorage },
  keys?: readonly string[],
): Promise<number> {
  if (keys && keys.length === 0) return 0;
  const unreferenced = notExists(
    deps.db
      .select({ one: ticketFiles.id })
      .from(ticketFiles)
      .where(eq(ticketFiles.storageKey, storedBlobs.storageKey)),
  );
  return deps.db.transaction(async (tx) => {
    const locked = await tx
      .select({ storageKey: storedBlobs.storageKey })
      .from(storedBlobs)
      .where(keys ? and(inArray(storedBlobs.storageKey, [...keys]), unreferenced) : unreferenced)
      .limit(SWEEP_BATCH)
      .for('update', { skipLocked: true });
    if (locked.length === 0) return 0;
    const gone = await tx
      .delete(storedBlobs)
      .where(
        and(
          inArray(
            storedBlobs.storageKey,
            locked.map((b) => b.storageKey),
          ),
          unreferenced,
        ),
      )
      .returning({ storageKey: storedBlobs.storageKey });
    // Inside the transaction: a failure keeps the rows (nothing refers to them) for the next sweep.
    for (const { storageKey } of gone) await deps.storage.remove(storageKey);
    return gone.length;
  });
}

/**
 * Deletes tickets with everything that cascades from them (files, history, chat), tells the
 * owners' devices, then removes the stored bytes no other ticket file shares. For any delete
 * path of tickets (an account's tickets included); a revision of a deleted ticket stays, its
 * parent link emptied.
 */
export async function deleteTickets(
  deps: { db: Db; storage: FileStorage },
  ticketIds: readonly string[],
): Promise<void> {
  if (ticketIds.length === 0) return;
  const keys = await deps.db.transaction(async (tx) => {
    const files = await tx
      .delete(ticketFiles)
      .where(inArray(ticketFiles.ticketId, [...ticketIds]))
      .returning({ storageKey: ticketFiles.storageKey });
    const gone = await tx
      .delete(tickets)
      .where(inArray(tickets.id, [...ticketIds]))
      .returning({ id: tickets.id, userId: tickets.userId });
    // The owners' devices drop them on their next sync.
    if (gone.length > 0)
      await tx
        .insert(changes)
        .values(gone.map((t) => ({ userId: t.userId, entity: 'ticket', entityId: t.id, deleted: true })));
    return files.map((f) => f.storageKey);
  });
  await removeUnreferencedFiles(deps, [...new Set(keys)]);
}
