import type { APIRequestContext } from '@playwright/test';
import { dataOf } from './accounts';

/** A registration no other run of the suite has used, with a tag of the spec's own. */
export const uniqueRegistration = (tag: string) =>
  `${tag} ${Date.now().toString(36).slice(-5).toUpperCase()}`;

/**
 * A ticket made through the multipart create-ecuFile form, as `tuner` (an Audi A4, Stage 1 with
 * DTC OFF, a small read whose bytes name the registration).
 */
export async function createTicketThroughForm(
  tuner: APIRequestContext,
  {
    registration = uniqueRegistration('E2E'),
    notes = 'Browser test',
  }: { registration?: string; notes?: string } = {},
): Promise<{ ticketNumber: number }> {
  return dataOf<{ ticketNumber: number }>(
    await tuner.post('/api/ecuFile/create-ecuFile', {
      multipart: {
        make: 'Audi',
        model: 'A4',
        year: '2018',
        registration,
        ecuId: 'Bosch EDC17CP14',
        transmission: 'Manual',
        readTool: 'KESS',
        readType: 'OBD',
        masterSlave: 'Master',
        stage: 'Stage 1',
        options: 'DTC OFF',
        notes,
        ecuFile: {
          name: 'read.bin',
          mimeType: 'application/octet-stream',
          buffer: Buffer.from(`ECU ${registration} `.repeat(200)),
        },
      },
    }),
  );
}
