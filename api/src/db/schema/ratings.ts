import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { tickets } from './tickets';

/**
 * A tuner's rating of a delivered ticket, one per ticket; re-rating replaces it within the
 * change window (docs/decisions/089-ratings.md).
 */
export const ticketRatings = pgTable(
  'ticket_ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .unique()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** Who is credited with the delivery when it was rated: the tuned file's uploader, else the assignee. */
    engineerId: text('engineer_id').references(() => users.id, { onDelete: 'set null' }),
    stars: integer('stars').notNull(),
    comment: text('comment'),
    /** 1 when given, one more each time it is replaced: names each rating for its one low-rating notice. */
    revision: integer('revision').notNull().default(1),
    firstRatedAt: timestamp('first_rated_at', { withTimezone: true }).notNull().defaultNow(),
    ratedAt: timestamp('rated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Overview: ratings per week and per engineer.
    index('ticket_ratings_rated_at_idx').on(t.ratedAt),
    check('ticket_ratings_stars_range', sql`${t.stars} between 1 and 5`),
  ],
);
