import {
  type InternalNoteDto,
  softwareNoteSchema,
  type TicketNotesDto,
  ticketNoteSchema,
  ticketNumberSchema,
} from '@ecu/shared';
import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { currentUser } from '../accounts';
import type { Db } from '../db/client';
import { softwareNotes, ticketNotes, users } from '../db/schema';
import { notFound, said } from '../http/app-error';
import type { AppEnv } from '../http/context';
import { ok } from '../http/envelope';
import { jsonBody, parseWith } from '../http/validate';
import { getTicketByNumber } from './queries';

type NoteRow = {
  id: string;
  text: string;
  createdAt: Date;
  firstName: string | null;
  lastName: string | null;
};

function toNoteDto(row: NoteRow): InternalNoteDto {
  const name = `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim();
  return {
    id: row.id,
    text: row.text,
    author: row.firstName === null ? 'Former staff' : name || 'Staff',
    createdAt: row.createdAt.toISOString(),
  };
}

const noteColumns = (table: typeof ticketNotes | typeof softwareNotes) => ({
  id: table.id,
  text: table.text,
  createdAt: table.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
});

/** The notes a ticket page shows: the ticket's own and those of its read's software version. */
async function notesOfTicket(db: Db, ticketNumber: number): Promise<TicketNotesDto> {
  const ticket = await getTicketByNumber(db, ticketNumber);
  if (!ticket) throw notFound(said('error.ticketNotFound'));
  const softwareNumber = ticket.ecuIdentification?.softwareNumber ?? null;
  const [own, ofSoftware] = await Promise.all([
    db
      .select(noteColumns(ticketNotes))
      .from(ticketNotes)
      .leftJoin(users, eq(users.id, ticketNotes.authorId))
      .where(eq(ticketNotes.ticketId, ticket.id))
      .orderBy(asc(ticketNotes.createdAt), asc(ticketNotes.id)),
    softwareNumber
      ? db
          .select(noteColumns(softwareNotes))
          .from(softwareNotes)
          .leftJoin(users, eq(users.id, softwareNotes.authorId))
          .where(eq(softwareNotes.softwareNumber, softwareNumber))
          .orderBy(asc(softwareNotes.createdAt), asc(softwareNotes.id))
      : Promise.resolve([]),
  ]);
  return {
    ticketNumber,
    softwareNumber,
    ticketNotes: own.map(toNoteDto),
    softwareNotes: ofSoftware.map(toNoteDto),
  };
}

/**
 * Internal notes (docs/decisions/086-engineers-and-internal-notes.md), mounted under /api/admin
 * behind the staff gate: engineers and admins read and write them; nothing customer-facing
 * reads these tables.
 */
export function internalNoteRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/tickets/notes', async (c) => {
    const { ticketNumber } = parseWith(ticketNumberSchema, { ticketNumber: c.req.query('ticketNumber') });
    c.header('Cache-Control', 'private, no-store');
    return ok(c, 'Internal notes', await notesOfTicket(c.var.deps.db, ticketNumber));
  });

  app.post('/tickets/notes', async (c) => {
    const { ticketNumber, text } = await jsonBody(c, ticketNoteSchema);
    const { db } = c.var.deps;
    const ticket = await getTicketByNumber(db, ticketNumber);
    if (!ticket) throw notFound(said('error.ticketNotFound'));
    await db.insert(ticketNotes).values({ ticketId: ticket.id, authorId: currentUser(c).id, text });
    return ok(c, 'Note added', await notesOfTicket(db, ticketNumber), 201);
  });

  app.post('/software-notes', async (c) => {
    const { softwareNumber, text } = await jsonBody(c, softwareNoteSchema);
    const [row] = await c.var.deps.db
      .insert(softwareNotes)
      .values({ softwareNumber, authorId: currentUser(c).id, text })
      .returning({ id: softwareNotes.id, createdAt: softwareNotes.createdAt });
    const user = currentUser(c);
    return ok(
      c,
      'Note added',
      toNoteDto({
        id: row!.id,
        text,
        createdAt: row!.createdAt,
        firstName: user.firstName,
        lastName: user.lastName,
      }),
      201,
    );
  });

  return app;
}
