import {
  type DtcCodeDto,
  dtcCodesAllowed,
  freshDtcCodes,
  isDelivered,
  openRevisionOf,
  quoteRevision,
  REQUEST_CHANGE_RATE,
  type RequestChangeInput,
  type TicketRevisionDto,
} from '@ecu/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { ticketEvents, ticketFiles, tickets, users } from '../db/schema';
import { AppError, badRequest, conflict, notFound, said } from '../http/app-error';
import type { AppDeps, UserRow } from '../http/context';
import { findTicketByClientId, type OnTicketCreated } from './create-ticket';
import { shareStoredBytes } from './stored-files';

type TicketRow = typeof tickets.$inferSelect;

/** A ticket's place in its chain: the ticket it revises and the revisions requested on it. */
export interface RevisionChain {
  revisionOf: { ticketNumber: number } | null;
  revisions: TicketRevisionDto[];
  /** When the chain's first ticket (the original read's) was created, as ISO: reworks count from it. */
  chainStartedAt: string;
}

/**
 * When the first ticket of a revision chain was created: a rework's age counts from the
 * original read, not from the latest revision (else revising a revision every 20 days would
 * keep a Slave's changes free for ever). A parent deleted on the way ends the chain there.
 */
async function chainStart(db: Db, row: TicketRow): Promise<Date> {
  if (!row.parentTicketId) return row.createdAt;
  const [first] = rowsOf<{ created_at: Date | string }>(
    await db.execute(sql`
      with recursive chain (id, parent_ticket_id, created_at) as (
        select id, parent_ticket_id, created_at from tickets where id = ${row.id}
        union all
        select t.id, t.parent_ticket_id, t.created_at from tickets t join chain c on t.id = c.parent_ticket_id
      )
      select created_at from chain order by created_at asc limit 1`),
  );
  return first ? new Date(first.created_at) : row.createdAt;
}

export async function revisionChain(db: Db, row: TicketRow): Promise<RevisionChain> {
  const [parent, children, startedAt] = await Promise.all([
    row.parentTicketId
      ? db
          .select({ ticketNumber: tickets.ticketNumber })
          .from(tickets)
          .where(eq(tickets.id, row.parentTicketId))
          .then((r) => r[0])
      : undefined,
    db
      .select({ ticketNumber: tickets.ticketNumber, status: tickets.status, createdAt: tickets.createdAt })
      .from(tickets)
      .where(eq(tickets.parentTicketId, row.id))
      .orderBy(asc(tickets.createdAt), asc(tickets.ticketNumber)),
    chainStart(db, row),
  ]);
  return {
    revisionOf: parent ? { ticketNumber: parent.ticketNumber } : null,
    revisions: children.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
    chainStartedAt: startedAt.toISOString(),
  };
}

/**
 * 'Request a change' on a delivered ticket (docs/decisions/040-revisions.md): a new ticket with
 * the parent's vehicle and its original ECU file, priced by quoteRevision. The original's
 * stored bytes are shared, not copied (docs/decisions/062-shared-stored-bytes.md). Someone
 * else's ticket answers like a missing one. Once per clientId: a replay returns the first
 * revision. Each call counts against the account's REQUEST_CHANGE_RATE (429), and a parent
 * with a revision still open refuses another (409).
 */
export async function requestChange(
  deps: Pick<AppDeps, 'db' | 'rateLimits'>,
  user: UserRow,
  input: RequestChangeInput,
  onCreated?: OnTicketCreated,
): Promise<{ ticket: TicketRow; created: boolean }> {
  const { db } = deps;
  if (input.clientId) {
    const existing = await findTicketByClientId(db, user.id, input.clientId);
    if (existing) return { ticket: existing, created: false };
  }
  const rate = await deps.rateLimits.hit(
    `request-change:user:${user.id}`,
    REQUEST_CHANGE_RATE.windowSeconds,
    REQUEST_CHANGE_RATE.limit,
  );
  if (!rate.allowed) {
    const minutes = Math.ceil(rate.retryAfterSeconds / 60);
    throw new AppError(
      'rate_limited',
      `You have requested ${REQUEST_CHANGE_RATE.limit} changes in the last hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { headers: { 'Retry-After': String(rate.retryAfterSeconds) } },
    );
  }
  const [parent] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.ticketNumber, input.parentTicketNumber), eq(tickets.userId, user.id)));
  if (!parent) throw notFound(said('error.ticketNotFound'));
  const files = await db
    .select()
    .from(ticketFiles)
    .where(eq(ticketFiles.ticketId, parent.id))
    .orderBy(asc(ticketFiles.createdAt));
  if (!isDelivered({ status: parent.status, hasTunedFile: files.some((f) => f.kind === 'tuned') }))
    throw badRequest(`A change can only be requested once ticket #${parent.ticketNumber} has been delivered`);
  const original = files.find((f) => f.kind === 'ecu');
  if (!original) throw badRequest(`Ticket #${parent.ticketNumber} has no original file to revise`);
  return insertRevision(
    db,
    user,
    parent,
    input,
    {
      name: original.name,
      size: original.size,
      sha256: original.sha256,
      storageKey: original.storageKey,
    },
    onCreated,
  );
}

/**
 * A revision names its own fault codes, or, with DTC OFF still chosen and none named, carries
 * the parent's over: the new file is tuned afresh, so none is removed yet
 * (docs/decisions/092-fault-code-lists.md).
 */
function revisionDtcCodes(parent: TicketRow, input: RequestChangeInput): DtcCodeDto[] {
  if (input.dtcCodes.length > 0) return freshDtcCodes(input.dtcCodes);
  if (!dtcCodesAllowed(input.options)) return [];
  return freshDtcCodes(parent.dtcCodes.map((c) => c.code));
}

async function insertRevision(
  db: Db,
  user: UserRow,
  parent: TicketRow,
  input: RequestChangeInput,
  file: { name: string; size: number; sha256: string; storageKey: string },
  onCreated?: OnTicketCreated,
): Promise<{ ticket: TicketRow; created: boolean }> {
  const masterSlave = input.masterSlave ?? parent.masterSlave ?? 'Master';
  const quote = quoteRevision({
    parent: { make: parent.make, createdAt: await chainStart(db, parent) },
    stage: input.stage,
    options: input.options,
    masterSlave,
  });
  return db.transaction(async (tx) => {
    // The parent's lock makes two calls at once check for an open revision one after the other.
    await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, parent.id)).for('update');
    if (input.clientId) {
      const [replayed] = await tx
        .select()
        .from(tickets)
        .where(and(eq(tickets.userId, user.id), eq(tickets.clientId, input.clientId)));
      if (replayed) return { ticket: replayed, created: false };
    }
    const open = openRevisionOf(
      await tx
        .select({ ticketNumber: tickets.ticketNumber, status: tickets.status })
        .from(tickets)
        .where(eq(tickets.parentTicketId, parent.id)),
    );
    if (open)
      throw conflict(
        `A change to ticket #${parent.ticketNumber} is already open (ticket #${open.ticketNumber}, ${open.status}). You can request another once it has been delivered.`,
      );
    await shareStoredBytes(tx, file);
    const [ticket] = await tx
      .insert(tickets)
      .values({
        userId: user.id,
        clientId: input.clientId ?? null,
        parentTicketId: parent.id,
        make: parent.make,
        model: parent.model,
        year: parent.year,
        registration: parent.registration,
        ecuId: parent.ecuId,
        transmission: parent.transmission,
        readTool: parent.readTool,
        readType: parent.readType,
        masterSlave,
        stage: input.stage,
        options: input.options,
        dtcCodes: revisionDtcCodes(parent, input),
        notes: input.notes || null,
        creditsNeed: quote.total,
        // The same bytes say the same about themselves: no second read.
        ecuIdentification: parent.ecuIdentification,
      })
      .onConflictDoNothing()
      .returning();
    if (!ticket) {
      // The same clientId won a race a moment ago: answer with that ticket.
      const [winner] = await tx
        .select()
        .from(tickets)
        .where(and(eq(tickets.userId, user.id), eq(tickets.clientId, input.clientId!)));
      if (!winner) throw new Error('Revision insert conflicted without a winner');
      return { ticket: winner, created: false };
    }
    await tx.insert(ticketFiles).values({ ticketId: ticket.id, kind: 'ecu', uploadedBy: user.id, ...file });
    await tx.insert(ticketEvents).values({
      ticketId: ticket.id,
      kind: 'created',
      actorId: user.id,
      detail: { creditsNeed: quote.total, quote: quote.lines, files: 1, revisionOf: parent.ticketNumber },
    });
    await tx
      .update(users)
      .set({ totalFilesSubmitted: sql`${users.totalFilesSubmitted} + 1`, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    await onCreated?.(tx, ticket);
    return { ticket, created: true };
  });
}
