import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import {
  apiSession,
  BASE_URL,
  createAccount,
  dataOf as ok,
  PASSWORD,
  signInThroughUi,
} from './support/accounts';
import { untilPersisted } from './support/local-copy';
import { ADMIN } from './support/paths';

interface CreatedTicket {
  _id: string;
  ticketNumber: number;
  creditsNeed: number;
}

/** A BMW ticket (3 credits: a 2-credit make and DTC OFF) through the multipart form. */
async function createTicket(tuner: APIRequestContext, tag: string): Promise<CreatedTicket> {
  return ok<CreatedTicket>(
    await tuner.post('/api/ecuFile/create-ecuFile', {
      multipart: {
        make: 'BMW',
        model: '320d',
        year: '2019',
        registration: `OV ${tag}`,
        transmission: 'Automatic',
        readTool: 'KESS',
        readType: 'OBD',
        masterSlave: 'Master',
        stage: 'Stage 1',
        options: 'DTC OFF',
        ecuFile: {
          name: 'read.bin',
          mimeType: 'application/octet-stream',
          buffer: Buffer.from(`READ ${tag}`),
        },
      },
    }),
  );
}

/** The admin attaches a tuned file: one tus upload (purpose 'tuned') and uploadTunedFile. */
async function attachTunedFile(admin: APIRequestContext, ticketNumber: number, bytes: Buffer) {
  const meta = [
    `filename ${Buffer.from('tuned.bin').toString('base64')}`,
    `purpose ${Buffer.from('tuned').toString('base64')}`,
  ].join(',');
  const created = await admin.post('/api/uploads', {
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(bytes.length), 'Upload-Metadata': meta },
  });
  expect(created.status(), await created.text()).toBe(201);
  const location = created.headers().location ?? '';
  const uploadId = location.split('/').filter(Boolean).pop() ?? '';
  const patched = await admin.fetch(new URL(location, BASE_URL).pathname, {
    method: 'PATCH',
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': '0',
      'Content-Type': 'application/offset+octet-stream',
    },
    data: bytes,
  });
  expect(patched.status(), await patched.text()).toBe(204);
  await ok(
    await admin.put('/api/admin/uploadTunedFile', { data: { ticketNumber, tunedFileUploadId: uploadId } }),
  );
}

function toast(page: Page, text: string | RegExp) {
  return page.getByRole('alert').filter({ hasText: text }).first();
}

async function signedInPage(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughUi(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

/** '15 Jun 2026': how the Overview's tables name a day. */
function longDay(isoDate: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

interface Overview {
  from: string;
  to: string;
  timeZone: string;
  filesPerDay: { date: string; count: number }[];
  revenuePerWeek: { weekStart: string; amount: number; vat: number; payments: number }[];
  totals: { files: number; revenue: number; vat: number; newUsers: number };
}

const CHART_CHUNK = /\/assets\/overview-charts-[\w-]+\.js$/;

test('the admin Overview draws its charts with tables of the right numbers; customers never download the chart code', async ({
  browser,
}) => {
  const admin = await apiSession(ADMIN.email, ADMIN.password);
  const settings = await ok<{ settings: { hours: { timeZone: string } } }>(
    await admin.get('/api/admin/settings'),
  );
  const today = todayIn(settings.settings.hours.timeZone);
  const before = await ok<Overview>(await admin.get(`/api/admin/overview?from=${today}&to=${today}`));
  const filesToday = before.filesPerDay.find((d) => d.date === today)?.count ?? 0;

  // A tuner with one ticket today.
  const account = await createAccount('verified');
  const tuner = await apiSession(account.email, PASSWORD);
  const ticket = await createTicket(tuner, Date.now().toString(36).slice(-5).toUpperCase());

  // The tuner's screens: the chart chunk is never requested (also not by the service worker).
  const tunerPage = await signedInPage(browser, account.email, PASSWORD);
  const tunerRequests: string[] = [];
  tunerPage.context().on('request', (r) => tunerRequests.push(r.url()));
  await expect(tunerPage.getByTestId('service-status')).toBeVisible();
  for (const path of ['/upload-file', '/my-files', '/price-list', '/dashboard']) {
    await tunerPage.goto(path);
    await expect(tunerPage.locator('main')).toBeVisible();
  }
  await tunerPage.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  expect(tunerRequests.filter((u) => CHART_CHUNK.test(new URL(u).pathname))).toEqual([]);
  const sw = await (await tunerPage.request.get('/sw.js')).text();
  expect(sw, 'the service worker precaches no chart chunk').not.toMatch(
    /assets\/overview-charts-[A-Za-z0-9_-]+\.js/,
  );
  await tunerPage.context().close();

  // The admin's Overview.
  const page = await signedInPage(browser, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page).toHaveURL(/\/dashboard\?period=7d$/);
  await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');

  const filesChart = page.getByTestId('chart-files-per-day');
  const filesCanvas = filesChart.getByRole('img');
  await expect(filesCanvas).toHaveAttribute('aria-label', /^Bar chart of files per day, .*: total \d+/);
  await expect(filesChart.locator('canvas')).toHaveCount(1);
  const revenueChart = page.getByTestId('chart-revenue-per-week');
  await expect(revenueChart.getByRole('img')).toHaveAttribute('aria-label', /^Bar chart of revenue per week/);
  // What the page loaded since it opened (a request listener attached after the sign-in
  // could miss the chunk the landing Overview asked for at once).
  const loaded = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
  );
  expect(loaded.some((p) => CHART_CHUNK.test(p))).toBe(true);

  // The table (there for screen readers all along) holds the numbers: today has the new ticket.
  const todayRow = filesChart.getByRole('row', { name: new RegExp(`^${longDay(today)}\\b`) });
  await expect(todayRow.getByRole('cell')).toHaveText(String(filesToday + 1));
  await filesChart.getByRole('button', { name: 'Show as table' }).click();
  await expect(filesChart.getByRole('table')).toBeVisible();
  await expect(filesChart.locator('canvas')).toHaveCount(0);
  await expect(filesChart.getByRole('row')).toHaveCount(8); // header and 7 days

  // Every figure on the page is the API's for the same period.
  const week = await ok<Overview>(
    await admin.get(`/api/admin/overview?from=${dayBefore(today, 6)}&to=${today}`),
  );
  expect(week.filesPerDay.find((d) => d.date === today)?.count).toBe(filesToday + 1);
  await expect(page.getByTestId('stat-files')).toContainText(String(week.totals.files));
  await expect(page.getByTestId('stat-revenue')).toContainText(gbp.format(week.totals.revenue));
  await expect(page.getByTestId('stat-revenue')).toContainText(`VAT ${gbp.format(week.totals.vat)}`);
  await expect(page.getByTestId('stat-new-users')).toContainText(String(week.totals.newUsers));
  for (const w of week.revenuePerWeek) {
    const row = revenueChart.getByRole('row', { name: new RegExp(`^${longDay(w.weekStart)}\\b`) });
    await expect(row.getByRole('cell')).toHaveText([
      gbp.format(w.amount),
      gbp.format(w.vat),
      String(w.payments),
    ]);
  }

  // The new ticket waits: it is counted as Pending, and listed when among the ten oldest.
  await expect(page.getByTestId('files-waiting')).toContainText('Pending');
  const oldest = page.getByTestId('oldest-waiting-row').filter({ hasText: `#${ticket.ticketNumber}` });
  if ((await oldest.count()) > 0) {
    await expect(oldest).toContainText(/under 1 min|\d+ min/);
    await expect(oldest.getByRole('link', { name: `Open ticket ${ticket.ticketNumber}` })).toHaveAttribute(
      'href',
      `/ticket/${ticket.ticketNumber}`,
    );
  }

  // Exports for the chosen period.
  await expect(page.getByRole('link', { name: 'Download users CSV' })).toHaveAttribute(
    'href',
    `/api/admin/export/users.csv?from=${week.from}&to=${week.to}`,
  );
  await expect(page.getByRole('link', { name: 'Download transactions CSV' })).toHaveAttribute(
    'href',
    `/api/admin/export/transactions.csv?from=${week.from}&to=${week.to}`,
  );

  // A custom period that ends before it starts is refused next to the fields.
  await page.getByLabel('From', { exact: true }).fill(today);
  await page.getByLabel('To', { exact: true }).fill(dayBefore(today, 3));
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('The start date must be on or before the end date')).toBeVisible();
  await page.getByLabel('From', { exact: true }).fill(dayBefore(today, 2));
  await page.getByLabel('To', { exact: true }).fill(today);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${dayBefore(today, 2)}&to=${today}`));
  await expect(filesChart.getByRole('row')).toHaveCount(4);

  // Offline after a visit: the last loaded copy, marked, with its chart (cached by the service
  // worker on this admin's visit) and no exports.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(filesChart.getByRole('img')).toBeVisible();
  await untilPersisted(page, dayBefore(today, 2)); // the period's answer is on disk
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByText('Offline copy')).toBeVisible();
  await expect(page.getByText('Offline: showing the last loaded data')).toBeVisible();
  await expect(filesChart.getByRole('img')).toHaveAttribute('aria-label', /files per day/);
  await expect(todayRow.getByRole('cell')).toHaveText(String(filesToday + 1));
  await expect(page.getByRole('button', { name: 'Download users CSV' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeDisabled();
  await page.context().setOffline(false);

  await page.context().close();
  await tuner.dispose();
  await admin.dispose();
});

function dayBefore(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

test('Settings: working hours decide what tuners see, and the seller block shows on orders', async ({
  browser,
}) => {
  // A long story (two browsers, a service worker installed and both taken offline): on a loaded
  // machine its steps took more than the default minute, each within its own expect timeout.
  test.setTimeout(120_000);
  const admin = await apiSession(ADMIN.email, ADMIN.password);
  const original = (await ok<{ settings: Record<string, unknown> }>(await admin.get('/api/admin/settings')))
    .settings;
  const account = await createAccount('verified');
  const page = await signedInPage(browser, ADMIN.email, ADMIN.password);
  const tunerPage = await signedInPage(browser, account.email, PASSWORD);
  try {
    await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    const hours = page.getByTestId('settings-hours');

    // Closed all week.
    for (const day of DAYS) await hours.getByLabel(`Closed on ${day}`).check();
    await hours.getByRole('button', { name: 'Save working hours' }).click();
    await expect(toast(page, 'Settings saved')).toBeVisible();
    await expect(page.getByTestId('settings-history')).toContainText('Monday: 09:00–17:30 → Closed');

    await tunerPage.reload();
    const status = tunerPage.getByTestId('service-status');
    await expect(status).toContainText('File service closed');
    await expect(status).toHaveAttribute('role', 'status');
    await tunerPage.goto('/upload-file');
    await expect(tunerPage.getByTestId('service-status')).toContainText(
      'will be handled at the next opening',
    );

    // A closing time before the opening time is refused next to its field, nothing saved.
    await hours.getByLabel('Closed on Monday').uncheck();
    await hours.getByLabel('Opens on Monday', { exact: true }).fill('18:00');
    await hours.getByLabel('Closes on Monday', { exact: true }).fill('09:00');
    await hours.getByRole('button', { name: 'Save working hours' }).click();
    await expect(hours.getByText('Closing time must be after opening time')).toBeVisible();
    await expect(hours.getByLabel('Closes on Monday', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(hours.getByLabel('Closes on Monday', { exact: true })).toBeFocused();

    // Open all week, round the clock, with a holiday far away.
    for (const day of DAYS) {
      await hours.getByLabel(`Closed on ${day}`).uncheck();
      await hours.getByLabel(`Opens on ${day}`, { exact: true }).fill('00:00');
      await hours.getByLabel(`Closes on ${day}`, { exact: true }).fill('23:59');
    }
    await hours.getByRole('button', { name: 'Add holiday' }).click();
    await hours.getByLabel('Date of holiday 1').fill('2099-12-25');
    await hours.getByLabel('Name of holiday 1').fill('Christmas Day');
    await hours.getByRole('button', { name: 'Save working hours' }).click();
    await expect(toast(page, 'Settings saved')).toBeVisible();
    await expect(page.getByTestId('settings-history')).toContainText(
      'Holiday added: 2099-12-25 (Christmas Day)',
    );

    await tunerPage.goto('/dashboard');
    await expect(tunerPage.getByTestId('service-status')).toContainText('File service open');
    await tunerPage.goto('/upload-file');
    await expect(tunerPage.getByTestId('service-status')).toContainText('File service open');
    await expect(tunerPage.getByTestId('service-status')).not.toContainText('next opening');

    // Seller: validated on the client, then shown on the tuner's order details.
    const seller = page.getByTestId('settings-seller');
    await seller.getByLabel('Company name').fill('   ');
    await seller.getByRole('button', { name: 'Save seller' }).click();
    await expect(seller.getByText('Company name is required')).toBeVisible();
    const company = `Tuning Works ${Date.now().toString(36)} Ltd`;
    await seller.getByLabel('Company name').fill(company);
    await seller.getByRole('button', { name: 'Save seller' }).click();
    await expect(toast(page, 'Settings saved')).toBeVisible();
    await expect(page.getByTestId('settings-history')).toContainText(`Company name:`);
    await expect(page.getByTestId('settings-history')).toContainText(`“${company}”`);

    const pricing = page.getByTestId('settings-pricing');
    await pricing.getByLabel(/Default price per credit/).fill('abc');
    await pricing.getByRole('button', { name: 'Save pricing' }).click();
    await expect(pricing.getByText('Enter a valid price')).toBeVisible();

    await tunerPage.goto('/order-details?package=10credits');
    await expect(tunerPage.getByText(company)).toBeVisible();

    // Offline: the last loaded settings, marked, and no Save (nothing is queued).
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect(seller.getByLabel('Company name')).toHaveValue(company);
    await untilPersisted(page, company); // the settings' answer is on disk
    await page.context().setOffline(true);
    await page.reload();
    await expect(page.getByText('Offline copy')).toBeVisible();
    await expect(seller.getByLabel('Company name')).toHaveValue(company);
    await expect(seller.getByRole('button', { name: 'Save seller' })).toBeDisabled();
    await expect(seller).toContainText('nothing is queued');
    await page.context().setOffline(false);

    // The tuner offline: the last known status, said to be so.
    await tunerPage.goto('/dashboard');
    await expect(tunerPage.getByTestId('service-status')).toContainText('File service open');
    await tunerPage.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await tunerPage.reload();
    await expect.poll(() => tunerPage.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect(tunerPage.getByTestId('service-status')).toContainText('File service open');
    await tunerPage.waitForTimeout(1_500);
    await tunerPage.context().setOffline(true);
    await tunerPage.reload();
    await expect(tunerPage.getByTestId('service-status')).toContainText('File service open');
    await expect(tunerPage.getByTestId('service-status')).toContainText('Last known status');
    await tunerPage.context().setOffline(false);
  } finally {
    await ok(await admin.put('/api/admin/settings', { data: original }));
    await page.context().close();
    await tunerPage.context().close();
    await admin.dispose();
  }
});

test('Failed on a charged ticket asks first: Cancel changes nothing, confirming refunds', async ({
  browser,
}) => {
  const admin = await apiSession(ADMIN.email, ADMIN.password);
  const account = await createAccount('verified');
  const tuner = await apiSession(account.email, PASSWORD);
  await ok(await admin.put('/api/admin/updateUserCredits', { data: { userId: account.id, credits: 5 } }));
  const ticket = await createTicket(tuner, Date.now().toString(36).slice(-5).toUpperCase());
  expect(ticket.creditsNeed).toBe(3);
  await ok(
    await admin.put('/api/admin/updateEcuFileStatus', { data: { fileId: ticket._id, status: 'Unlocked' } }),
  );
  await attachTunedFile(admin, ticket.ticketNumber, Buffer.from('TUNED '.repeat(50)));
  const download = await ok<{ eligible: boolean }>(
    await tuner.post('/api/ecuFile/isEligibleToDownload', { data: { ticketNumber: ticket.ticketNumber } }),
  );
  expect(download.eligible).toBe(true);
  const credits = async () => (await ok<{ credits: number }>(await tuner.get('/api/auth/getMe'))).credits;
  expect(await credits()).toBe(2);

  const page = await signedInPage(browser, ADMIN.email, ADMIN.password);
  const statusCalls: string[] = [];
  page.on(
    'request',
    (r) => r.url().includes('/api/admin/updateEcuFileStatus') && statusCalls.push(r.method()),
  );
  await page.goto(`/ticket/${ticket.ticketNumber}`);
  const fileStatus = page.getByRole('region', { name: 'File Status' });
  const select = fileStatus.getByLabel('Status', { exact: true });
  await expect(select).toHaveValue('Unlocked');

  await select.selectOption('Failed');
  const dialog = page.getByRole('dialog', { name: `Set ticket ${ticket.ticketNumber} to Failed?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`The 3 credits charged will be refunded to ${account.email}.`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(select).toHaveValue('Unlocked');
  expect(statusCalls).toEqual([]);
  expect(await credits()).toBe(2);

  // Escape is a cancel too.
  await select.selectOption('Failed');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(select).toHaveValue('Unlocked');
  expect(statusCalls).toEqual([]);

  await select.selectOption('Failed');
  await dialog.getByRole('button', { name: 'Set to Failed and refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Status updated to Failed')).toBeVisible();
  await expect(select).toHaveValue('Failed');
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Refunded 3 CRD');
  expect(statusCalls).toEqual(['PUT']);
  expect(await credits()).toBe(5);

  await page.context().close();
  await tuner.dispose();
  await admin.dispose();
});
