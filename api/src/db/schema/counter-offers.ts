import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { tickets } from './tickets';

/**
 * A different plan an engineer proposed to a ticket's owner (docs/decisions/091-counter-offers.md).
 * Open while `answer` is null; at most one open offer per ticket.
 */
export const ticketCounterOffers = pgTable(
  'ticket_counter_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    options: jsonb('options').$type<string[]>().notNull(),
    message: text('message').notNull(),
    /** Credits: quote of the proposed plan minus quote of the plan when it was proposed. */
    priceDifference: integer('price_difference').notNull(),
    proposedBy: text('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answer: text('answer', { enum: ['accepted', 'declined'] }),
  },
  (t) => [
    index('ticket_counter_offers_ticket_id_idx').on(t.ticketId, t.createdAt),
    // One open offer per ticket, whatever races.
    uniqueIndex('ticket_counter_offers_open_idx').on(t.ticketId).where(sql`${t.answer} is null`),
    check(
      'ticket_counter_offers_answer',
      sql`${t.answer} is null or ${t.answer} in ('accepted', 'declined')`,
    ),
    check('ticket_counter_offers_answered', sql`(${t.answer} is null) = (${t.answeredAt} is null)`),
  ],
);
