import type { OutboxHandlers } from './outbox';

/**
 * Where the outbox finds its handlers (outbox.ts flushOutbox), apart from the outbox itself so
 * that installing them brings no Dexie: the signed-in layout installs the loader and paints
 * before the local database's code has loaded (docs/decisions/084-paint-from-device.md).
 */
let installed: OutboxHandlers | null = null;
let loadHandlers: (() => Promise<OutboxHandlers>) | null = null;

/**
 * The app shell hands the outbox its table once, before anything is sent (tests do);
 * until then there are no handlers to run, so the sign-in page downloads none
 * (docs/decisions/031-first-visit.md).
 */
export function installOutboxHandlers(handlers: OutboxHandlers) {
  installed = handlers;
}

/**
 * Or the way to load the table, on the first flush: the signed-in layout paints without the
 * handlers' code (file uploads, schemas) and a screen that sends a command before the sync
 * loop has loaded still finds them (docs/decisions/084-paint-from-device.md).
 */
export function installOutboxHandlersOnUse(load: () => Promise<OutboxHandlers>) {
  loadHandlers = load;
}

/** The installed table, or else the way to load it, or nothing yet. */
export function outboxHandlers(): {
  installed: OutboxHandlers | null;
  load: (() => Promise<OutboxHandlers>) | null;
} {
  return { installed, load: loadHandlers };
}

/** After loading the table on first use, it stays installed. */
export function rememberOutboxHandlers(handlers: OutboxHandlers) {
  installed = handlers;
}
