import { type EcuIdentification, expectedEcuOf } from '@ecu/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { ticketFiles, tickets } from '../db/schema';
import type { AppDeps } from '../http/context';
import { defineQueue, type Jobs } from '../platform/jobs';
import { PoolBudgetError, PoolLine, PoolLineFullError } from '../platform/worker-pool';

/**
 * How long a worker may spend on one file: a 20 MB read of random bytes takes about half a
 * second, a crafted one longer (docs/decisions/068-worker-pool.md).
 */
export const IDENTIFY_BUDGET_MS = 2000;

/**
 * A read that did not fit the request's budget (or found the line full) gets this long in the
 * identify job, later (docs/decisions/070-durable-jobs.md): 'EDC17 ' over a whole 20 MB read,
 * the slowest there is, took 25 s on a loaded 2-core machine. The job runs one file at a time.
 */
export const IDENTIFY_JOB_BUDGET_MS = 60_000;

/**
 * Files waiting for a worker, per thread, behind those being read; past them a new file is not
 * read. The wait is at most this many budgets.
 */
export const identifyLine = new PoolLine('identify', 4);

/**
 * Every byte of a stored file (ECU reads are at most 20 MB), in a buffer of its own so it can
 * be handed to a worker without a copy.
 */
export async function readWhole(stream: AsyncIterable<Buffer>): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    chunks.push(chunk);
    length += chunk.length;
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/** Reads the stored file and identifies it in the pool, within `budgetMs` of running. */
async function identifyInPool(
  deps: Pick<AppDeps, 'storage'>,
  ecuId: string | null | undefined,
  storageKey: string,
  budgetMs: number,
): Promise<EcuIdentification> {
  const bytes = await readWhole(deps.storage.read(storageKey));
  return identifyLine.run(
    { bytes, expected: expectedEcuOf(ecuId) },
    { budgetMs, transferList: [bytes.buffer as ArrayBuffer] },
  );
}

export interface StoredIdentification {
  /** What the read says about itself; null when it was not read (or not yet). */
  result: EcuIdentification | null;
  /** Skipped for the budget or a full line: the identify job reads it once the ticket exists. */
  later: boolean;
}

/**
 * What a stored ECU file says about itself, kept on the ticket when it is created (so the
 * change feed carries one row per new ticket, not a second one for an update). The server
 * runs the same identifyEcu as the wizard's worker, in a worker thread of its own pool, and
 * trusts no client's result (docs/decisions/034-ecu-identification.md). It only informs: a
 * file it cannot read is logged and the ticket is created without it; one not read within the
 * budget, or while the line is full, is `later`: queueIdentification reads it again.
 */
export async function identifyStoredEcu(
  deps: Pick<AppDeps, 'storage' | 'logger'>,
  ecuId: string | null | undefined,
  storageKey: string,
): Promise<StoredIdentification> {
  try {
    return { result: await identifyInPool(deps, ecuId, storageKey, IDENTIFY_BUDGET_MS), later: false };
  } catch (err) {
    const later = err instanceof PoolLineFullError || err instanceof PoolBudgetError;
    const why =
      err instanceof PoolLineFullError
        ? 'skipped: every worker is busy and the line is full; a job reads it later'
        : err instanceof PoolBudgetError
          ? `skipped: not done within ${IDENTIFY_BUDGET_MS} ms; a job reads it later`
          : 'failed';
    deps.logger.warn(`ECU identification of ${storageKey} ${why}:`, err instanceof Error ? err.message : err);
    return { result: null, later };
  }
}

/**
 * A new ticket's read has been identified (in the request, or later by the identify job): what
 * follows from it, matching the solution library, runs as this job, off the request
 * (docs/decisions/085-solution-library.md). The solutions feature registers its worker.
 */
export const readIdentifiedQueue = defineQueue<{ ticketId: string }>('read-identified', 'task');

export function queueReadIdentified(
  deps: Pick<AppDeps, 'jobs'>,
  tx: Tx,
  ticket: { id: string; ticketNumber: number },
): Promise<void> {
  return deps.jobs.send(
    readIdentifiedQueue,
    { ticketId: ticket.id },
    {
      key: `read-identified:${ticket.id}`,
      about: { label: `Match solutions to ticket ${ticket.ticketNumber}` },
      tx,
    },
  );
}

/** The identification that did not fit a request: one job per ticket. */
export const identifyQueue = defineQueue<{ ticketId: string }>('identify', 'task');

/**
 * Queues the identification of a new ticket's stored read, in the transaction that creates the
 * ticket: it runs exactly when the ticket exists (docs/decisions/070-durable-jobs.md).
 */
export function queueIdentification(
  deps: Pick<AppDeps, 'jobs'>,
  tx: Tx,
  ticket: { id: string; ticketNumber: number },
): Promise<void> {
  return deps.jobs.send(
    identifyQueue,
    { ticketId: ticket.id },
    {
      key: `identify:${ticket.id}`,
      // No userId: nothing is sent to the customer, it is the ticket's own work.
      about: { label: `Identify the read of ticket ${ticket.ticketNumber}` },
      tx,
    },
  );
}

/**
 * The identify job: reads the ticket's stored original in the pool with the longer budget and
 * keeps the result on the ticket, as a request would have. A ticket that has one already (the
 * job ran twice) or is gone is left alone. A full line or an unreadable store is retried with
 * backoff; a read that does not finish within IDENTIFY_JOB_BUDGET_MS either is not tried again.
 */
export function registerIdentifyWorker(jobs: Jobs, deps: Pick<AppDeps, 'db' | 'storage' | 'logger'>): void {
  jobs.work(identifyQueue, async ({ ticketId }) => {
    const [ticket] = await deps.db
      .select({
        ticketNumber: tickets.ticketNumber,
        ecuId: tickets.ecuId,
        identified: tickets.ecuIdentification,
        storageKey: ticketFiles.storageKey,
      })
      .from(tickets)
      .innerJoin(ticketFiles, and(eq(ticketFiles.ticketId, tickets.id), eq(ticketFiles.kind, 'ecu')))
      .where(eq(tickets.id, ticketId))
      .limit(1);
    if (!ticket || ticket.identified) return;
    let result: EcuIdentification;
    try {
      result = await identifyInPool(deps, ticket.ecuId, ticket.storageKey, IDENTIFY_JOB_BUDGET_MS);
    } catch (err) {
      if (!(err instanceof PoolBudgetError)) throw err;
      deps.logger.warn(
        `ECU identification of ${ticket.storageKey} not done within ${IDENTIFY_JOB_BUDGET_MS} ms either; the ticket stays without it`,
      );
      return;
    }
    // An update of the row: the change feed has it (its trigger, 0007_performance.sql).
    await deps.db.transaction(async (tx) => {
      const kept = await tx
        .update(tickets)
        .set({ ecuIdentification: result })
        .where(and(eq(tickets.id, ticketId), isNull(tickets.ecuIdentification)))
        .returning({ id: tickets.id });
      if (kept.length > 0)
        await queueReadIdentified({ jobs }, tx, { id: ticketId, ticketNumber: ticket.ticketNumber });
    });
  });
}
