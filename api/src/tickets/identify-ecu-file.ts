import { type EcuIdentification, expectedEcuOf, identifyEcu } from '@ecu/shared';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../app/context';
import { tickets } from '../db/schema';

/** Every byte of a stored file (ECU reads are at most 20 MB). */
async function readWhole(stream: AsyncIterable<Buffer>): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Reads a ticket's stored ECU file and keeps what it says about itself on the ticket. The
 * server runs the same identifyEcu as the wizard's worker and trusts no client's result
 * (docs/decisions/034-ecu-identification.md). It only informs: a file it cannot read is
 * logged and the ticket stands as it is.
 */
export async function identifyTicketEcu(
  deps: Pick<AppDeps, 'db' | 'storage' | 'logger'>,
  ticket: { id: string; ecuId: string | null },
  storageKey: string,
): Promise<EcuIdentification | null> {
  try {
    const bytes = await readWhole(deps.storage.read(storageKey));
    const result = identifyEcu(bytes, { expected: expectedEcuOf(ticket.ecuId) });
    await deps.db.update(tickets).set({ ecuIdentification: result }).where(eq(tickets.id, ticket.id));
    return result;
  } catch (err) {
    deps.logger.warn(`ECU identification of ticket ${ticket.id} failed:`, err);
    return null;
  }
}
