import { and, lt, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { uploads } from '../db/schema';
import type { FileStorage } from '../platform/file-storage';

/**
 * Unfinished or never-attached uploads expire after 24 hours: their files and rows go, so a
 * tuner who gives up leaves nothing behind. Attached uploads belong to tickets and stay.
 * tus's own cleanUpExpiredUploads is not used: its FileStore keeps the offset of creation (0)
 * in the .json, so it takes every upload older than 24 hours for unfinished, attached ones too.
 */
export async function sweepExpiredUploads(
  deps: { db: Db; storage: FileStorage },
  now = new Date(),
): Promise<number> {
  const expired = await deps.db
    .delete(uploads)
    .where(and(lt(uploads.expiresAt, now), ne(uploads.status, 'attached')))
    .returning({ storageKey: uploads.storageKey });
  for (const u of expired) await deps.storage.remove(u.storageKey);
  return expired.length;
}
