import { useEffect } from 'react';
import { startSyncLoop } from '../local/sync-engine';
import './outbox-on-use';

/** Keeps Dexie in step with the server while a verified user is signed in. */
export default function SyncRunner({ userId }: { userId: string }) {
  useEffect(() => {
    if (!userId) return;
    // Ask the browser not to evict our IndexedDB (queued files and commands live there).
    navigator.storage?.persist?.().catch(() => {});
    return startSyncLoop((err) => console.warn('Sync failed', err));
  }, [userId]);
  return null;
}
