import { isStaff, normaliseRegistration, type TicketDto } from '@ecu/shared';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { ticketEvents, tickets, users } from '../db/schema';
import { notFound, said } from '../http/app-error';
import { revisionChain } from './revisions';

/** The history line of an assignment (assignment.ts writes it; customers never see it). */
export const ASSIGNED_EVENT = 'assigned';

import { ticketsOfRows, toTicketDto } from './ticket-dto';
import { ticketRowsByIds } from './ticket-read';

type TicketRow = typeof tickets.$inferSelect;

export async function getTicketByNumber(db: Db | Tx, ticketNumber: number): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(tickets).where(eq(tickets.ticketNumber, ticketNumber));
  return row;
}

/** One ticket with files, its history (who did what, by name) and its revision chain. */
export async function ticketDetails(db: Db, row: TicketRow, withOwner: boolean): Promise<TicketDto> {
  const [rows, events, chain] = await Promise.all([
    ticketRowsByIds(db, [row.id], { owner: withOwner }),
    db
      .select()
      .from(ticketEvents)
      .where(eq(ticketEvents.ticketId, row.id))
      .orderBy(asc(ticketEvents.createdAt)),
    revisionChain(db, row),
  ]);
  const actorIds = [...new Set(events.map((e) => e.actorId).filter((x): x is string => Boolean(x)))];
  const people = actorIds.length
    ? await db
        .select({
          id: users.id,
          role: users.role,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(users)
        .where(inArray(users.id, actorIds))
    : [];
  const actors = new Map(
    people.map((p) => [
      p.id,
      isStaff(p.role)
        ? `${`${p.firstName} ${p.lastName}`.trim() || 'Support'} (${p.role})`
        : `${p.firstName} ${p.lastName}`.trim() || p.email,
    ]),
  );
  // Which other ticket a reused tuned file came from is the desk's business: that ticket may be
  // another customer's (docs/decisions/036-known-files.md).
  // Who works the ticket is staff-only (docs/decisions/087-assignment.md): the customer's
  // history has no assignment lines.
  const shown = withOwner ? events : events.filter((e) => e.kind !== ASSIGNED_EVENT).map(withoutReuseSource);
  const [ticket] = ticketsOfRows(rows);
  if (!ticket) throw notFound(said('error.ticketNotFound'));
  const history = { events: shown, actors, ecuIdentification: row.ecuIdentification ?? null };
  return toTicketDto(ticket.row.ticket, ticket.files, {
    history,
    chain,
    owner: ticket.row.owner,
    assignee: ticket.row.assignee,
  });
}

function withoutReuseSource<E extends { detail: unknown }>(event: E): E {
  const detail = event.detail as Record<string, unknown> | null;
  if (!detail || !('reusedFrom' in detail)) return event;
  const { reusedFrom: _hidden, ...rest } = detail;
  return { ...event, detail: rest };
}

/**
 * When the owner's tickets for this registration (spaces and case ignored) were made, for the
 * quote's repeat-vehicle rule; `before`: only those made before it (a ticket priced again).
 */
export async function ticketTimesForRegistration(
  db: Db | Tx,
  query: { userId: string; registration: string; before?: Date },
): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: tickets.createdAt })
    .from(tickets)
    .where(
      and(
        eq(tickets.userId, query.userId),
        query.before ? lt(tickets.createdAt, query.before) : undefined,
        sql`upper(regexp_replace(${tickets.registration}, '\\s', '', 'g')) = ${normaliseRegistration(query.registration)}`,
      ),
    );
  return rows.map((r) => r.createdAt);
}
