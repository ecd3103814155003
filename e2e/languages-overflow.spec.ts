import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { apiSession, createAccount, dataOf, PASSWORD } from './support/accounts';
import { ADMIN } from './support/paths';
import { fillVehicleStep } from './support/tickets';

/**
 * Every customer and admin route in the pseudo-locale (accented, bracketed, 30% longer) and in
 * Arabic, on a phone: no element's text overflows its box or is cut, and no page scrolls
 * sideways (docs/decisions/093-languages.md, 094-right-to-left.md).
 */
const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE });
test.setTimeout(300_000);

const ROUTER_PATHS = [...readFileSync('web/src/app/routes.ts', 'utf8').matchAll(/path: '([^']+)'/g)].map(
  (m) => m[1] as string,
);

type Language = 'pseudo' | 'ar';
const LANGUAGES: Language[] = ['pseudo', 'ar'];

/**
 * Elements whose content overflows their box: text spilling out of a box that does not scroll,
 * or cut by `overflow: hidden` without an ellipsis. A scroll container (a wide table's wrapper)
 * scrolls by design; an ellipsis is a deliberate cut of one line (the full text is its title).
 */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth || document.body.scrollWidth > document.body.clientWidth)
      out.push(`the page scrolls sideways (${doc.scrollWidth} > ${doc.clientWidth})`);
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (el.closest('[aria-hidden="true"], [inert], svg, .sr-only, .visually-hidden')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.display.startsWith('inline') || style.visibility === 'hidden')
        continue;
      // Visually hidden (a label clipped to a pixel for assistive technology).
      if (el.clientWidth <= 2 || el.clientHeight <= 2) continue;
      const scrolls = /auto|scroll/.test(style.overflowX);
      if (scrolls || style.textOverflow === 'ellipsis') continue;
      // Only text of its own overflows here; a child box that overflows is reported as itself.
      const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      if (!ownText) continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
        out.push(
          `${el.tagName.toLowerCase()}.${String(el.className)} ${el.scrollWidth} > ${el.clientWidth}: "${text}"`,
        );
      }
    }
    return out;
  });
}

async function check(page: Page, language: Language, name: string) {
  await page.evaluate(() => document.fonts.ready);
  // A signed-in screen turns to its account's language once it knows the account.
  await expect(page.locator('html'), `${name}: the page's language`).toHaveAttribute(
    'lang',
    language === 'pseudo' ? 'en-XA' : 'ar',
  );
  expect.soft(await overflowing(page), `${language} ${name}: overflowing text`).toEqual([]);
}

/** Opens a path and waits for the page's heading (the layout's h1 or the screen's own). */
async function visit(page: Page, language: Language, routePath: string, url = routePath) {
  expect(ROUTER_PATHS).toContain(routePath);
  await page.goto(url);
  await expect(page.locator('h1').first()).toBeVisible();
  await check(page, language, url);
}

async function checkRoute(page: Page, language: Language, routePath: string) {
  expect(ROUTER_PATHS).toContain(routePath);
  await expect(page.locator('h1').first()).toBeVisible();
  await check(page, language, routePath);
}

/** A browser page signed in as the API session's account (its cookie), in the language. */
async function signedInPage(browser: Browser, session: APIRequestContext, language: Language): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, storageState: await session.storageState() });
  const page = await context.newPage();
  // The pseudo-locale is this device's (a ?locale=pseudo link); Arabic is the account's.
  if (language === 'pseudo') await page.goto('/dashboard?locale=pseudo');
  return page;
}

async function customerIn(language: Language) {
  const account = await createAccount('verified');
  const tuner = await apiSession(account.email, PASSWORD);
  if (language === 'ar') await dataOf(await tuner.put('/api/auth/locale', { data: { locale: 'ar' } }));
  const created = await dataOf<{ ticketNumber: number }>(
    await tuner.post('/api/ecuFile/create-ecuFile', {
      multipart: {
        make: 'Volkswagen',
        model: 'Golf 2.0 TDI',
        year: '2019',
        registration: `WN19 L${Date.now().toString(36).slice(-5).toUpperCase()}`,
        ecuId: 'Bosch EDC17C64',
        transmission: 'Manual',
        readTool: 'KESS',
        readType: 'OBD',
        masterSlave: 'Master',
        stage: 'Stage 1',
        options: 'EGR OFF',
        ecuFile: {
          name: 'edc17c64-original.bin',
          mimeType: 'application/octet-stream',
          buffer: Buffer.from('ECU READ '.repeat(300)),
        },
      },
    }),
  );
  const admin = await apiSession(ADMIN.email, ADMIN.password);
  await dataOf(await admin.put('/api/admin/updateUserCredits', { data: { userId: account.id, credits: 5 } }));
  await admin.dispose();
  return { account, tuner, ticketNumber: created.ticketNumber };
}

for (const language of LANGUAGES) {
  test(`${language}: the signed-out screens`, async ({ browser }) => {
    const page = await (await browser.newContext({ viewport: PHONE })).newPage();
    await page.goto(`/signin?locale=${language}`);
    await checkRoute(page, language, '/signin');
    await visit(page, language, '/signup');
    await visit(page, language, '/password-reset');
    await visit(page, language, '/verify-email', '/verify-email?token=not-a-token&email=x%40e2e.test');
    await page.context().close();

    // Signed up, not onboarded: the onboarding form; onboarded, not verified: the waiting screen.
    for (const [stage, routePath] of [
      ['signedUp', '/onboarding'],
      ['onboarded', '/unverified'],
    ] as const) {
      const account = await createAccount(stage);
      const session = await apiSession(account.email, PASSWORD);
      // The account's language where it may be set yet; the link's for this device in any case.
      if (language === 'ar') await session.put('/api/auth/locale', { data: { locale: 'ar' } });
      const signedIn = await (
        await browser.newContext({ viewport: PHONE, storageState: await session.storageState() })
      ).newPage();
      await signedIn.goto(`${routePath}?locale=${language}`);
      await expect(signedIn).toHaveURL(new RegExp(`${routePath}`));
      await checkRoute(signedIn, language, routePath);
      await signedIn.context().close();
      await session.dispose();
    }
  });

  test(`${language}: every customer page, the wizard and a purchase`, async ({ browser }) => {
    const { tuner, ticketNumber } = await customerIn(language);
    const page = await signedInPage(browser, tuner, language);
    for (const path of [
      '/dashboard',
      '/price-list',
      '/my-files',
      '/transactions',
      '/profile-settings',
      '/help',
    ]) {
      await visit(page, language, path);
    }
    await visit(page, language, '/auto-data');
    await visit(page, language, '/ticket-details/:ticketNumber', `/ticket-details/${ticketNumber}`);

    // Buy Credits -> Order Details -> Checkout.
    await visit(page, language, '/buy-credits');
    await page.getByTestId('plan-25credits').click();
    await expect(page.getByTestId('order-item')).toBeVisible();
    await checkRoute(page, language, '/order-details');
    await page.locator('.order-actions .btn:not(.btn-secondary)').click();
    await expect(page).toHaveURL(/\/checkout\?/);
    await checkRoute(page, language, '/checkout');

    // The wizard, filled by its fields' ids.
    await visit(page, language, '/upload-file');
    await fillVehicleStep(page, {
      model: 'Transporter T6.1 2.0 TDI 150',
      year: '2021',
      registration: 'WZ21 LANG',
    });
    await check(page, language, '/upload-file, filled');
    await page.locator('.wiz-continue').click();
    await expect(page).toHaveURL(/\/modification-plan$/);
    await checkRoute(page, language, '/modification-plan');
    await page.locator('input[type="radio"][value="Stage 1"]').check();
    await page.getByRole('checkbox', { name: 'EGR OFF' }).check();
    await page.locator('.wiz-continue').click();
    await expect(page).toHaveURL(/\/overview$/);
    await checkRoute(page, language, '/overview');
    await page.context().close();
    await tuner.dispose();
  });

  test(`${language}: every admin page`, async ({ browser }) => {
    const { account, ticketNumber, tuner } = await customerIn(language);
    await tuner.dispose();
    // An admin of this test's own: the seeded one stays English for the other specs.
    const staff = await createAccount('verified');
    const admin = await apiSession(ADMIN.email, ADMIN.password);
    await dataOf(await admin.put('/api/admin/updateUserRole', { data: { userId: staff.id, role: 'admin' } }));
    await admin.dispose();
    const session = await apiSession(staff.email, PASSWORD);
    if (language === 'ar') await dataOf(await session.put('/api/auth/locale', { data: { locale: 'ar' } }));
    const page = await signedInPage(browser, session, language);
    await visit(page, language, '/dashboard');
    for (const path of [
      '/users',
      '/unverified-users',
      '/disabled-users',
      '/files',
      '/solutions',
      '/inbox',
      '/transactions',
      '/credits',
      '/deliveries',
      '/settings',
    ]) {
      await visit(page, language, path);
    }
    await visit(page, language, '/users/:userId', `/users/${encodeURIComponent(account.id)}`);
    await visit(page, language, '/ticket/:ticketNumber', `/ticket/${ticketNumber}`);
    await page.context().close();
    await session.dispose();
  });
}

test('the tests above take every route of the router', () => {
  const source = readFileSync('e2e/languages-overflow.spec.ts', 'utf8');
  const named = new Set([...source.matchAll(/'(\/[^'?]*)'/g)].map((m) => m[1]));
  expect([...new Set(ROUTER_PATHS)].filter((path) => !named.has(path))).toEqual([]);
});
