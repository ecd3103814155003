import type { TicketDto } from '@ecu/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { ticketEvents, ticketFiles, tickets, users } from '../db/schema';
import { toTicketDto } from './ticket-dto';

type TicketRow = typeof tickets.$inferSelect;

export async function getTicketByNumber(db: Db | Tx, ticketNumber: number): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(tickets).where(eq(tickets.ticketNumber, ticketNumber));
  return row;
}

/** Tickets with their files, shaped for the API, in the order given. */
export async function ticketDtos(db: Db, rows: TicketRow[], withOwner = false): Promise<TicketDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((t) => t.id);
  const files = await db.select().from(ticketFiles).where(inArray(ticketFiles.ticketId, ids));
  const owners = withOwner
    ? new Map(
        (
          await db
            .select()
            .from(users)
            .where(inArray(users.id, [...new Set(rows.map((t) => t.userId))]))
        ).map((u) => [u.id, u]),
      )
    : undefined;
  return rows.map((t) =>
    toTicketDto(
      t,
      files.filter((f) => f.ticketId === t.id),
      { owner: owners?.get(t.userId) },
    ),
  );
}

/** One ticket with files and its history (who did what, by name). */
export async function ticketDetails(db: Db, row: TicketRow, withOwner: boolean): Promise<TicketDto> {
  const [files, events] = await Promise.all([
    db.select().from(ticketFiles).where(eq(ticketFiles.ticketId, row.id)),
    db
      .select()
      .from(ticketEvents)
      .where(eq(ticketEvents.ticketId, row.id))
      .orderBy(asc(ticketEvents.createdAt)),
  ]);
  const actorIds = [...new Set(events.map((e) => e.actorId).filter((x): x is string => Boolean(x)))];
  const people = actorIds.length ? await db.select().from(users).where(inArray(users.id, actorIds)) : [];
  const actors = new Map(
    people.map((p) => [
      p.id,
      p.role === 'admin'
        ? `${`${p.firstName} ${p.lastName}`.trim() || 'Support'} (admin)`
        : `${p.firstName} ${p.lastName}`.trim() || p.email,
    ]),
  );
  const [owner] = withOwner ? await db.select().from(users).where(eq(users.id, row.userId)) : [];
  return toTicketDto(row, files, { events, actors, owner });
}
