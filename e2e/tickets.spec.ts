import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { apiSession, createAccount, dataOf as ok, PASSWORD, signInThroughUi } from './support/accounts';
import { untilPersisted } from './support/local-copy';
import { ADMIN } from './support/paths';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const NOTES =
  'Customer wants a smooth power delivery for towing. Please keep the smoke limiter conservative and check the boost map above 3000 rpm.';

interface CreatedTicket {
  _id: string;
  ticketNumber: number;
  creditsNeed: number;
}

/** A ticket made through the multipart create-ecuFile form, as the tuner. */
async function createTicket(tuner: APIRequestContext, registration: string, ecu: Buffer, extra: Buffer) {
  return ok<CreatedTicket>(
    await tuner.post('/api/ecuFile/create-ecuFile', {
      multipart: {
        make: 'BMW',
        model: '320d',
        year: '2019',
        registration,
        ecuId: 'Bosch EDC17C50',
        transmission: 'Automatic',
        readTool: 'KESS',
        readType: 'OBD',
        masterSlave: 'Master',
        stage: 'Stage 1',
        options: 'DTC OFF',
        notes: NOTES,
        ecuFile: { name: 'original-read.bin', mimeType: 'application/octet-stream', buffer: ecu },
        commonFiles: { name: 'dyno-log.csv', mimeType: 'text/csv', buffer: extra },
      },
    }),
  );
}

function toast(page: Page, text: string | RegExp) {
  return page.getByRole('alert').filter({ hasText: text }).first();
}

function uniqueRegistration(): string {
  return `E2 ${Date.now().toString(36).slice(-5).toUpperCase()}`;
}

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

test('a tuner follows a ticket from Pending to the tuned-file download; an admin unlocks it', async ({
  page,
  browser,
}) => {
  const account = await createAccount('verified');
  const tuner = await apiSession(account.email, PASSWORD);
  const admin = await apiSession(ADMIN.email, ADMIN.password);
  const registration = uniqueRegistration();
  const ecu = Buffer.from(`ECU READ ${registration} `.repeat(400));
  const extra = Buffer.from('rpm,boost\n1000,0.4\n3000,1.6\n');
  const created = await createTicket(tuner, registration, ecu, extra);
  // BMW is a 2-credit make, DTC OFF costs 1 even with Stage 1 (docs/product.md#7-ticket-price).
  expect(created.creditsNeed).toBe(3);
  const n = created.ticketNumber;
  await ok(await admin.put('/api/admin/updateUserCredits', { data: { userId: account.id, credits: 5 } }));

  // My Files: the row, from the API into IndexedDB.
  await signInThroughUi(page, account.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('sidebar-credits')).toHaveText('5 CRD');
  await page.getByRole('button', { name: /File Service/ }).click();
  await page.getByRole('link', { name: 'My Files' }).click();
  await expect(page).toHaveURL(/\/my-files$/);
  await expect(page.getByRole('heading', { name: 'My Files', level: 1 })).toBeVisible();
  await expect(page.getByText('View your submitted ECU files')).toBeVisible();
  const row = page.getByTestId('file-row').filter({ hasText: registration });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('BMW 320d 2019');
  await expect(row).toContainText('KESS');
  await expect(row).toContainText('3.00 CRD');
  await expect(row.getByTestId('ticket-status')).toHaveText('Pending');
  await expect(row).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4}, \d{2}:\d{2}/);

  // The search is local: by registration (spaces ignored), make and model.
  const search = page.getByPlaceholder('Search files by make, model, registration...');
  await search.fill(registration.replace(/\s/g, '').toLowerCase());
  await expect(page.getByTestId('file-row')).toHaveCount(1);
  await search.fill('no such vehicle anywhere');
  await expect(page.getByTestId('file-row')).toHaveCount(0);
  await expect(page.getByText('No files match')).toBeVisible();
  await search.fill('bmw 320d');
  await expect(row).toHaveCount(1);

  // Ticket details.
  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/ticket-details/${n}$`));
  await expect(page.getByRole('heading', { name: 'BMW 320d 2019', level: 1 })).toBeVisible();
  await expect(page.getByTestId('status-banner')).toHaveText(
    'Your file request is pending and will be processed soon.',
  );
  await expect(page.getByText(NOTES)).toHaveCount(0);
  await expect(page.getByText(`${NOTES.slice(0, 100).trimEnd()}…`)).toBeVisible();
  await page.getByRole('button', { name: 'See more' }).click();
  await expect(page.getByText(NOTES)).toBeVisible();
  await page.getByRole('button', { name: 'See less' }).click();
  await expect(page.getByText(NOTES)).toHaveCount(0);
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText(registration);
  await expect(details).toContainText('Bosch EDC17C50');
  await expect(details).toContainText('Automatic');
  const requestCard = page.getByRole('region', { name: 'Request' });
  await expect(requestCard).toContainText('Stage 1');
  await expect(requestCard).toContainText('DTC OFF');
  await expect(requestCard.getByText(sha256(ecu))).toBeVisible();
  await expect(requestCard.getByText(sha256(extra))).toBeVisible();
  const original = page.waitForEvent('download');
  await requestCard.getByRole('link', { name: /Download ecu file original-read\.bin/ }).click();
  expect(await readFile(await (await original).path())).toEqual(ecu);
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Ticket submitted');
  await expect(
    page.getByTestId('chat-panel').getByRole('heading', { name: 'Chat with support' }),
  ).toBeVisible();

  // The admin finds it on ECU Files, unlocks it and uploads the tuned file through the UI.
  const desk = await adminPage(browser);
  await desk.getByRole('navigation').getByRole('link', { name: 'ECU Files' }).click();
  await expect(desk).toHaveURL(/\/files$/);
  await expect(desk.getByRole('heading', { name: 'ECU Files', level: 1 })).toBeVisible();
  await desk.getByLabel('Search files').fill(registration);
  const adminRow = desk.getByTestId('ecu-file-row').filter({ hasText: registration });
  await expect(adminRow).toHaveCount(1);
  await expect(desk.getByTestId('ecu-file-row')).toHaveCount(1);
  await expect(adminRow).toContainText(account.email);
  await expect(adminRow).toContainText('Ann Lee');
  await expect(adminRow).toContainText('3.00 CRD');
  await expect(adminRow.getByTestId('ticket-status')).toHaveText('Pending');
  // The status filter narrows the list on the server.
  await desk.getByLabel('Status', { exact: true }).selectOption('Completed');
  await expect(desk.getByTestId('ecu-file-row')).toHaveCount(0);
  await desk.getByLabel('Status', { exact: true }).selectOption('Pending');
  await expect(adminRow).toHaveCount(1);
  await adminRow.getByRole('link', { name: `Open ticket ${n}` }).click();
  await expect(desk).toHaveURL(new RegExp(`/ticket/${n}$`));
  await expect(desk.getByRole('heading', { name: 'BMW 320d 2019', level: 1 })).toBeVisible();
  // The active item follows the path: a ticket belongs to ECU Files.
  await expect(desk.getByLabel('Admin navigation').getByRole('link', { name: 'ECU Files' })).toHaveClass(
    /\bactive\b/,
  );
  const fileStatus = desk.getByRole('region', { name: 'File Status' });
  await expect(fileStatus.getByText('No tuned file uploaded yet.')).toBeVisible();

  // Nothing chosen: the documented message, nothing sent.
  await fileStatus.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(toast(desk, 'Please select a tuned file')).toBeVisible();

  // Choosing an option applies it at once.
  await fileStatus.getByLabel('Status', { exact: true }).selectOption('Unlocked');
  await expect(toast(desk, 'Status updated to Unlocked')).toBeVisible();
  await expect(fileStatus.getByLabel('Status', { exact: true })).toHaveValue('Unlocked');
  await expect(desk.getByRole('region', { name: 'History' })).toContainText(
    'Status changed from Pending to Unlocked',
  );

  const tuned = Buffer.from(`TUNED ${registration} `.repeat(900));
  await fileStatus.getByLabel('Choose a tuned file').setInputFiles({
    name: 'bmw-320d-stage1.bin',
    mimeType: 'application/octet-stream',
    buffer: tuned,
  });
  await fileStatus.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(toast(desk, 'Tuned file uploaded successfully')).toBeVisible();
  const tunedItem = fileStatus.getByTestId('ticket-file').filter({ hasText: 'bmw-320d-stage1.bin' });
  await expect(tunedItem).toBeVisible();
  await expect(tunedItem).toContainText(sha256(tuned));
  await expect(desk.getByRole('region', { name: 'History' })).toContainText(
    'Tuned file uploaded: bmw-320d-stage1.bin',
  );
  // Admins read every file by its url.
  const adminCopy = desk.waitForEvent('download');
  await tunedItem.getByRole('link', { name: /Download/ }).click();
  expect(await readFile(await (await adminCopy).path())).toEqual(tuned);
  await desk.context().close();

  // The tuner downloads it: charged once, however often.
  await page.reload();
  await expect(page.getByTestId('status-banner')).toHaveText('Click below to download your tuned file.');
  const downloadButton = page.getByRole('button', { name: 'Download', exact: true });
  const first = page.waitForEvent('download');
  await downloadButton.click();
  await expect(toast(page, 'Download started...')).toBeVisible();
  const firstDownload = await first;
  expect(firstDownload.suggestedFilename()).toBe('bmw-320d-stage1.bin');
  expect(await readFile(await firstDownload.path())).toEqual(tuned);
  await expect(page.getByTestId('sidebar-credits')).toHaveText('2 CRD');
  await expect(page.getByRole('region', { name: 'History' })).toContainText(
    'Charged 3 CRD for the tuned file',
  );

  const second = page.waitForEvent('download');
  await downloadButton.click();
  expect(await readFile(await (await second).path())).toEqual(tuned);
  await expect(page.getByText('Already paid: download it again at no charge.')).toBeVisible();
  const me = await ok<{ credits: number }>(await tuner.get('/api/auth/getMe'));
  expect(me.credits).toBe(2);
  await expect(page.getByTestId('sidebar-credits')).toHaveText('2 CRD');
  await expect(
    page.getByRole('region', { name: 'History' }).getByText('Charged 3 CRD for the tuned file'),
  ).toHaveCount(1);

  // Back on My Files the row shows the new status.
  await page.goto('/my-files');
  await expect(row.getByTestId('ticket-status')).toHaveText('Unlocked');

  await tuner.dispose();
  await admin.dispose();
});

test('without enough credits the download is refused with the server’s message', async ({ page }) => {
  const account = await createAccount('verified');
  const tuner = await apiSession(account.email, PASSWORD);
  const admin = await apiSession(ADMIN.email, ADMIN.password);
  const registration = uniqueRegistration();
  const created = await createTicket(tuner, registration, Buffer.from('ecu'), Buffer.from('log'));
  await ok(
    await admin.put('/api/admin/updateEcuFileStatus', { data: { fileId: created._id, status: 'Unlocked' } }),
  );

  await signInThroughUi(page, account.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/ticket-details/${created.ticketNumber}`);
  // Unlocked without a tuned file: a disabled 'File not available'.
  await expect(page.getByTestId('status-banner')).toHaveText('Click below to download your tuned file.');
  await expect(page.getByRole('button', { name: 'File not available' })).toBeDisabled();

  await ok(
    await admin.put('/api/admin/uploadTunedFile', {
      multipart: {
        ticketNumber: String(created.ticketNumber),
        tunedFile: { name: 'tuned.bin', mimeType: 'application/octet-stream', buffer: Buffer.from('tuned') },
      },
    }),
  );
  await page.reload();
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(toast(page, 'You need 3 more credits to download this file')).toBeVisible();
  await expect(page.getByTestId('sidebar-credits')).toHaveText('0 CRD');

  // Someone else's ticket (or none) reads as not found.
  await page.goto('/ticket-details/999999999');
  await expect(page.getByRole('heading', { name: 'Ticket not found' })).toBeVisible();

  await tuner.dispose();
  await admin.dispose();
});

test('offline, My Files and the ticket open from IndexedDB; the admin pages show their last copy', async ({
  page,
  context,
  browser,
}) => {
  const account = await createAccount('verified');
  const tuner = await apiSession(account.email, PASSWORD);
  const registration = uniqueRegistration();
  const created = await createTicket(tuner, registration, Buffer.from('ecu read'), Buffer.from('log'));
  await tuner.dispose();

  await signInThroughUi(page, account.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.goto('/my-files');
  await expect(page.getByTestId('file-row').filter({ hasText: registration })).toHaveCount(1);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('file-row').filter({ hasText: registration })).toHaveCount(1);
  await page.getByTestId('file-row').filter({ hasText: registration }).getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'BMW 320d 2019', level: 1 })).toBeVisible();
  await expect(page.getByTestId('status-banner')).toHaveText(
    'Your file request is pending and will be processed soon.',
  );
  await expect(page.getByText('Offline: showing the copy on this device.')).toBeVisible();
  await context.setOffline(false);

  // The admin: the last loaded list and ticket, marked, with every action disabled.
  const desk = await adminPage(browser);
  await desk.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await desk.reload();
  await expect.poll(() => desk.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await desk.goto('/files');
  await desk.getByLabel('Search files').fill(registration);
  const adminRow = desk.getByTestId('ecu-file-row').filter({ hasText: registration });
  await expect(adminRow).toHaveCount(1);
  await expect(desk.getByTestId('ecu-file-row')).toHaveCount(1);
  await adminRow.getByRole('link').click();
  await expect(desk.getByRole('region', { name: 'History' })).toContainText('Ticket submitted');

  // Only the admin's ticket answer carries knownOriginal: once it is on disk, reload offline.
  await untilPersisted(desk, 'knownOriginal');
  await desk.context().setOffline(true);
  await desk.reload();
  await expect(desk.getByText('Offline: showing the last loaded data')).toBeVisible();
  await expect(desk.getByText('Offline copy')).toBeVisible();
  const fileStatus = desk.getByRole('region', { name: 'File Status' });
  await expect(fileStatus.getByLabel('Status', { exact: true })).toBeDisabled();
  await expect(fileStatus.getByLabel('Choose a tuned file')).toBeDisabled();
  await expect(fileStatus.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
  await desk.goto(`/files`).catch(() => undefined);
  await expect(desk.getByText('Offline: showing the last loaded data')).toBeVisible();
  await expect(adminRow).toHaveCount(1);
  await desk.context().setOffline(false);
  await desk.context().close();
  expect(created.ticketNumber).toBeGreaterThan(100000);
});
