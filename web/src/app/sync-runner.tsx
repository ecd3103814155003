import { useEffect } from 'react';
import { installOutboxHandlers } from '../local/outbox';
import { startSyncLoop } from '../local/sync-engine';
import { OUTBOX_HANDLERS } from './outbox-handlers';

// The outbox sends and replays commands with this table (docs/decisions/041-outbox-commands.md).
installOutboxHandlers(OUTBOX_HANDLERS);

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
