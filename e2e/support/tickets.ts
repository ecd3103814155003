import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { dataOf } from './accounts';

/** A registration no other run of the suite has used, with a tag of the spec's own. */
export const uniqueRegistration = (tag: string) =>
  `${tag} ${Date.now().toString(36).slice(-5).toUpperCase()}`;

/** The create-ecuFile form's text fields; `undefined` leaves a field out. */
export type TicketFormFields = Record<string, string | undefined>;

/** An Audi A4, Stage 1 with DTC OFF, read with KESS over OBD, ECU named by the tuner. */
const DEFAULT_FIELDS: TicketFormFields = {
  make: 'Audi',
  model: 'A4',
  year: '2018',
  ecuId: 'Bosch EDC17CP14',
  transmission: 'Manual',
  readTool: 'KESS',
  readType: 'OBD',
  masterSlave: 'Master',
  stage: 'Stage 1',
  options: 'DTC OFF',
};

/**
 * A ticket made through the multipart create-ecuFile form, as `tuner`: by default an Audi A4,
 * Stage 1 with DTC OFF and a small read whose bytes name the registration; `fields` changes or
 * (with `undefined`) leaves out form fields, `ecuFile` gives the read's bytes.
 */
export async function createTicketThroughForm<
  T extends { ticketNumber: number } = { _id: string; ticketNumber: number },
>(
  tuner: APIRequestContext,
  {
    registration = uniqueRegistration('E2E'),
    notes = 'Browser test',
    fields = {},
    ecuFile,
  }: { registration?: string; notes?: string; fields?: TicketFormFields; ecuFile?: Uint8Array } = {},
): Promise<T> {
  const text = Object.fromEntries(
    Object.entries({ ...DEFAULT_FIELDS, registration, notes, ...fields }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  return dataOf<T>(
    await tuner.post('/api/ecuFile/create-ecuFile', {
      multipart: {
        ...text,
        ecuFile: {
          name: 'read.bin',
          mimeType: 'application/octet-stream',
          buffer: ecuFile ? Buffer.from(ecuFile) : Buffer.from(`ECU ${registration} `.repeat(200)),
        },
      },
    }),
  );
}

/**
 * The wizard's first step filled by its fields' ids (so in any language): a vehicle, KESS over
 * OBD, a 64 KiB read and the first EDC17 the ECU picker finds. The caller continues.
 */
export async function fillVehicleStep(
  page: Page,
  vehicle: { model: string; year: string; registration: string },
) {
  await page.locator('#make').fill('Volkswagen');
  await page.locator('#model').fill(vehicle.model);
  await page.locator('#year').fill(vehicle.year);
  await page.locator('#registration').fill(vehicle.registration);
  await page.locator('#readTool').selectOption('KESS');
  await page.locator('#readType').selectOption('OBD');
  await page.locator('#ecuFile').setInputFiles({
    name: 'edc17c64-original.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.alloc(64 * 1024, 7),
  });
  await page.locator('#ecuId').click();
  const picker = page.getByRole('dialog');
  await picker.locator('input').first().fill('edc17');
  await picker.getByRole('list').getByRole('button').first().click();
  await expect(picker).toBeHidden();
}
