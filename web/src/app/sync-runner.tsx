import { useEffect } from 'react';
import { installOutboxHandlersOnUse } from '../local/outbox';
import { startSyncLoop } from '../local/sync-engine';

// The outbox sends and replays commands with this table (docs/decisions/041-outbox-commands.md),
// loaded when a command is first sent: a sync with nothing queued loads no upload code.
installOutboxHandlersOnUse(async () => (await import('./outbox-handlers')).OUTBOX_HANDLERS);

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
