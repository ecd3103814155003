import { type EcuIdentification, expectedEcuOf, identifyEcu } from '@ecu/shared';
import type { AppDeps } from '../app/context';

/** Every byte of a stored file (ECU reads are at most 20 MB). */
async function readWhole(stream: AsyncIterable<Buffer>): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * What a stored ECU file says about itself, kept on the ticket when it is created (so the
 * change feed carries one row per new ticket, not a second one for an update). The server
 * runs the same identifyEcu as the wizard's worker and trusts no client's result
 * (docs/decisions/034-ecu-identification.md). It only informs: a file it cannot read is
 * logged and the ticket is created without it.
 */
export async function identifyStoredEcu(
  deps: Pick<AppDeps, 'storage' | 'logger'>,
  ecuId: string | null | undefined,
  storageKey: string,
): Promise<EcuIdentification | null> {
  try {
    const bytes = await readWhole(deps.storage.read(storageKey));
    return identifyEcu(bytes, { expected: expectedEcuOf(ecuId) });
  } catch (err) {
    deps.logger.warn(`ECU identification of ${storageKey} failed:`, err);
    return null;
  }
}
