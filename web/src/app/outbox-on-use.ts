import { installOutboxHandlersOnUse } from '../local/outbox-registry';

// The outbox sends and replays commands with this table (docs/decisions/041-outbox-commands.md),
// loaded with the first pending command: neither a first screen nor a sync with nothing queued
// loads the upload code (docs/decisions/084-paint-from-device.md). Imported for this effect by
// the signed-in layout and the sync runner, whichever loads first.
installOutboxHandlersOnUse(async () => (await import('./outbox-handlers')).OUTBOX_HANDLERS);
