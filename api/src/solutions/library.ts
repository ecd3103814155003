import {
  type CreateSolutionInput,
  diffRanges,
  fromHex,
  type PatchRange,
  type PatchRangeHex,
  planItems,
  type SolutionDto,
  type SolutionListDto,
  type SolutionPersonDto,
  type SolutionState,
  STAGES,
  toHex,
  type UploadSolutionFields,
} from '@ecu/shared';
import { and, desc, eq, like, lt, sql } from 'drizzle-orm';
import { personRefs } from '../accounts';
import { recordAudit } from '../admin';
import type { Db, Tx } from '../db/client';
import { solutions, ticketFiles } from '../db/schema';
import { conflict, notFound, said } from '../http/app-error';
import type { AppDeps, UserRow } from '../http/context';
import { poolBusy } from '../platform/worker-pool';
import { getTicketByNumber, identifyStoredEcu, readWhole } from '../tickets';

type SolutionRow = typeof solutions.$inferSelect;

export const rangesToHex = (ranges: readonly PatchRange[]): PatchRangeHex[] =>
  ranges.map((r) => ({ offset: r.offset, original: toHex(r.original), patched: toHex(r.patched) }));

export const rangesFromHex = (ranges: readonly PatchRangeHex[]): PatchRange[] =>
  ranges.map((r) => ({ offset: r.offset, original: fromHex(r.original), patched: fromHex(r.patched) }));

/** The people a solution names, as its screens show them: a name, or the e-mail without one. */
async function people(db: Db | Tx, ids: (string | null)[]): Promise<Map<string, SolutionPersonDto>> {
  const refs = await personRefs(db, ids);
  return new Map(
    [...refs].map(([id, p]) => [id, { _id: id, name: `${p.firstName} ${p.lastName}`.trim() || p.email }]),
  );
}

function toDto(row: SolutionRow, names: Map<string, SolutionPersonDto>): SolutionDto {
  return {
    id: row.id,
    maker: row.maker,
    family: row.family,
    softwareNumber: row.softwareNumber,
    hardwareNumber: row.hardwareNumber,
    fileSize: row.fileSize,
    stage: row.stage,
    options: row.options,
    items: planItems(row),
    rangeCount: row.rangeCount,
    bytesChanged: row.bytesChanged,
    includesChecksum: row.includesChecksum,
    state: row.state,
    approvedBy: row.approvedBy ? (names.get(row.approvedBy) ?? null) : null,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    retiredAt: row.retiredAt?.toISOString() ?? null,
    timesUsed: row.timesUsed,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy ? (names.get(row.createdBy) ?? null) : null,
    sourceTicketNumber: row.sourceTicketNumber,
  };
}

export async function solutionDtos(db: Db | Tx, rows: SolutionRow[]): Promise<SolutionDto[]> {
  const names = await people(
    db,
    rows.flatMap((r) => [r.approvedBy, r.createdBy]),
  );
  return rows.map((r) => toDto(r, names));
}

/** What the audit trail keeps of a solution: no bytes. */
const auditView = (row: SolutionRow) => ({
  softwareNumber: row.softwareNumber,
  stage: row.stage,
  options: row.options,
  state: row.state,
  rangeCount: row.rangeCount,
  includesChecksum: row.includesChecksum,
  sourceTicketNumber: row.sourceTicketNumber,
});

/** The newest file of a kind on a ticket. */
async function newestFile(db: Db, ticketId: string, kind: 'ecu' | 'tuned') {
  const [file] = await db
    .select()
    .from(ticketFiles)
    .where(and(eq(ticketFiles.ticketId, ticketId), eq(ticketFiles.kind, kind)))
    .orderBy(desc(ticketFiles.createdAt))
    .limit(1);
  return file;
}

/**
 * A solution from a delivered ticket: the diff of its original and its newest tuned file, for
 * the ticket's software and plan (docs/decisions/085-solution-library.md). Refused (409) for a
 * ticket that was not delivered, has no tuned file, no identified software number, already
 * made a solution, or whose files differ in size or not at all. Audited, with the approval
 * when `approve`.
 */
export async function createSolutionFromTicket(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  admin: UserRow,
  input: CreateSolutionInput,
): Promise<SolutionDto> {
  const { db, storage } = deps;
  const ticket = await getTicketByNumber(db, input.ticketNumber);
  if (!ticket) throw notFound(said('error.ticketNotFound'));
  if (ticket.status !== 'Unlocked' && ticket.status !== 'Completed')
    throw conflict(
      `Ticket #${ticket.ticketNumber} is ${ticket.status}: a solution is made from a delivered ticket (Unlocked or Completed).`,
    );
  const [original, tuned] = await Promise.all([
    newestFile(db, ticket.id, 'ecu'),
    newestFile(db, ticket.id, 'tuned'),
  ]);
  if (!original || !tuned) throw conflict(`Ticket #${ticket.ticketNumber} has no tuned file to learn from.`);
  const id = ticket.ecuIdentification;
  if (!id?.softwareNumber)
    throw conflict(
      `The read of ticket #${ticket.ticketNumber} has no software number the portal could identify: a solution is kept per software number.`,
    );
  const [existing] = await db
    .select({ id: solutions.id })
    .from(solutions)
    .where(eq(solutions.sourceTicketId, ticket.id));
  if (existing)
    throw conflict(
      `Ticket #${ticket.ticketNumber} is already in the solution library as solution #${existing.id}.`,
    );
  const [originalBytes, tunedBytes] = await Promise.all([
    readWhole(storage.read(original.storageKey)),
    readWhole(storage.read(tuned.storageKey)),
  ]);
  const diff = diffRanges(originalBytes, tunedBytes);
  if (!diff.ok) throw conflict(diff.message);
  const row = await insertSolution(db, admin, {
    values: {
      maker: id.maker,
      family: id.family,
      softwareNumber: id.softwareNumber,
      hardwareNumber: id.hardwareNumber,
      fileSize: originalBytes.length,
      stage: ticket.stage,
      options: ticket.options,
      sourceTicketId: ticket.id,
      sourceTicketNumber: ticket.ticketNumber,
    },
    diff,
    approve: input.approve,
    includesChecksum: input.includesChecksum,
  });
  return (await solutionDtos(db, [row]))[0]!;
}

type Diff = Extract<ReturnType<typeof diffRanges>, { ok: true }>;

/** Inserts a solution with its audit line (and approval), in one transaction. */
async function insertSolution(
  db: Db,
  admin: UserRow,
  made: {
    values: Pick<
      typeof solutions.$inferInsert,
      | 'maker'
      | 'family'
      | 'softwareNumber'
      | 'hardwareNumber'
      | 'fileSize'
      | 'stage'
      | 'options'
      | 'sourceTicketId'
      | 'sourceTicketNumber'
    >;
    diff: Diff;
    approve: boolean;
    includesChecksum: boolean;
  },
): Promise<SolutionRow> {
  const { values, diff, approve, includesChecksum } = made;
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(solutions)
      .values({
        ...values,
        ranges: rangesToHex(diff.ranges),
        rangeCount: diff.ranges.length,
        bytesChanged: diff.bytesChanged,
        includesChecksum,
        state: approve ? 'approved' : 'draft',
        approvedBy: approve ? admin.id : null,
        approvedAt: approve ? sql`now()` : null,
        createdBy: admin.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw conflict(`Ticket #${values.sourceTicketNumber} is already in the solution library.`);
    await recordAudit(tx, {
      actorId: admin.id,
      action: approve ? 'solution.create_approved' : 'solution.create',
      targetType: 'solution',
      targetId: String(created.id),
      after: auditView(created),
    });
    return created;
  });
}

/**
 * A solution from an original + modified pair an admin uploads for one stage or option (what an
 * engineer exports from WinOLS). The software is read from the original on the server, in the
 * worker pool; the admin's `softwareNumber` is used only when the read names none, and one that
 * contradicts the read is refused. The files themselves are not kept: only the ranges are.
 */
export async function createSolutionFromPair(
  deps: Pick<AppDeps, 'db' | 'storage' | 'logger'>,
  admin: UserRow,
  input: UploadSolutionFields,
  files: { original: string; modified: string },
): Promise<SolutionDto> {
  const { db, storage } = deps;
  const identified = await identifyStoredEcu(deps, null, files.original);
  if (identified.later)
    throw poolBusy('The server is busy reading other files; please try again in a moment.');
  const id = identified.result;
  const read = id?.softwareNumber ?? null;
  if (read && input.softwareNumber && read !== input.softwareNumber)
    throw conflict(`The original says software ${read}, not ${input.softwareNumber}.`);
  const softwareNumber = read ?? input.softwareNumber;
  if (!softwareNumber)
    throw conflict('The portal could not read a software number from the original: enter it with the files.');
  const [originalBytes, modifiedBytes] = await Promise.all([
    readWhole(storage.read(files.original)),
    readWhole(storage.read(files.modified)),
  ]);
  const diff = diffRanges(originalBytes, modifiedBytes);
  if (!diff.ok) throw conflict(diff.message);
  const isStage = (STAGES as readonly string[]).includes(input.item);
  const row = await insertSolution(db, admin, {
    values: {
      maker: id?.maker ?? null,
      family: id?.family ?? null,
      softwareNumber,
      hardwareNumber: id?.hardwareNumber ?? null,
      fileSize: originalBytes.length,
      stage: isStage ? input.item : null,
      options: isStage ? [] : [input.item],
      sourceTicketId: null,
      sourceTicketNumber: null,
    },
    diff,
    approve: input.approve,
    includesChecksum: input.includesChecksum,
  });
  return (await solutionDtos(db, [row]))[0]!;
}

/**
 * Approves a draft (automatic delivery may use it from now on) or retires a solution (never
 * used again, at once on every process: matching reads the state from the database each time).
 * Approving a retired solution is refused; doing again what was done changes nothing.
 */
export async function setSolutionState(
  db: Db,
  admin: UserRow,
  id: number,
  state: Exclude<SolutionState, 'draft'>,
): Promise<SolutionDto> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(solutions).where(eq(solutions.id, id)).for('update');
    if (!before) throw notFound('Solution not found');
    if (before.state === state) return before;
    if (state === 'approved' && before.state === 'retired')
      throw conflict(`Solution #${id} is retired: make a new one from a delivered ticket instead.`);
    const [after] = await tx
      .update(solutions)
      .set(
        state === 'approved'
          ? { state, approvedBy: admin.id, approvedAt: sql`now()` }
          : { state, retiredAt: sql`now()` },
      )
      .where(eq(solutions.id, id))
      .returning();
    await recordAudit(tx, {
      actorId: admin.id,
      action: state === 'approved' ? 'solution.approve' : 'solution.retire',
      targetType: 'solution',
      targetId: String(id),
      before: auditView(before),
      after: auditView(after!),
    });
    return after!;
  });
  return (await solutionDtos(db, [row]))[0]!;
}

/** A page of the library, newest first, keyset-paged by id; `q` is the start of a software number. */
export async function listSolutions(
  db: Db,
  params: {
    q?: string | undefined;
    state?: SolutionState | undefined;
    beforeId?: number | undefined;
    limit: number;
  },
): Promise<SolutionListDto> {
  const found = await db
    .select()
    .from(solutions)
    .where(
      and(
        params.q ? like(solutions.softwareNumber, `${params.q.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
        params.state ? eq(solutions.state, params.state) : undefined,
        params.beforeId === undefined ? undefined : lt(solutions.id, params.beforeId),
      ),
    )
    .orderBy(desc(solutions.id))
    .limit(params.limit + 1);
  const page = found.slice(0, params.limit);
  return {
    solutions: await solutionDtos(db, page),
    nextCursor: found.length > params.limit ? String(page.at(-1)!.id) : null,
  };
}
