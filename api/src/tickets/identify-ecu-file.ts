import { type EcuIdentification, expectedEcuOf } from '@ecu/shared';
import type { AppDeps } from '../app/context';
import { PoolBudgetError, PoolLine, PoolLineFullError } from '../platform/worker-pool';

/**
 * How long a worker may spend on one file: a 20 MB read of random bytes takes about half a
 * second, a crafted one longer (docs/decisions/068-worker-pool.md).
 */
export const IDENTIFY_BUDGET_MS = 2000;

/**
 * Files waiting for a worker, per thread, behind those being read; past them a new file is not
 * read. The wait is at most this many budgets.
 */
const identifyLine = new PoolLine('identify', 4);

/**
 * Every byte of a stored file (ECU reads are at most 20 MB), in a buffer of its own so it can
 * be handed to a worker without a copy.
 */
async function readWhole(stream: AsyncIterable<Buffer>): Promise<Uint8Array> {
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

/**
 * What a stored ECU file says about itself, kept on the ticket when it is created (so the
 * change feed carries one row per new ticket, not a second one for an update). The server
 * runs the same identifyEcu as the wizard's worker, in a worker thread of its own pool, and
 * trusts no client's result (docs/decisions/034-ecu-identification.md). It only informs: a
 * file it cannot read, or not within the budget, is logged and the ticket is created without it.
 */
export async function identifyStoredEcu(
  deps: Pick<AppDeps, 'storage' | 'logger'>,
  ecuId: string | null | undefined,
  storageKey: string,
): Promise<EcuIdentification | null> {
  try {
    const bytes = await readWhole(deps.storage.read(storageKey));
    return await identifyLine.run(
      { bytes, expected: expectedEcuOf(ecuId) },
      { budgetMs: IDENTIFY_BUDGET_MS, transferList: [bytes.buffer as ArrayBuffer] },
    );
  } catch (err) {
    const why =
      err instanceof PoolLineFullError
        ? 'skipped: every worker is busy and the line is full'
        : err instanceof PoolBudgetError
          ? `skipped: not done within ${IDENTIFY_BUDGET_MS} ms`
          : 'failed';
    deps.logger.warn(`ECU identification of ${storageKey} ${why}:`, err instanceof Error ? err.message : err);
    return null;
  }
}
