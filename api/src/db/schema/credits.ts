import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const paymentSerialSeq = pgSequence('payment_serial_seq', { startWith: 1, minValue: 1 });

/** A card payment for a credit package. Money in pence. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serialNo: integer('serial_no').notNull().unique().default(sql`nextval('payment_serial_seq')`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    packageId: text('package_id').notNull(),
    credits: integer('credits').notNull(),
    subtotalPence: integer('subtotal_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull().default('gbp'),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').unique(),
    idempotencyKey: text('idempotency_key').unique(),
    status: text('status', { enum: ['Pending', 'Completed', 'Failed'] })
      .notNull()
      .default('Pending'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_user_id_idx').on(t.userId, t.createdAt),
    // Overview revenue per week and the transactions export by date range.
    index('payments_created_at_idx').on(t.createdAt),
  ],
);

export const LEDGER_KINDS = [
  'purchase',
  'admin_adjustment',
  'admin_reset',
  'download_charge',
  'refund',
] as const;

/** Append-only: every change of a balance, with who, why and the balance after it. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    actorId: text('actor_id').references(() => users.id),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reference: text('reference'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_ledger_user_id_idx').on(t.userId, t.id),
    // Overview: credits sold and spent in a period.
    index('credit_ledger_kind_created_at_idx').on(t.kind, t.createdAt),
    check('credit_ledger_balance_after_non_negative', sql`${t.balanceAfter} >= 0`),
  ],
);
