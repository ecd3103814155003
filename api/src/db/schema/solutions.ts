import type { PatchRangeHex, SolutionCandidateDto, SolutionState } from '@ecu/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
 * The solution library (docs/decisions/085-solution-library.md): an engineer's byte patch for
 * one software version and one option or bundle. The ranges are JSON with the bytes as hex:
 * a tune changes kilobytes, not megabytes, and one value holds them whole.
 */
export const solutions = pgTable(
  'solutions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    maker: text('maker'),
    family: text('family'),
    softwareNumber: text('software_number').notNull(),
    /** A hint: reads of one software may come from units of several hardware numbers. */
    hardwareNumber: text('hardware_number'),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    stage: text('stage'),
    options: text('options').array().notNull().default(sql`'{}'::text[]`),
    ranges: jsonb('ranges').$type<PatchRangeHex[]>().notNull(),
    rangeCount: integer('range_count').notNull(),
    bytesChanged: integer('bytes_changed').notNull(),
    includesChecksum: boolean('includes_checksum').notNull().default(false),
    state: text('state').$type<SolutionState>().notNull().default('draft'),
    approvedBy: text('approved_by').references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    timesUsed: integer('times_used').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sourceTicketId: uuid('source_ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    sourceTicketNumber: integer('source_ticket_number'),
  },
  (t) => [
    // Matching looks up a software number's solutions; the admin list searches its start.
    index('solutions_software_number_idx').on(t.softwareNumber.op('text_pattern_ops'), t.fileSize),
    // One solution per delivered ticket.
    uniqueIndex('solutions_source_ticket_id_idx').on(t.sourceTicketId),
    check('solutions_state_check', sql`${t.state} in ('draft', 'approved', 'retired')`),
  ],
);

/**
 * What matching found for a ticket, for the admin's 'Matched solutions' card: one row per
 * ticket, written by the matching job (docs/decisions/085-solution-library.md).
 */
export const ticketSolutionMatches = pgTable('ticket_solution_matches', {
  ticketId: uuid('ticket_id')
    .primaryKey()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  outcome: text('outcome').notNull(),
  skipped: text('skipped'),
  softwareNumber: text('software_number'),
  covered: text('covered').array().notNull().default(sql`'{}'::text[]`),
  remaining: text('remaining').array().notNull().default(sql`'{}'::text[]`),
  candidates: jsonb('candidates').$type<SolutionCandidateDto[]>().notNull().default([]),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});
