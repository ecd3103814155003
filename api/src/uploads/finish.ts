import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { uploads } from '../db/schema';
import type { FileStorage } from '../platform/file-storage';

type UploadRow = typeof uploads.$inferSelect;

/**
 * Marks an upload complete with the SHA-256 of its stored bytes. tus's onUploadFinish does
 * this after the last byte; when that step failed (a database blip, a kill after the last
 * byte), it is done on demand here: on HEAD and when a ticket names the upload.
 */
export async function markComplete(db: Db, id: string, sha256: string): Promise<UploadRow | undefined> {
  const [row] = await db
    .update(uploads)
    .set({ status: 'complete', sha256, completedAt: sql`now()` })
    .where(and(eq(uploads.id, id), eq(uploads.status, 'uploading')))
    .returning();
  return row;
}

/**
 * The row as it should be: an 'uploading' row whose stored bytes already reach its length is
 * finished now (docs/decisions/025-files-and-local-data.md). Any other row comes back as is.
 */
export async function finishIfStored(
  deps: { db: Db; storage: FileStorage },
  row: UploadRow,
): Promise<UploadRow> {
  if (row.status !== 'uploading') return row;
  const stored = await deps.storage.size(row.storageKey).catch(() => -1);
  if (stored !== row.size) return row;
  const sha256 = await deps.storage.sha256(row.storageKey);
  const finished = await markComplete(deps.db, row.id, sha256);
  if (finished) return finished;
  // Another request finished it a moment ago.
  const [now] = await deps.db.select().from(uploads).where(eq(uploads.id, row.id));
  return now ?? row;
}
