import { expect, test } from '@playwright/test';
import { KB, MB, makeBinary, truncated } from '../shared/src/ecu-identify/test-binaries';
import { apiSession, createAccount, dataOf, signInThroughUi } from './support/accounts';

/** A synthetic Bosch EDC17 read (real reads are customers' files and never go in the repository). */
const bosch = makeBinary({
  size: 2 * MB,
  randomBytes: 1.5 * MB,
  strings: [{ offset: 0x40000, text: '0281017946 1037512345 EDC17C46' }],
});
const asFile = (name: string, bytes: Uint8Array) => ({
  name,
  mimeType: 'application/octet-stream',
  buffer: Buffer.from(bytes),
});

test('the wizard reads the picked ECU file in a worker and warns about a partial read without blocking', async ({
  page,
}) => {
  const account = await createAccount('verified');
  await signInThroughUi(page, account.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto('/upload-file');

  await page.locator('#ecuFile').setInputFiles(asFile('edc17.bin', bosch));
  const found = page.getByRole('region', { name: 'ECU identification' });
  await expect(found.getByRole('definition').first()).toHaveText('Bosch');
  await expect(found).toContainText('Hardware number0281017946');
  await expect(found).toContainText('Flash size2.00 MB');
  await expect(found.getByRole('status')).not.toContainText('Warning');
  expect(workers.some((url) => /ecu-identify/.test(url))).toBe(true);

  await page
    .locator('#ecuFile')
    .setInputFiles(asFile('stopped-early.bin', truncated(bosch, 2 * MB - 64 * KB)));
  await expect(page.getByText('stopped-early.bin')).toBeVisible();
  await expect(found.getByRole('status')).toContainText(
    'Warning: The file is 1.94 MB, short of a 2 MB flash: the read may have stopped early.',
  );
  await expect(found).toContainText('Maker');

  // Advice only: Continue still goes on to step 2.
  await page.getByLabel('Make').fill('Volkswagen');
  await page.getByLabel('Model').fill('Golf 2.0 TDI');
  await page.getByLabel('Year').fill('2019');
  await page.getByLabel('Registration').fill(`EI${Date.now().toString(36).slice(-5).toUpperCase()}`);
  await page.getByLabel('Read Tool').selectOption('KESS');
  await page.getByLabel('Read Type').selectOption('OBD');
  await page.getByRole('radio', { name: 'Manual' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/modification-plan$/);
});

test('the browser worker and the server read the same things from the same bytes', async ({ page }) => {
  const account = await createAccount('verified');
  await signInThroughUi(page, account.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/upload-file');
  await page.locator('#ecuFile').setInputFiles(asFile('edc17.bin', bosch));
  const found = page.getByRole('region', { name: 'ECU identification' });
  await expect(found).toContainText('Hardware number0281017946');

  const tuner = await apiSession(account.email, account.password);
  const created = await dataOf<{ ticketNumber: number }>(
    await tuner.post('/api/ecuFile/create-ecuFile', {
      multipart: {
        make: 'Volkswagen',
        model: 'Golf 2.0 TDI',
        year: '2019',
        registration: `SR${Date.now().toString(36).slice(-5).toUpperCase()}`,
        transmission: 'Manual',
        readTool: 'KESS',
        readType: 'OBD',
        masterSlave: 'Master',
        stage: 'Stage 1',
        options: 'EGR OFF',
        ecuFile: asFile('edc17.bin', bosch),
      },
    }),
  );
  const details = await dataOf<{ ecuIdentification: Record<string, unknown> & { warnings: unknown[] } }>(
    await tuner.get(`/api/ecuFile/getTicketDetails/${created.ticketNumber}`),
  );
  const server = details.ecuIdentification;
  expect(server).toMatchObject({
    maker: 'Bosch',
    hardwareNumber: '0281017946',
    softwareNumber: '1037512345',
  });
  // Every field the server found is what the worker showed; neither warns.
  for (const key of ['maker', 'family', 'hardwareNumber', 'softwareNumber'] as const) {
    await expect(found).toContainText(String(server[key]));
  }
  expect(server.warnings).toEqual([]);
  await expect(found.getByRole('status')).not.toContainText('Warning');
});
