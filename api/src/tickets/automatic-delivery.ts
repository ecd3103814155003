import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { ticketEvents, ticketFiles, tickets } from '../db/schema';
import type { AppDeps } from '../http/context';
import { queueStatusMessages } from './ticket-life';
import { tunedCopyName } from './tuned-files';

export interface AutomaticDelivery {
  ticketId: string;
  /** The tuned file's bytes, streamed (a 16 MB file is never held whole). */
  body: Readable;
  /** The history line's detail (kind 'auto_delivered'): which solution, approved by whom, the message. */
  detail: Record<string, unknown> & { message: string };
  /** A further line of the owner's e-mail (the word on checksums), if any. */
  note?: string;
  /**
   * Runs in the delivery's transaction once the ticket is locked: answers false to call the
   * delivery off (a solution retired meanwhile), with nothing written.
   */
  confirm?: (tx: Tx) => Promise<boolean>;
}

/**
 * Delivers a tuned file made by the portal itself (docs/decisions/085-solution-library.md): the
 * file is stored as an admin's tuned upload is, recorded with no actor (the system), the ticket
 * set Unlocked and its owner told as for a manual delivery, all in one transaction. A ticket
 * that is no longer Pending or already has a tuned file (an engineer got there first) is left
 * alone. Answers whether it delivered.
 */
export async function deliverAutomatically(
  deps: Pick<AppDeps, 'db' | 'storage' | 'config' | 'jobs' | 'notifications'>,
  delivery: AutomaticDelivery,
): Promise<boolean> {
  const storageKey = `files/${randomUUID().replace(/-/g, '')}`;
  let delivered = false;
  try {
    // A stream that fails halfway leaves a part written: the finally removes it.
    const written = await deps.storage.write(storageKey, delivery.body);
    delivered = await deps.db.transaction(async (tx) => {
      const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, delivery.ticketId)).for('update');
      if (ticket?.status !== 'Pending') return false;
      const [tunedAlready] = await tx
        .select({ id: ticketFiles.id })
        .from(ticketFiles)
        .where(and(eq(ticketFiles.ticketId, ticket.id), eq(ticketFiles.kind, 'tuned')))
        .limit(1);
      if (tunedAlready) return false;
      if (delivery.confirm && !(await delivery.confirm(tx))) return false;
      const [ecu] = await tx
        .select({ name: ticketFiles.name })
        .from(ticketFiles)
        .where(and(eq(ticketFiles.ticketId, ticket.id), eq(ticketFiles.kind, 'ecu')))
        .limit(1);
      const stored = {
        name: tunedCopyName(ticket.ticketNumber, ecu?.name ?? ''),
        size: written.size,
        sha256: written.sha256,
        storageKey,
      };
      const [file] = await tx
        .insert(ticketFiles)
        .values({ ticketId: ticket.id, kind: 'tuned', uploadedBy: null, ...stored })
        .returning({ id: ticketFiles.id });
      await tx.insert(ticketEvents).values([
        {
          ticketId: ticket.id,
          kind: 'file_uploaded',
          actorId: null,
          detail: {
            kind: 'tuned',
            name: stored.name,
            size: stored.size,
            sha256: stored.sha256,
            fileId: file!.id,
            automatic: true,
          },
        },
        { ticketId: ticket.id, kind: 'auto_delivered', actorId: null, detail: delivery.detail },
      ]);
      await tx
        .update(tickets)
        .set({ status: 'Unlocked', updatedAt: sql`now()` })
        .where(eq(tickets.id, ticket.id));
      const [event] = await tx
        .insert(ticketEvents)
        .values({
          ticketId: ticket.id,
          kind: 'status_changed',
          actorId: null,
          detail: { from: ticket.status, to: 'Unlocked', automatic: true },
        })
        .returning({ id: ticketEvents.id });
      await queueStatusMessages(deps, tx, {
        ticket,
        status: 'Unlocked',
        eventId: event!.id,
        ...(delivery.note ? { note: delivery.note } : {}),
      });
      return true;
    });
  } finally {
    if (!delivered) await deps.storage.remove(storageKey);
  }
  return delivered;
}
