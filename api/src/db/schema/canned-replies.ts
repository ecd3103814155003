import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Canned replies (docs/decisions/088-canned-replies.md): the staff's shared reply templates.
 * Staff only: no change-feed trigger and no customer query reads this table.
 */
export const cannedReplies = pgTable(
  'canned_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The language the body is written in (docs/decisions/093-languages.md); null: any. */
    locale: text('locale'),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('canned_replies_title_length', sql`char_length(${t.title}) between 1 and 80`),
    check('canned_replies_body_length', sql`char_length(${t.body}) between 1 and 1500`),
    check(
      'canned_replies_locale',
      sql`${t.locale} is null or ${t.locale} in ('en', 'de', 'fr', 'es', 'it', 'pl', 'tr', 'ar')`,
    ),
  ],
);
