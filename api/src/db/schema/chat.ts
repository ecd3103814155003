import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { tickets, uploads } from './tickets';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** The Yjs document of a ticket's chat, compacted into one merged update (the snapshot). */
export const chatDocs = pgTable('chat_docs', {
  ticketId: uuid('ticket_id')
    .primaryKey()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  state: bytea('state').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Updates appended since the snapshot; compaction merges them into chat_docs. */
export const chatUpdates = pgTable(
  'chat_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_updates_ticket_id_idx').on(t.ticketId, t.id)],
);

/**
 * Every accepted chat message, indexed by the server when it first accepted it: the support
 * inbox, unread counts and e-mails read this, not the Yjs document.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id),
    fromCustomer: boolean('from_customer').notNull(),
    preview: text('preview').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.id] }),
    index('chat_messages_customer_idx').on(t.ticketId, t.receivedAt).where(sql`${t.fromCustomer}`),
  ],
);

/** Files attached to chat messages (finished uploads of purpose 'chat'). */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    uploadId: text('upload_id')
      .primaryKey()
      .references(() => uploads.id),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    uploaderId: text('uploader_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_attachments_ticket_id_idx').on(t.ticketId)],
);

/** How many messages of a ticket's chat a reader has seen (the unread marker). */
export const chatReadMarkers = pgTable(
  'chat_read_markers',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    readCount: integer('read_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.userId] })],
);
