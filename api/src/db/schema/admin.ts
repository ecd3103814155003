import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Settings an admin edits on /settings, one row per group ('seller', 'pricing', 'support',
 * 'hours'), each a JSON value checked by its shared zod schema. A group without a row falls
 * back to the configuration's defaults (COMPANY_*, SUPPORT_EMAIL).
 */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: text('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const AUDIT_TARGETS = ['user', 'settings', 'ticket', 'solution'] as const;

/**
 * What admins did, to whom, with the values before and after: a user's audit trail and the
 * settings history. Append-only; written in the same transaction as the change it records.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: text('actor_id').references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type', { enum: AUDIT_TARGETS }).notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_target_idx').on(t.targetType, t.targetId, t.id),
    index('admin_audit_created_at_idx').on(t.createdAt),
  ],
);
