import type { DtcCodeDto, EcuIdentification } from '@ecu/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const ticketNumberSeq = pgSequence('ticket_number_seq', { startWith: 100001, minValue: 100001 });

/**
 * What the admin file search matches besides the owner: registration (as typed and without
 * spaces), make, model and status in one text. Queries must use this very expression for the
 * trigram index below to serve them.
 */
export const TICKET_SEARCH_TEXT = sql.raw(
  `(registration || ' ' || replace(registration, ' ', '') || ' ' || make || ' ' || model || ' ' || status)`,
);

export const TICKET_STATUSES = ['Pending', 'In Progress', 'Completed', 'Failed', 'Unlocked'] as const;

/** An ECU file request, a ticket (docs/product.md#5-tickets). */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketNumber: integer('ticket_number').notNull().unique().default(sql`nextval('ticket_number_seq')`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    clientId: uuid('client_id'),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: text('year').notNull(),
    registration: text('registration').notNull(),
    ecuId: text('ecu_id'),
    transmission: text('transmission'),
    readTool: text('read_tool'),
    readType: text('read_type'),
    masterSlave: text('master_slave'),
    stage: text('stage').notNull(),
    options: text('options').array().notNull().default(sql`'{}'::text[]`),
    /** The fault codes of a DTC OFF plan, ticked off as removed (docs/decisions/092-fault-code-lists.md). */
    dtcCodes: jsonb('dtc_codes').$type<DtcCodeDto[]>().notNull().default(sql`'[]'::jsonb`),
    notes: text('notes'),
    creditsNeed: integer('credits_need').notNull(),
    status: text('status').notNull().default('Pending'),
    chargedAt: timestamp('charged_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the stored ECU read says about itself (identifyEcu), once the server has read it. */
    ecuIdentification: jsonb('ecu_identification').$type<EcuIdentification>(),
    /** A revision ('Request a change') names the delivered ticket it revises (docs/decisions/040-revisions.md). */
    parentTicketId: uuid('parent_ticket_id').references((): AnyPgColumn => tickets.id, {
      onDelete: 'set null',
    }),
    /** The staff member working the ticket, or null (docs/decisions/087-assignment.md). Never in a customer's answer. */
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('tickets_user_client_id_idx').on(t.userId, t.clientId),
    index('tickets_user_id_idx').on(t.userId, t.createdAt),
    // Overview: files per day, and the oldest waiting tickets per status.
    index('tickets_created_at_idx').on(t.createdAt),
    index('tickets_status_created_at_idx').on(t.status, t.createdAt),
    index('tickets_search_trgm_idx').using('gin', sql`${TICKET_SEARCH_TEXT} gin_trgm_ops`),
    // The chain: a ticket's revisions.
    index('tickets_parent_ticket_id_idx').on(t.parentTicketId).where(sql`${t.parentTicketId} is not null`),
    // The queue's 'Mine' and each engineer's open count.
    index('tickets_assignee_id_idx').on(t.assigneeId, t.status).where(sql`${t.assigneeId} is not null`),
    check('tickets_credits_need_non_negative', sql`${t.creditsNeed} >= 0`),
  ],
);

/** A stored file of a ticket: the original read, additional files, the tuned file. */
export const ticketFiles = pgTable(
  'ticket_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['ecu', 'common', 'tuned'] }).notNull(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: text('uploaded_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_files_ticket_id_idx').on(t.ticketId),
    // Known files: an original byte-identical to an earlier ticket's.
    index('ticket_files_ecu_sha256_idx').on(t.sha256).where(sql`${t.kind} = 'ecu'`),
    // Stored bytes are shared: is a key still referenced (docs/decisions/062-shared-stored-bytes.md)?
    index('ticket_files_storage_key_idx').on(t.storageKey),
  ],
);

/**
 * Each time an owner is served a tuned file: when, from which IP and with which user agent, and
 * nothing more (chargeback evidence, docs/product.md#12-admin-area).
 */
export const downloadEvents = pgTable(
  'download_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('download_events_ticket_id_idx').on(t.ticketId, t.createdAt)],
);

/**
 * Stored bytes that ticket files refer to, by storage key (docs/decisions/062-shared-stored-bytes.md).
 * Several ticket files may name one key (a revision's original, a reused tuned file); the bytes
 * go only when no ticket file names the key any more. A row is added by a trigger on every
 * ticket file insert; a file that shares existing bytes locks the row (`for share`) first.
 */
export const storedBlobs = pgTable(
  'stored_blobs',
  {
    storageKey: text('storage_key').primaryKey(),
    sha256: text('sha256').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stored_blobs_sha256_idx').on(t.sha256)],
);

/** A ticket's history: created, status changes, files uploaded, charged, refunded. */
export const ticketEvents = pgTable(
  'ticket_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorId: text('actor_id').references(() => users.id),
    detail: jsonb('detail').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_events_ticket_id_idx').on(t.ticketId, t.createdAt),
    // The service status measures throughput from the latest status changes, newest first.
    index('ticket_events_status_changed_idx').on(t.createdAt).where(sql`${t.kind} = 'status_changed'`),
    // Overview counts the automatic deliveries of a period.
    index('ticket_events_auto_delivered_idx').on(t.createdAt).where(sql`${t.kind} = 'auto_delivered'`),
  ],
);

/** A resumable (tus) upload, owned by its creator, until it is attached to a ticket or expires. */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: ['ecu', 'common', 'tuned', 'chat'] }).notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256'),
    storageKey: text('storage_key').notNull(),
    status: text('status', { enum: ['uploading', 'complete', 'attached'] })
      .notNull()
      .default('uploading'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('uploads_owner_id_idx').on(t.ownerId), index('uploads_expires_at_idx').on(t.expiresAt)],
);

/**
 * One row per escalation notice queued (docs/decisions/090-escalation.md): a ticket, why it
 * waits, the stage, and since when it waits. The key makes the notice once-only: the schedule
 * inserts it and queues the push in one transaction, and a second run or process finds it.
 */
export const ticketEscalations = pgTable(
  'ticket_escalations',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ['status', 'unanswered'] }).notNull(),
    stage: integer('stage').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.reason, t.stage, t.since] })],
);
