import type { KnownOriginalDto } from '@ecu/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { ticketEvents, ticketFiles, tickets, uploads } from '../db/schema';
import { badRequest, notFound, said } from '../http/app-error';
import type { AppDeps, UserRow } from '../http/context';
import { getTicketByNumber } from './queries';
import { shareStoredBytes } from './stored-files';
import { fileDto } from './ticket-dto';

/** A stored file that becomes a ticket's tuned file. */
export interface TunedFileRef {
  name: string;
  size: number;
  sha256: string;
  storageKey: string;
}

/**
 * Makes `stored` the ticket's tuned file, with its line in the history (by the admin), and
 * touches the ticket so the owner's sync picks it up. `uploadId`: the tus upload it came
 * from, attached here (refused when another ticket took it); `reusedFrom`: the ticket whose
 * tuned file this shares.
 */
export async function attachTunedFile(
  tx: Tx,
  ticketId: string,
  admin: UserRow,
  stored: TunedFileRef,
  from: { uploadId?: string | null; reusedFrom?: number } = {},
): Promise<void> {
  const [file] = await tx
    .insert(ticketFiles)
    .values({ ticketId, kind: 'tuned', uploadedBy: admin.id, ...stored })
    .returning();
  if (from.uploadId) {
    const attached = await tx
      .update(uploads)
      .set({ status: 'attached' })
      .where(and(eq(uploads.id, from.uploadId), eq(uploads.status, 'complete')))
      .returning({ id: uploads.id });
    if (attached.length !== 1) throw badRequest('This upload is already attached to a ticket');
  }
  await tx.insert(ticketEvents).values({
    ticketId,
    kind: 'file_uploaded',
    actorId: admin.id,
    detail: {
      kind: 'tuned',
      name: stored.name,
      size: stored.size,
      sha256: stored.sha256,
      fileId: file!.id,
      ...(from.reusedFrom ? { reusedFrom: from.reusedFrom } : {}),
    },
  });
  await tx.update(tickets).set({ updatedAt: sql`now()` }).where(eq(tickets.id, ticketId));
}

interface KnownRow {
  ticket_number: number;
  stage: string;
  options: string[];
  status: string;
  f_id: string;
  f_ticket_id: string;
  f_name: string;
  f_size: string | number;
  f_sha256: string;
  f_created_at: Date;
}

/**
 * The latest earlier ticket, of any customer, whose original has the same SHA-256 as this
 * ticket's and whose tuned file was delivered (Completed or Unlocked), with that tuned file.
 */
export async function knownOriginalOf(db: Db | Tx, ticketId: string): Promise<KnownOriginalDto | null> {
  const [row] = rowsOf<KnownRow>(
    await db.execute(sql`
      select t.ticket_number, t.stage, t.options, t.status,
             tf.id as f_id, tf.ticket_id as f_ticket_id, tf.name as f_name, tf.size as f_size,
             tf.sha256 as f_sha256, tf.created_at as f_created_at
      from ticket_files mine
      join ticket_files same on same.kind = 'ecu' and same.sha256 = mine.sha256 and same.ticket_id <> mine.ticket_id
      join tickets t on t.id = same.ticket_id and t.status in ('Completed', 'Unlocked')
      join lateral (
        select * from ticket_files f where f.ticket_id = t.id and f.kind = 'tuned'
        order by f.created_at desc limit 1
      ) tf on true
      where mine.ticket_id = ${ticketId} and mine.kind = 'ecu'
      order by t.created_at desc
      limit 1`),
  );
  if (!row) return null;
  return {
    ticketNumber: row.ticket_number,
    stage: row.stage,
    options: row.options,
    status: row.status,
    tunedFile: fileDto({
      id: row.f_id,
      name: row.f_name,
      size: Number(row.f_size),
      sha256: row.f_sha256,
    }),
  };
}

/** 'tuned-100130.bin': the copy's name, with the source's extension when it has a plain one. */
export function tunedCopyName(ticketNumber: number, sourceName: string): string {
  const ext = /\.[A-Za-z0-9]{1,8}$/.exec(sourceName)?.[0] ?? '';
  return `tuned-${ticketNumber}${ext}`;
}

/**
 * Delivers an earlier ticket's tuned file on a ticket whose original is the same bytes, as
 * the admin who checked the plan. The server checks the match itself: any ticket named that
 * is not this ticket's known original is refused. The stored bytes are shared, not copied
 * (docs/decisions/062-shared-stored-bytes.md): each ticket keeps its file whatever happens to
 * the other, since bytes go only when no ticket file names them.
 */
export async function reuseTunedFile(
  deps: Pick<AppDeps, 'db'>,
  admin: UserRow,
  input: { ticketNumber: number; fromTicketNumber: number },
): Promise<KnownOriginalDto> {
  const { db } = deps;
  const ticket = await getTicketByNumber(db, input.ticketNumber);
  if (!ticket) throw notFound(said('error.ticketNotFound'));
  const known = await knownOriginalOf(db, ticket.id);
  if (!known || known.ticketNumber !== input.fromTicketNumber)
    throw badRequest(`Ticket #${input.fromTicketNumber} has no delivered tuned file for this original`);
  const [source] = await db.select().from(ticketFiles).where(eq(ticketFiles.id, known.tunedFile.id));
  if (!source) throw notFound('The tuned file is gone');
  await db.transaction(async (tx) => {
    await shareStoredBytes(tx, source);
    await attachTunedFile(
      tx,
      ticket.id,
      admin,
      // Named after this ticket: the source's name may carry the other customer's details.
      {
        name: tunedCopyName(ticket.ticketNumber, source.name),
        size: source.size,
        sha256: source.sha256,
        storageKey: source.storageKey,
      },
      { reusedFrom: known.ticketNumber },
    );
  });
  return known;
}
