import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { tickets } from './tickets';

/**
 * Internal notes (docs/decisions/086-engineers-and-internal-notes.md): staff only. No change-feed
 * trigger and no customer query reads these tables, so a note never reaches a customer.
 */
export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_notes_ticket_id_idx').on(t.ticketId, t.createdAt),
    check('ticket_notes_text_length', sql`char_length(${t.text}) between 1 and 4000`),
  ],
);

/** A note on one software version, shown on every ticket whose read identifies as it. */
export const softwareNotes = pgTable(
  'software_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    softwareNumber: text('software_number').notNull(),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('software_notes_software_number_idx').on(t.softwareNumber, t.createdAt),
    check('software_notes_text_length', sql`char_length(${t.text}) between 1 and 4000`),
  ],
);
