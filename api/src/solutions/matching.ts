import {
  applyRanges,
  checkRead,
  planItems,
  type SolutionCandidateDto,
  type TicketSolutionMatchDto,
} from '@ecu/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { solutions, ticketFiles, ticketSolutionMatches, tickets, users } from '../db/schema';
import { conflict, notFound } from '../http/app-error';
import type { AppDeps } from '../http/context';
import type { Jobs } from '../platform/jobs';
import { PoolLine } from '../platform/worker-pool';
import { getSettings } from '../settings';
import { deliverAutomatically, readIdentifiedQueue, readWhole } from '../tickets';
import { rangesFromHex } from './library';

type MatchDeps = Pick<AppDeps, 'db' | 'storage' | 'config' | 'jobs' | 'notifications' | 'logger'>;
type SolutionRow = typeof solutions.$inferSelect;
type MatchRow = typeof ticketSolutionMatches.$inferInsert;

/**
 * Matching's share of the worker pool: a few reads may wait per thread; past them the job
 * fails and pg-boss runs it again shortly (a task queue retries with backoff).
 */
const matchLine = new PoolLine('matchSolutions', 4);

/** The checks touch only the ranges; the copy of a 20 MB read is the most of it. */
const MATCH_BUDGET_MS = 10_000;

/** Said to the tuner when a solution's ranges leave the checksum alone. */
export const CHECKSUM_NOTE =
  'The checksum was not corrected: your flashing tool must correct it when it writes the file (as KESS, Autotuner and the like do).';

/** The warnings of a read that a person must look at: never delivered automatically with one. */
const BLOCKING_WARNINGS = new Set(['partial-read', 'unknown-size', 'ecu-mismatch']);

/**
 * Why a ticket is not for automatic delivery, or null when it may be: a read with a warning,
 * notes a person must read, or the Settings switch off.
 */
export function automaticDeliveryRefusal(
  ticket: Pick<typeof tickets.$inferSelect, 'notes' | 'ecuIdentification'>,
  switchOn: boolean,
): string | null {
  const warning = ticket.ecuIdentification?.warnings.find((w) => BLOCKING_WARNINGS.has(w.code));
  if (warning) return `The read has a ${warning.code} warning: an engineer must look at it.`;
  if (ticket.notes?.trim()) return 'The ticket has notes: an engineer must read them.';
  if (!switchOn) return 'Automatic delivery is off in Settings.';
  return null;
}

const day = (d: Date | null) => d?.toISOString().slice(0, 10) ?? 'an unknown day';

/** 'solution #12 (approved by Jane Admin on 2026-12-02)', for the history line. */
async function approvals(db: Db | Tx, rows: SolutionRow[]): Promise<string> {
  const ids = rows.map((r) => r.approvedBy).filter((x): x is string => Boolean(x));
  const names = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
            .from(users)
            .where(inArray(users.id, ids))
        ).map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim() || 'an admin']),
  );
  const parts = rows.map(
    (r) =>
      `solution #${r.id} (approved by ${(r.approvedBy && names.get(r.approvedBy)) || 'an admin'} on ${day(r.approvedAt)})`,
  );
  return parts.join(' and ');
}

async function record(db: Db, row: MatchRow): Promise<void> {
  const { ticketId: _key, ...set } = row;
  await db
    .insert(ticketSolutionMatches)
    .values(row)
    .onConflictDoUpdate({ target: ticketSolutionMatches.ticketId, set: { ...set, checkedAt: sql`now()` } });
}

/**
 * Matches a new ticket's read against the approved solutions of its software number and, when
 * its plan is covered exactly and nothing asks for a person, delivers the patched file
 * (docs/decisions/085-solution-library.md). The solutions' state is read from the database
 * here, every time: a solution retired a moment ago on any process is not used. What was found
 * is kept for the admin's 'Matched solutions' card. It runs in a job, off every request, and
 * its byte work (checks, patching) in the worker pool, as identification does.
 */
export async function matchTicket(deps: MatchDeps, ticketId: string): Promise<void> {
  const { db, storage } = deps;
  const [ticket] = await db.select().from(tickets).where(eq(tickets.id, ticketId));
  if (ticket?.status !== 'Pending') return;
  const softwareNumber = ticket.ecuIdentification?.softwareNumber ?? null;
  const base: MatchRow = {
    ticketId,
    outcome: 'none',
    skipped: null,
    softwareNumber,
    covered: [],
    remaining: planItems(ticket),
    candidates: [],
  };
  if (!softwareNumber) {
    await record(db, { ...base, outcome: 'skipped', skipped: 'The read has no identified software number.' });
    return;
  }
  const [ecu] = await db
    .select({ storageKey: ticketFiles.storageKey, size: ticketFiles.size })
    .from(ticketFiles)
    .where(and(eq(ticketFiles.ticketId, ticketId), eq(ticketFiles.kind, 'ecu')))
    .limit(1);
  if (!ecu) return;
  // Approved now, of this software and size; the most used first (coverage prefers the first).
  const approved = await db
    .select()
    .from(solutions)
    .where(
      and(
        eq(solutions.softwareNumber, softwareNumber),
        eq(solutions.fileSize, ecu.size),
        eq(solutions.state, 'approved'),
      ),
    )
    .orderBy(desc(solutions.timesUsed), desc(solutions.id));
  if (approved.length === 0) {
    await record(db, base);
    return;
  }
  const read = await readWhole(storage.read(ecu.storageKey));
  // The checks and the patching run in the worker pool, like identification: the read is
  // handed over, not copied.
  const { checks, coverage, patched } = await matchLine.run(
    {
      read,
      plan: { stage: ticket.stage, options: ticket.options },
      solutions: approved.map((s) => ({
        id: s.id,
        stage: s.stage,
        options: s.options,
        fileSize: s.fileSize,
        ranges: s.ranges,
      })),
    },
    { budgetMs: MATCH_BUDGET_MS, transferList: [read.buffer as ArrayBuffer] },
  );
  const used = coverage.kind === 'none' ? [] : coverage.solutionIds;
  const candidates: SolutionCandidateDto[] = checks.map(({ id, result }) => ({
    solutionId: id,
    items: planItems(approved.find((s) => s.id === id)!),
    result: result.match ? 'matched' : 'almost',
    reason: result.match ? null : result.message,
    used: used.includes(id),
  }));
  const found: MatchRow = {
    ...base,
    candidates,
    covered: coverage.kind === 'none' ? [] : coverage.covered,
    remaining: coverage.kind === 'full' ? [] : coverage.remaining,
  };
  if (coverage.kind !== 'full' || !patched) {
    await record(db, { ...found, outcome: coverage.kind });
    return;
  }
  const { automation } = await getSettings(db, deps.config, deps.logger);
  const refusal = automaticDeliveryRefusal(ticket, automation.automaticDelivery);
  if (refusal) {
    await record(db, { ...found, outcome: 'covered', skipped: refusal });
    return;
  }
  const chosen = used.map((id) => approved.find((s) => s.id === id)!);
  const checksumNote = chosen.every((s) => s.includesChecksum) ? null : CHECKSUM_NOTE;
  const tookSeconds = Math.max(0, Math.round((Date.now() - ticket.createdAt.getTime()) / 1000));
  const delivered = await deliverAutomatically(deps, {
    ticketId,
    bytes: patched,
    detail: {
      message: `Delivered automatically from ${await approvals(db, chosen)}`,
      solutionIds: used,
      includesChecksum: checksumNote === null,
      checksumNote,
      tookSeconds,
    },
    ...(checksumNote ? { note: checksumNote } : {}),
    // Still approved, under lock: a retirement that committed meanwhile wins.
    async confirm(tx) {
      const still = await tx
        .select({ id: solutions.id })
        .from(solutions)
        .where(and(inArray(solutions.id, used), eq(solutions.state, 'approved')))
        .for('update');
      if (still.length !== used.length) return false;
      await tx
        .update(solutions)
        .set({ timesUsed: sql`${solutions.timesUsed} + 1`, lastUsedAt: sql`now()` })
        .where(inArray(solutions.id, used));
      return true;
    },
  });
  await record(
    db,
    delivered
      ? { ...found, outcome: 'delivered' }
      : {
          ...found,
          outcome: 'covered',
          skipped: 'Not delivered: the ticket was taken up or a solution retired while it was checked.',
        },
  );
}

/** Matching runs as the job that follows a new ticket's identification (tickets' readIdentifiedQueue). */
export function registerSolutionMatching(jobs: Jobs, deps: MatchDeps): void {
  jobs.work(readIdentifiedQueue, ({ ticketId }) => matchTicket(deps, ticketId));
}

/**
 * The file an engineer starts from on a partly covered ticket (or a covered one that was not
 * delivered automatically): the read with the used solutions applied, made on request from
 * the stored read, so nothing more is stored. Each solution is checked against the read again.
 */
export async function preparedFile(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  ticket: { id: string; ticketNumber: number },
): Promise<{ name: string; bytes: Uint8Array }> {
  const { db, storage } = deps;
  const [match] = await db
    .select()
    .from(ticketSolutionMatches)
    .where(eq(ticketSolutionMatches.ticketId, ticket.id));
  const used = (match?.candidates ?? []).filter((c) => c.used).map((c) => c.solutionId);
  if (used.length === 0) throw notFound('No solution covers any option of this ticket');
  const [ecu] = await db
    .select({ storageKey: ticketFiles.storageKey })
    .from(ticketFiles)
    .where(and(eq(ticketFiles.ticketId, ticket.id), eq(ticketFiles.kind, 'ecu')))
    .limit(1);
  if (!ecu) throw notFound('The ticket has no original file');
  const rows = await db.select().from(solutions).where(inArray(solutions.id, used));
  const read = await readWhole(storage.read(ecu.storageKey));
  let out = read;
  for (const id of used) {
    const row = rows.find((r) => r.id === id);
    if (!row) throw conflict(`Solution #${id} is gone`);
    const ranges = rangesFromHex(row.ranges);
    const check = checkRead(read, { fileSize: row.fileSize, ranges });
    if (!check.match) throw conflict(`Solution #${id} no longer matches this read: ${check.message}`);
    out = applyRanges(out, ranges);
  }
  return { name: `prepared-${ticket.ticketNumber}.bin`, bytes: out };
}

/** The 'Matched solutions' card's data for one ticket, or null when it was not matched (yet). */
export async function ticketMatches(
  db: Db,
  ticket: { id: string; ticketNumber: number },
): Promise<TicketSolutionMatchDto | null> {
  const [row] = await db
    .select()
    .from(ticketSolutionMatches)
    .where(eq(ticketSolutionMatches.ticketId, ticket.id));
  if (!row) return null;
  return {
    ticketNumber: ticket.ticketNumber,
    outcome: row.outcome as TicketSolutionMatchDto['outcome'],
    skipped: row.skipped,
    softwareNumber: row.softwareNumber,
    covered: row.covered,
    remaining: row.remaining,
    candidates: row.candidates,
    checkedAt: row.checkedAt.toISOString(),
  };
}
