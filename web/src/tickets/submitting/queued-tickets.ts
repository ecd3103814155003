/* eslint-disable lingui/no-unlocalized-strings -- English where made and kept on the device, shown through wizardText (tickets/wizard/wizard-words.ts) */
import { localDb, type PortalDb } from '../../local/db';
import { type FlushOptions, type FlushResult, flushOutbox } from '../../local/outbox';
import { filesOfCommand } from './ticket-outbox';
import { pause, resume } from './upload-queue';

/** What the screens do with queued tickets: send one now, retry a refused one, discard one. */

export type SendOutcome =
  | { kind: 'created'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'paused' }
  | { kind: 'queued'; waitingFor: 'network' | 'server' };

/**
 * Runs the outbox and says what became of one command. A flush already under way (the sync
 * loop) may have emptied its queue just before this command was added: then one more run.
 */
export async function sendCommand(
  id: number,
  db: PortalDb = localDb,
  options: FlushOptions = {},
): Promise<SendOutcome> {
  let result: FlushResult = await flushOutbox(db, options);
  let row = await db.outbox.get(id);
  if (row?.status === 'pending' && !result.interrupted) {
    result = await flushOutbox(db, options);
    row = await db.outbox.get(id);
  }
  if (!row) {
    const confirmed = result.confirmed.find((c) => c.id === id);
    return { kind: 'created', message: confirmed?.message || 'ECU file submitted successfully' };
  }
  if (row.status === 'failed') return { kind: 'failed', message: row.error || 'Failed to create Ecu file' };
  const files = await filesOfCommand(row, db);
  if (files.some((f) => f.status === 'paused')) return { kind: 'paused' };
  // Held behind another ticket's paused file, it waits like a ticket without network.
  return { kind: 'queued', waitingFor: result.waitingFor === 'server' ? 'server' : 'network' };
}

/** A refused ticket goes again: its refused files restart, the command is pending again. */
export async function retryCommand(id: number, db: PortalDb = localDb): Promise<void> {
  const cmd = await db.outbox.get(id);
  if (!cmd) return;
  for (const file of await filesOfCommand(cmd, db)) await resume(file.id, db);
  await db.outbox.update(id, { status: 'pending', error: undefined });
}

/** Drops a queued ticket and its files from this device. */
export async function discardQueuedTicket(id: number, db: PortalDb = localDb): Promise<void> {
  const cmd = await db.outbox.get(id);
  if (!cmd) return;
  const files = await filesOfCommand(cmd, db);
  // Stop what is being sent first, so no request outlives the ticket.
  for (const file of files) await pause(file.id, db).catch(() => {});
  await db.transaction('rw', db.outbox, db.localFiles, async () => {
    await db.outbox.delete(id);
    await db.localFiles.bulkDelete(files.map((f) => f.id));
  });
}
