import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's 64-bit transaction id (pg_current_xact_id()); text in JS, it exceeds 2^53. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * The change feed behind GET /api/sync: one row per change of a synced row, written by
 * triggers (see the custom migration), so no code path can forget to record one.
 */
export const changes = pgTable(
  'changes',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The writing transaction: the feed hands out only rows of finished transactions. */
    tx: xid8('tx').notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [
    index('changes_user_seq_idx').on(t.userId, t.seq),
    index('changes_user_tx_seq_idx').on(t.userId, t.tx, t.seq),
  ],
);

/** Answers to commands sent with an Idempotency-Key, replayed when the key comes again. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status'),
    body: jsonb('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** Fixed-window counters for rate limits when Redis is not configured. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * The messages a job has delivered, by the key its sender gave it (an e-mail, a push): a job
 * that runs again after it delivered (a process killed before the queue heard it finished, an
 * admin's retry) finds its key here and sends nothing (docs/decisions/070-durable-jobs.md).
 */
export const jobDeliveries = pgTable('job_deliveries', {
  key: text('key').primaryKey(),
  queue: text('queue').notNull(),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
});
