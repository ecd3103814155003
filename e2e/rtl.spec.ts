import { expect, type Page, test } from '@playwright/test';
import { apiSession, createAccount, dataOf, PASSWORD, signInThroughUi } from './support/accounts';
import { ADMIN } from './support/paths';
import { createTicketThroughForm, uniqueRegistration } from './support/tickets';

/**
 * Right to left (docs/decisions/094-right-to-left.md): with العربية chosen the document is
 * dir="rtl", the sidebar sits at the right, no page scrolls sideways at 360 px, and ticket numbers
 * and file names stay left to right inside the right-to-left text.
 */
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };
test.setTimeout(180_000);

/** Chooses العربية in the Language menu (named 'Language' until Arabic speaks, then 'اللغة'). */
async function chooseArabic(page: Page) {
  await page.getByRole('combobox', { name: 'Language', exact: true }).first().selectOption('ar');
  await expect(page.getByRole('combobox', { name: 'اللغة', exact: true }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
}

/** Whether the page scrolls sideways (in either direction: right to left overflows to the left). */
async function scrollsSideways(page: Page): Promise<string | null> {
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(() => {
    const doc = document.documentElement;
    const body = document.body;
    if (doc.scrollWidth <= doc.clientWidth && body.scrollWidth <= body.clientWidth) return null;
    const limit = doc.clientWidth;
    const wide = [...body.querySelectorAll('*')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > limit + 0.5 || r.left < -0.5);
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className)}`);
    return `html ${doc.scrollWidth} > ${doc.clientWidth}, body ${body.scrollWidth} > ${body.clientWidth}: ${wide.join(', ')}`;
  });
}

/** Opens each path at 360 px and checks that it fits. */
async function fitsPhone(page: Page, paths: string[]) {
  await page.setViewportSize(PHONE);
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('main h1, .content h1').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dir), path).toBe('rtl');
    expect.soft(await scrollsSideways(page), `${path} scrolls sideways`).toBeNull();
  }
}

test('the signed-out screens turn right to left with العربية and fit 360 px', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/signin');
  await chooseArabic(page);
  // The choice is kept on this device: a reload paints right to left again.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'اللغة', exact: true }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  await page.setViewportSize(PHONE);
  expect(await scrollsSideways(page)).toBeNull();
  for (const path of ['/signup', '/password-reset']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dir), path).toBe('rtl');
    expect.soft(await scrollsSideways(page), `${path} scrolls sideways`).toBeNull();
  }
});

test('a tuner in Arabic: the sidebar at the right, ticket number and file names left to right, no sideways scroll at 360 px', async ({
  page,
}) => {
  const account = await createAccount('verified');
  const tuner = await apiSession(account.email, PASSWORD);
  const { ticketNumber } = await createTicketThroughForm(tuner, { registration: uniqueRegistration('RTL') });
  await tuner.dispose();

  await page.setViewportSize(DESKTOP);
  await signInThroughUi(page, account.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await chooseArabic(page);

  // The sidebar sits at the right edge, the content to its left.
  const sidebar = page.locator('aside.sidebar');
  const box = await sidebar.boundingBox();
  expect(box).not.toBeNull();
  expect(Math.abs(DESKTOP.width - ((box?.x ?? 0) + (box?.width ?? 0)))).toBeLessThanOrEqual(2);
  expect(box?.x ?? 0).toBeGreaterThan(DESKTOP.width / 2);

  // The ticket page: its number and its files read left to right.
  await page.goto(`/ticket-details/${ticketNumber}`);
  const number = page.locator('.ticket-number').first();
  await expect(number).toHaveText(`#${ticketNumber}`);
  expect(await number.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  const fileName = page.locator('.ticket-file-name').first();
  await expect(fileName).toHaveText('read.bin');
  expect(await fileName.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  // The breadcrumb's separator points the way the crumbs run: mirrored.
  const separator = page.locator('.ticket-breadcrumb .dir-icon').first();
  expect(await separator.evaluate((el) => getComputedStyle(el).transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)');

  // My Files: the row's ticket number too.
  await page.goto('/my-files');
  const rowNumber = page.locator('.tickets-ticket-no').first();
  await expect(rowNumber).toBeVisible();
  expect(await rowNumber.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');

  // At 360 px the sidebar is off screen to the right, and no page scrolls sideways.
  await page.setViewportSize(PHONE);
  // (It slides: its transition settles first.)
  await expect
    .poll(async () => (await sidebar.boundingBox())?.x ?? 0)
    .toBeGreaterThanOrEqual(PHONE.width - 1);
  await fitsPhone(page, [
    '/dashboard',
    '/my-files',
    `/ticket-details/${ticketNumber}`,
    '/upload-file',
    '/buy-credits',
    '/price-list',
    '/transactions',
    '/profile-settings',
    '/help',
  ]);
});

test('an admin in Arabic: no sideways scroll at 360 px on the main admin routes', async ({ page }) => {
  // An admin of this test's own, so the seeded admin's language stays English for the other specs.
  const account = await createAccount('verified');
  const admin = await apiSession(ADMIN.email, ADMIN.password);
  await dataOf(await admin.put('/api/admin/updateUserRole', { data: { userId: account.id, role: 'admin' } }));
  const tuner = await apiSession((await createAccount('verified')).email, PASSWORD);
  const { ticketNumber } = await createTicketThroughForm(tuner);
  await tuner.dispose();
  await admin.dispose();

  await page.setViewportSize(DESKTOP);
  await signInThroughUi(page, account.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await chooseArabic(page);

  // The staff ticket page: the number in the breadcrumb's row and the owner's address left to right.
  await page.goto(`/ticket/${ticketNumber}`);
  const number = page.locator('.ticket-number').first();
  await expect(number).toHaveText(`#${ticketNumber}`);
  expect(await number.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');

  await fitsPhone(page, [
    '/dashboard',
    '/users',
    '/files',
    `/ticket/${ticketNumber}`,
    '/solutions',
    '/inbox',
    '/transactions',
    '/credits',
    '/deliveries',
    '/settings',
  ]);
});
