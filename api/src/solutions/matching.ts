import { type Readable, Transform } from 'node:stream';
import {
  applyRanges,
  checkRead,
  excerptRuns,
  matchRead,
  type PatchRange,
  patchChunk,
  planItems,
  type ReadExcerpt,
  type SolutionCandidateDto,
  type TicketSolutionMatchDto,
} from '@ecu/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { solutions, ticketFiles, ticketSolutionMatches, tickets, users } from '../db/schema';
import { conflict, notFound } from '../http/app-error';
import type { AppDeps } from '../http/context';
import type { Jobs } from '../platform/jobs';
import { getSettings } from '../settings';
import { deliverAutomatically, readIdentifiedQueue, readWhole } from '../tickets';
import { rangesFromHex } from './library';

type MatchDeps = Pick<AppDeps, 'db' | 'storage' | 'config' | 'jobs' | 'notifications' | 'logger'>;
type SolutionRow = typeof solutions.$inferSelect;
type TicketRow = typeof tickets.$inferSelect;
type MatchRow = typeof ticketSolutionMatches.$inferInsert;

/** Said to the tuner when a solution's ranges leave the checksum alone. */
export const CHECKSUM_NOTE =
  'The checksum was not corrected: your flashing tool must correct it when it writes the file (as KESS, Autotuner and the like do).';

/** The warnings of a read that a person must look at: never delivered automatically with one. */
const BLOCKING_WARNINGS = new Set(['partial-read', 'unknown-size', 'ecu-mismatch']);

/**
 * Why a ticket is not for automatic delivery, or null when it may be: a read with a warning, a
 * revision, notes a person must read, or the Settings switch off.
 */
export function automaticDeliveryRefusal(
  ticket: Pick<typeof tickets.$inferSelect, 'notes' | 'ecuIdentification' | 'parentTicketId'>,
  switchOn: boolean,
): string | null {
  const warning = ticket.ecuIdentification?.warnings.find((w) => BLOCKING_WARNINGS.has(w.code));
  if (warning) return `The read has a ${warning.code} warning: an engineer must look at it.`;
  // A change is made to the delivered file, which may be an engineer's own tune, not the library's.
  if (ticket.parentTicketId)
    return 'A change to a delivered ticket: an engineer must start from the file delivered before.';
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
 * The stretches of the stored read that these solutions' checks look at, fetched a few at a
 * time (a ranged read of the disk or the bucket): kilobytes, not the read's megabytes.
 */
async function readExcerpt(
  storage: MatchDeps['storage'],
  file: { storageKey: string; size: number },
  solutions: readonly SolutionRow[],
): Promise<ReadExcerpt> {
  const runs = excerptRuns(solutions);
  const spans: ReadExcerpt['spans'][number][] = [];
  for (let i = 0; i < runs.length; i += EXCERPT_READS_AT_ONCE) {
    const batch = runs.slice(i, i + EXCERPT_READS_AT_ONCE);
    const read = await Promise.all(batch.map((run) => readWhole(storage.read(file.storageKey, run))));
    for (const [j, run] of batch.entries()) spans.push({ offset: run.start, bytes: read[j]! });
  }
  return { size: file.size, spans };
}

/** Ranged reads in flight at once for one excerpt (each is a request when the store is S3). */
const EXCERPT_READS_AT_ONCE = 8;

/**
 * The stored read with these ranges' new bytes written as it streams past (patchChunk): what
 * an automatic delivery stores. A stream that ends before a range's end fails.
 */
export function patchedRead(
  storage: MatchDeps['storage'],
  storageKey: string,
  ranges: readonly PatchRange[],
): Readable {
  const needed = ranges.reduce((end, r) => Math.max(end, r.offset + r.patched.length), 0);
  let at = 0;
  const patching = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const out = patchChunk(chunk, at, ranges);
      at += chunk.length;
      done(null, out);
    },
    flush(done) {
      done(at < needed ? new Error(`The read ends at ${at} bytes, before its ranges do`) : null);
    },
  });
  const source = storage.read(storageKey);
  source.on('error', (err) => patching.destroy(err));
  return source.pipe(patching);
}

/** What matching found for a ticket, and the delivery it calls for, if any. */
export interface FoundMatch {
  row: MatchRow;
  /** The covering solutions and the read they patch, when the ticket is for automatic delivery. */
  deliver: { ticket: TicketRow; chosen: SolutionRow[]; storageKey: string } | null;
}

/**
 * All of matching one ticket but the delivery's write: its read's approved solutions (of its
 * software number and size, from the database every time, so one retired a moment ago on any
 * process is not used), their checks against an excerpt of the stored read, the plan's
 * coverage and whether it may be delivered automatically. Null for a ticket no longer Pending
 * or without its original.
 */
export async function findMatch(deps: MatchDeps, ticketId: string): Promise<FoundMatch | null> {
  const { db, storage } = deps;
  const [ticket] = await db.select().from(tickets).where(eq(tickets.id, ticketId));
  if (ticket?.status !== 'Pending') return null;
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
  if (!softwareNumber)
    return {
      row: { ...base, outcome: 'skipped', skipped: 'The read has no identified software number.' },
      deliver: null,
    };
  const [ecu] = await db
    .select({ storageKey: ticketFiles.storageKey, size: ticketFiles.size })
    .from(ticketFiles)
    .where(and(eq(ticketFiles.ticketId, ticketId), eq(ticketFiles.kind, 'ecu')))
    .limit(1);
  if (!ecu) return null;
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
  if (approved.length === 0) return { row: base, deliver: null };
  const excerpt = await readExcerpt(storage, ecu, approved);
  // Inline, not in the worker pool: checking kilobytes takes well under a millisecond, less
  // than handing them to a worker (docs/decisions/085-solution-library.md).
  const { checks, coverage } = matchRead(excerpt, { stage: ticket.stage, options: ticket.options }, approved);
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
  if (coverage.kind !== 'full') return { row: { ...found, outcome: coverage.kind }, deliver: null };
  const { automation } = await getSettings(db, deps.config, deps.logger);
  const refusal = automaticDeliveryRefusal(ticket, automation.automaticDelivery);
  if (refusal) return { row: { ...found, outcome: 'covered', skipped: refusal }, deliver: null };
  const chosen = used.map((id) => approved.find((s) => s.id === id)!);
  return { row: found, deliver: { ticket, chosen, storageKey: ecu.storageKey } };
}

/**
 * Matches a new ticket's read against the approved solutions of its software number and, when
 * its plan is covered exactly and nothing asks for a person, delivers the patched file
 * (docs/decisions/085-solution-library.md). What was found is kept for the admin's 'Matched
 * solutions' card. It runs in a job, off every request.
 */
export async function matchTicket(deps: MatchDeps, ticketId: string): Promise<void> {
  const found = await findMatch(deps, ticketId);
  if (!found) return;
  if (!found.deliver) {
    await record(deps.db, found.row);
    return;
  }
  const { db } = deps;
  const { ticket, chosen, storageKey } = found.deliver;
  const used = chosen.map((s) => s.id);
  const checksumNote = chosen.every((s) => s.includesChecksum) ? null : CHECKSUM_NOTE;
  const tookSeconds = Math.max(0, Math.round((Date.now() - ticket.createdAt.getTime()) / 1000));
  const delivered = await deliverAutomatically(deps, {
    ticketId,
    body: patchedRead(
      deps.storage,
      storageKey,
      chosen.flatMap((s) => rangesFromHex(s.ranges)),
    ),
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
      ? { ...found.row, outcome: 'delivered' }
      : {
          ...found.row,
          outcome: 'covered',
          skipped: 'Not delivered: the ticket was taken up or a solution retired while it was checked.',
        },
  );
}

/**
 * What the card says of a ticket whose matching failed on every try (the store or the
 * database away, say): that it was not checked, rather than nothing at all.
 */
async function recordFailure(deps: MatchDeps, ticketId: string, tries: number): Promise<void> {
  const [ticket] = await deps.db
    .select({ stage: tickets.stage, options: tickets.options, identified: tickets.ecuIdentification })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  if (!ticket) return;
  await record(deps.db, {
    ticketId,
    outcome: 'failed',
    skipped: `The check failed ${tries} times (the server log says why): an engineer must look at the ticket.`,
    softwareNumber: ticket.identified?.softwareNumber ?? null,
    covered: [],
    remaining: planItems(ticket),
    candidates: [],
  });
}

/**
 * Matching runs as the job that follows a new ticket's identification (tickets'
 * readIdentifiedQueue). pg-boss retries a failed run; the last failure is recorded as 'failed'.
 */
export function registerSolutionMatching(jobs: Jobs, deps: MatchDeps): void {
  jobs.work(readIdentifiedQueue, async ({ ticketId }, job) => {
    try {
      await matchTicket(deps, ticketId);
    } catch (err) {
      if (job.lastTry)
        await recordFailure(deps, ticketId, job.retryCount + 1).catch((recordErr: unknown) =>
          deps.logger.warn(`Could not record the failed matching of ticket ${ticketId}:`, recordErr),
        );
      throw err;
    }
  });
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
