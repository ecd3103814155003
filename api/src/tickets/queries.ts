import type { TicketDto } from '@ecu/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { perDatabase } from '../db/prepared';
import { ticketEvents, ticketFiles, tickets, users } from '../db/schema';
import { revisionChain } from './revisions';
import { type FileRow, type OwnerRow, toTicketDto } from './ticket-dto';

type TicketRow = typeof tickets.$inferSelect;

/** What a ticket card shows of a file (never its storage key or uploader). */
const fileColumns = {
  id: ticketFiles.id,
  ticketId: ticketFiles.ticketId,
  kind: ticketFiles.kind,
  name: ticketFiles.name,
  size: ticketFiles.size,
  sha256: ticketFiles.sha256,
  createdAt: ticketFiles.createdAt,
};
const ownerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

/**
 * The hot reads, built and named once per database: the SQL is not rebuilt per request and
 * PostgreSQL keeps the plans (docs/decisions/030-hot-reads.md).
 */
function prepareReads(db: Db) {
  return {
    filesOf: db
      .select(fileColumns)
      .from(ticketFiles)
      .where(sql`${ticketFiles.ticketId} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('files_of_tickets'),
    ownersOf: db
      .select(ownerColumns)
      .from(users)
      .where(sql`${users.id} = any(${sql.placeholder('ids')}::text[])`)
      .prepare('owners_of_tickets'),
  };
}
const reads = perDatabase(prepareReads);

export async function getTicketByNumber(db: Db | Tx, ticketNumber: number): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(tickets).where(eq(tickets.ticketNumber, ticketNumber));
  return row;
}

/** Tickets with their files, shaped for the API, in the order given. */
export async function ticketDtos(db: Db, rows: TicketRow[], withOwner = false): Promise<TicketDto[]> {
  if (rows.length === 0) return [];
  const q = reads(db);
  const [files, owners] = await Promise.all([
    q.filesOf.execute({ ids: rows.map((t) => t.id) }),
    withOwner ? q.ownersOf.execute({ ids: [...new Set(rows.map((t) => t.userId))] }) : undefined,
  ]);
  const filesByTicket = new Map<string, FileRow[]>();
  for (const f of files) {
    const list = filesByTicket.get(f.ticketId);
    if (list) list.push(f);
    else filesByTicket.set(f.ticketId, [f]);
  }
  const ownerById = owners && new Map<string, OwnerRow>(owners.map((o) => [o.id, o]));
  return rows.map((t) => toTicketDto(t, filesByTicket.get(t.id) ?? [], { owner: ownerById?.get(t.userId) }));
}

/** One ticket with files, its history (who did what, by name) and its revision chain. */
export async function ticketDetails(db: Db, row: TicketRow, withOwner: boolean): Promise<TicketDto> {
  const q = reads(db);
  const [files, events, owners, chain] = await Promise.all([
    q.filesOf.execute({ ids: [row.id] }),
    db
      .select()
      .from(ticketEvents)
      .where(eq(ticketEvents.ticketId, row.id))
      .orderBy(asc(ticketEvents.createdAt)),
    withOwner ? q.ownersOf.execute({ ids: [row.userId] }) : undefined,
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
      p.role === 'admin'
        ? `${`${p.firstName} ${p.lastName}`.trim() || 'Support'} (admin)`
        : `${p.firstName} ${p.lastName}`.trim() || p.email,
    ]),
  );
  // Which other ticket a reused tuned file came from is the desk's business: that ticket may be
  // another customer's (docs/decisions/036-known-files.md).
  const shown = withOwner ? events : events.map(withoutReuseSource);
  return toTicketDto(row, files, { events: shown, actors, owner: owners?.[0], chain });
}

function withoutReuseSource<E extends { detail: unknown }>(event: E): E {
  const detail = event.detail as Record<string, unknown> | null;
  if (!detail || !('reusedFrom' in detail)) return event;
  const { reusedFrom: _hidden, ...rest } = detail;
  return { ...event, detail: rest };
}
