import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { ECU_NAMES, searchEcus } from '../shared/src/tickets/ecus';
import { createAccount, signInThroughUi } from './support/accounts';

const MB = 1024 * 1024;
/** Set WIZARD_SHOTS=dir to keep screenshots of the steps (for looking at the layout). */
const SHOTS = process.env.WIZARD_SHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  // A viewport as tall as the page, so the fixed bars stay where a tuner sees them.
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
  await page.setViewportSize(size);
}

function uniqueRegistration(): string {
  return `WZ${Date.now().toString(36).slice(-5).toUpperCase()}`;
}

/** The toast with this text (the same text may also stand under its field). */
/** The notes of the wizard draft saved in IndexedDB (what a reload restores from). */
function draftNotes(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve, reject) => {
        const open = indexedDB.open('ecu-portal');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('wizardDrafts').objectStore('wizardDrafts').getAll();
          all.onsuccess = () => {
            db.close();
            const row = (all.result as { plan: { notes?: string } | null }[])[0];
            resolve(row?.plan?.notes ?? null);
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

async function expectToast(page: Page, text: string) {
  await expect(page.locator('.Toastify__toast').filter({ hasText: text }).last()).toBeVisible();
}

async function signedInTuner(page: Page) {
  const account = await createAccount('verified');
  await signInThroughUi(page, account.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  return account;
}

interface TicketJson {
  registration: string;
  make: string;
  stage: string;
  options: string[];
  notes: string | null;
  creditsNeed: number;
  ecuId: string | null;
  ecuFile: { name: string; size: number } | null;
  commonFiles: { name: string; size: number }[];
}

async function myTickets(page: Page, registration: string): Promise<TicketJson[]> {
  const res = await page.request.get('/api/ecuFile/my-files');
  if (!res.ok()) return [];
  const body = (await res.json()) as { data: TicketJson[] };
  return body.data.filter((t) => t.registration === registration);
}

async function fillVehicle(page: Page, registration: string) {
  await page.getByLabel('Make').fill('Volkswagen');
  await page.getByLabel('Model').fill('Golf 2.0 TDI');
  await page.getByLabel('Year').fill('2019');
  await page.getByLabel('Registration').fill(registration);
  await page.getByLabel('Read Tool').selectOption('KESS');
  await page.getByLabel('Read Type').selectOption('OBD');
}

const ecuFile = {
  name: 'golf-ecu.bin',
  mimeType: 'application/octet-stream',
  buffer: Buffer.alloc(64 * 1024, 7),
};
const logFile = { name: 'datalog.csv', mimeType: 'text/csv', buffer: Buffer.from('rpm,boost\n2000,1.2\n') };

test('the wizard checks every step in order, quotes the ticket, keeps the plan on Back and submits it', async ({
  page,
}) => {
  await signedInTuner(page);
  const registration = uniqueRegistration();

  await page
    .getByRole('navigation')
    .getByRole('button', { name: /File Service/ })
    .click();
  await page.getByRole('navigation').getByRole('link', { name: 'Upload File' }).click();
  await expect(page).toHaveURL(/\/upload-file$/);
  await expect(page.getByRole('heading', { name: 'Upload File', level: 1 })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
  await expect(crumbs).toHaveText(['Dashboard', 'Portal', 'Upload File']);
  await expect(page.getByRole('list', { name: 'Upload steps' }).getByRole('listitem')).toHaveText([
    /1\s*Step 1\s*Vehicle Details/,
    /2\s*Step 2\s*Modification Plan/,
    /3\s*Step 3\s*Overview/,
  ]);
  await expect(page.getByRole('heading', { name: 'Vehicle Parameters' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Vehicle not found/ })).toHaveAttribute('href', '/help');
  await expect(page.getByRole('radio', { name: 'Automatic', exact: true })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Master' })).toBeChecked();
  await shot(page, '1-upload-file-empty');

  // Continue checks in the documented order; each message is a toast and stands under its field.
  const next = page.getByRole('button', { name: 'Continue' });
  await next.click();
  await expectToast(page, 'Make is required');
  await expect(page.locator('.field-error', { hasText: 'Please select read tool' })).toBeVisible();
  await shot(page, '1-upload-file-errors');
  await page.getByLabel('Make').fill('Volkswagen');
  await page.getByLabel('Model').fill('Golf 2.0 TDI');
  await page.getByLabel('Year').fill('2019');
  await page.getByLabel('Registration').fill(registration);
  await next.click();
  await expectToast(page, 'Please select read tool');
  await page.getByLabel('Read Tool').selectOption('KESS');
  await next.click();
  await expectToast(page, 'Please select a read type');
  await page.getByLabel('Read Type').selectOption('OBD');
  await next.click();
  await expectToast(page, 'Please upload a ecu-file');
  await expect(page.locator('.field-error', { hasText: 'Please upload a ecu-file' })).toBeVisible();

  // The ECU ID picker.
  const total = ECU_NAMES.length;
  await page.getByRole('button', { name: 'Select ECU ID' }).click();
  const dialog = page.getByRole('dialog', { name: `Search ECU ID (${total} Total)` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByPlaceholder('Search ECU...')).toBeFocused();
  await expect(dialog.getByText(`Start typing to search all ${total} ECUs.`)).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'ECU types' }).getByRole('button')).toHaveCount(50);
  await shot(page, '1-ecu-picker-empty');
  await dialog.getByPlaceholder('Search ECU...').fill('edc17c');
  await expect(dialog.getByText(`Found ${searchEcus('edc17c').length} results.`)).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'ECU types' }).getByRole('button')).toHaveCount(
    searchEcus('edc17c').length,
  );
  await shot(page, '1-ecu-picker-search');
  await dialog.getByPlaceholder('Search ECU...').fill('no-such-ecu');
  await expect(dialog.getByText('No ECU found matching "no-such-ecu"')).toBeVisible();
  const chosen = searchEcus('edc17')[0]!;
  await dialog.getByPlaceholder('Search ECU...').fill(chosen);
  await dialog.getByRole('button', { name: chosen, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: chosen })).toBeVisible();

  // Size checks when picking and when dropping; the input is cleared.
  const ecuInput = page.locator('#ecuFile');
  await ecuInput.setInputFiles({
    name: 'too-big.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.alloc(21 * MB, 1),
  });
  await expectToast(page, 'File size should be less than 20.00 MB.');
  await expect(
    page.locator('.field-error', { hasText: 'File size should be less than 20.00 MB.' }),
  ).toBeVisible();
  expect(await ecuInput.evaluate((el: HTMLInputElement) => el.files?.length ?? 0)).toBe(0);
  await expect(page.getByText('too-big.bin')).toHaveCount(0);

  const dropped = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(21 * 1024 * 1024)], 'dropped-big.bin'));
    return dt;
  });
  await page.locator('label[for="ecuFile"]').dispatchEvent('drop', { dataTransfer: dropped });
  await expect(
    page.locator('.Toastify__toast').filter({ hasText: 'File size should be less than 20.00 MB.' }),
  ).not.toHaveCount(0);
  await expect(page.getByText('dropped-big.bin')).toHaveCount(0);

  await ecuInput.setInputFiles({
    name: 'empty.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.alloc(0),
  });
  await expectToast(page, 'The file is empty.');

  // Over 100 MB of additional files (made in the page: Playwright caps buffers at 50 MB).
  const twoHuge = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    for (const name of ['huge-1.bin', 'huge-2.bin'])
      dt.items.add(new File([new Uint8Array(51 * 1024 * 1024)], name));
    return dt;
  });
  await page.locator('label[for="commonFiles"]').dispatchEvent('drop', { dataTransfer: twoHuge });
  await expectToast(page, 'Total size of additional files should be less than 100.00 MB.');
  await expect(page.getByText('huge-1.bin')).toHaveCount(0);

  await ecuInput.setInputFiles(ecuFile);
  await page.locator('#commonFiles').setInputFiles(logFile);
  await expect(page.getByText('golf-ecu.bin')).toBeVisible();
  await expect(page.getByText('datalog.csv')).toBeVisible();
  await page.getByRole('radio', { name: 'Manual' }).check();
  await shot(page, '1-upload-file-filled');
  await next.click();

  // Step 2.
  await expect(page).toHaveURL(/\/modification-plan$/);
  await expect(page.getByRole('heading', { name: 'Modification Plan', level: 1 })).toBeVisible();
  await expect(crumbs).toHaveText(['Dashboard', 'Portal', 'Upload File', 'Modification Plan']);
  await expect(page.locator('.wiz-drop-field', { hasText: 'Original ECU File' })).toContainText(
    'golf-ecu.bin',
  );
  await next.click();
  await expectToast(page, 'Please select a stage');
  await page.getByRole('radio', { name: /Stage 1/ }).check();
  await next.click();
  await expectToast(page, 'Please select any option');
  await expect(page.locator('label', { hasText: 'IMMO OFF' })).toContainText('+2 credits');
  await page.getByRole('checkbox', { name: 'EGR OFF' }).check();
  await page.getByRole('checkbox', { name: /IMMO OFF/ }).check();

  // The three stages without options clear and disable them.
  await page.getByRole('radio', { name: /Gear Box/ }).check();
  await expect(page.getByText('Options selection is disabled for the current Stage.')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'EGR OFF' })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'EGR OFF' })).not.toBeChecked();
  await shot(page, '2-plan-gear-box');
  await page.getByRole('radio', { name: /Stage 1/ }).check();
  await expect(page.getByRole('checkbox', { name: 'EGR OFF' })).not.toBeChecked();
  await page.getByRole('checkbox', { name: 'EGR OFF' }).check();
  await page.getByRole('checkbox', { name: /IMMO OFF/ }).check();

  // DTC OFF asks for the fault codes as a list (docs/decisions/092-fault-code-lists.md), on a
  // phone too; they leave with DTC OFF.
  const codeField = page.getByRole('textbox', { name: 'Fault code' });
  await expect(codeField).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'DTC OFF' }).check();
  await page.setViewportSize({ width: 360, height: 740 });
  await codeField.fill('P0420 nope');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: '"NOPE" is not a fault code' })).toBeVisible();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await codeField.fill('p0420, P1234');
  await codeField.press('Enter');
  const codes = page.getByRole('list', { name: 'Fault codes to remove' }).getByRole('listitem');
  await expect(codes).toHaveText([
    /^P0420\s*Catalyst system efficiency below threshold \(bank 1\)\s*Remove$/,
    /^P1234\s*manufacturer-specific\s*Remove$/,
  ]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, '2-plan-fault-codes-360');
  await page.getByRole('button', { name: 'Remove P1234' }).click();
  await expect(codes).toHaveCount(1);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('checkbox', { name: 'DTC OFF' }).uncheck();
  await expect(codeField).toHaveCount(0);
  await page.getByLabel(/Notes/).fill('Downpipe fitted, 98 RON.');
  await shot(page, '2-plan-filled');

  // A reload keeps the work (the draft in IndexedDB), and the other spelling of the route too.
  // The draft is written a moment after the keystroke: reload once it is on disk.
  await expect.poll(() => draftNotes(page)).toBe('Downpipe fitted, 98 RON.');
  await page.reload();
  await expect(page.getByRole('radio', { name: /Stage 1/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'EGR OFF' })).toBeChecked();
  await page.goto('/upload-file/modification-plan');
  await expect(page).toHaveURL(/\/modification-plan$/);
  await expect(page.getByRole('checkbox', { name: /IMMO OFF/ })).toBeChecked();
  await expect(page.getByLabel(/Notes/)).toHaveValue('Downpipe fitted, 98 RON.');
  await next.click();

  // Step 3.
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  // Finished steps keep their numbers.
  await expect(page.getByRole('list', { name: 'Upload steps' }).getByRole('listitem')).toHaveText([
    /^1\s*Step 1\s*Vehicle Details\s*\(completed\)$/,
    /^2\s*Step 2\s*Modification Plan\s*\(completed\)$/,
    /^3\s*Step 3\s*Overview$/,
  ]);
  await expect(page.getByText(registration)).toBeVisible();
  await expect(page.getByText(chosen)).toBeVisible();
  const quote = page.locator('.wiz-quote-table');
  await expect(quote.getByRole('row')).toHaveText([
    /^Base\s*1 CRD$/,
    /^EGR OFF \(free with Stage 1\)\s*0 CRD$/,
    /^IMMO OFF\s*2 CRD$/,
    /^Total\s*3 CRD$/,
  ]);
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  const terms = page.getByRole('checkbox', { name: /accept the terms/ });
  await terms.check();
  await terms.uncheck();
  await expect(page.locator('.field-error', { hasText: 'Please accept the terms' })).toBeVisible();
  await expect(submit).toBeDisabled();
  await shot(page, '3-overview');

  // Back restores stage, options, notes and files.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/modification-plan$/);
  await expect(page.getByRole('radio', { name: /Stage 1/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'EGR OFF' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /IMMO OFF/ })).toBeChecked();
  await expect(page.getByLabel(/Notes/)).toHaveValue('Downpipe fitted, 98 RON.');
  await expect(page.locator('.wiz-drop-field', { hasText: 'Original ECU File' })).toContainText(
    'golf-ecu.bin',
  );
  await expect(page.locator('.wiz-drop-field', { hasText: 'Additional Files' })).toContainText('datalog.csv');
  await next.click();

  await expect(page).toHaveURL(/\/overview$/);
  await page.getByRole('checkbox', { name: /accept the terms/ }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/my-files$/);
  await expectToast(page, 'ECU file submitted successfully');

  await expect.poll(async () => (await myTickets(page, registration)).length, { timeout: 15_000 }).toBe(1);
  const [ticket] = await myTickets(page, registration);
  expect(ticket).toMatchObject({
    make: 'Volkswagen',
    stage: 'Stage 1',
    options: ['EGR OFF', 'IMMO OFF'],
    notes: 'Downpipe fitted, 98 RON.',
    creditsNeed: 3,
    ecuId: chosen,
  });
  expect(ticket?.ecuFile).toMatchObject({ name: 'golf-ecu.bin', size: 64 * 1024 });
  expect(ticket?.commonFiles.map((f) => f.name)).toEqual(['datalog.csv']);

  // The wizard starts fresh afterwards.
  await page.goto('/upload-file');
  await expect(page.getByLabel('Registration')).toHaveValue('');
});

test('steps 2 and 3 without wizard data send the tuner to step 1', async ({ page }) => {
  await signedInTuner(page);
  await page.goto('/overview');
  await expect(page).toHaveURL(/\/upload-file$/);
  await page.goto('/modification-plan');
  await expect(page).toHaveURL(/\/upload-file$/);
  await expect(page.getByRole('heading', { name: 'Vehicle Parameters' })).toBeVisible();
});

test('a ticket filled in and submitted offline is created exactly once when the network returns', async ({
  page,
  context,
}) => {
  await signedInTuner(page);
  const registration = uniqueRegistration();

  // The service worker installs on the first visit and controls the page after a reload.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.goto('/upload-file');
  await expect(page.getByRole('heading', { name: 'Vehicle Parameters' })).toBeVisible();

  await context.setOffline(true);
  await fillVehicle(page, registration);
  await page.locator('#ecuFile').setInputFiles(ecuFile);
  await page.locator('#commonFiles').setInputFiles(logFile);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/modification-plan$/);
  await page.getByRole('radio', { name: /Eco/ }).check();
  await page.getByRole('checkbox', { name: 'DPF-FAP OFF' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByText('You are offline.', { exact: false }).first()).toBeVisible();
  await page.getByRole('checkbox', { name: /accept the terms/ }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/my-files$/);
  await expectToast(page, 'Your file is queued and will be submitted when you are back online.');

  // Still queued after a reload without network: the command and its files live in IndexedDB.
  await page.reload();
  await expect(page).toHaveURL(/\/my-files$/);
  expect(await myTickets(page, registration)).toHaveLength(0);

  await context.setOffline(false);
  await expect.poll(async () => (await myTickets(page, registration)).length, { timeout: 20_000 }).toBe(1);

  // More sync triggers (another reload, the tab shown again) must not create it twice.
  await page.reload();
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.waitForTimeout(2_000);
  const tickets = await myTickets(page, registration);
  expect(tickets).toHaveLength(1);
  expect(tickets[0]).toMatchObject({ stage: 'Eco', options: ['DPF-FAP OFF'], creditsNeed: 2 });
  expect(tickets[0]?.ecuFile?.name).toBe('golf-ecu.bin');
  expect(tickets[0]?.commonFiles.map((f) => f.name)).toEqual(['datalog.csv']);
});

test('an upload paused on My Files stays paused over a reload and resumes from the server offset', async ({
  page,
  context,
}) => {
  await signedInTuner(page);
  const registration = uniqueRegistration();
  await page.goto('/upload-file');
  await fillVehicle(page, registration);
  await page.locator('#ecuFile').setInputFiles({
    name: 'slow-ecu.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.alloc(12 * MB, 3),
  });
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: /ECU Cloning/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('checkbox', { name: /accept the terms/ }).check();

  // A slow uplink (1.5 MB/s) so there is time to pause.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 1_500_000,
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/my-files$/);
  // My Files shows the queued ticket with its upload while it is in flight.
  const queued = page.getByTestId('queued-ticket');
  await expect(queued).toBeVisible({ timeout: 5_000 });

  const bar = queued.getByRole('progressbar');
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await queued.getByRole('button', { name: /^Pause/ }).click();
  await expect(queued.getByRole('button', { name: /^Resume/ })).toBeVisible();
  await shot(page, '4-my-files-paused');

  await page.reload();
  await expect(queued.getByRole('button', { name: /^Resume/ })).toBeVisible();
  expect(await myTickets(page, registration)).toHaveLength(0);

  const offsets: number[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/uploads/') && r.method() === 'PATCH')
      offsets.push(Number(r.headers()['upload-offset']));
  });
  const fast = await context.newCDPSession(page);
  await fast.send('Network.enable');
  await fast.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await queued.getByRole('button', { name: /^Resume/ }).click();
  await expect(queued).toHaveCount(0, { timeout: 30_000 });
  // The first request after resuming starts where the server stopped, not at 0.
  expect(offsets[0]).toBeGreaterThan(0);
  const tickets = await myTickets(page, registration);
  expect(tickets).toHaveLength(1);
  expect(tickets[0]?.ecuFile?.size).toBe(12 * MB);
});
