import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { apiSession, createAccount, dataOf, PASSWORD, signInThroughUi } from './support/accounts';
import { seriousViolations } from './support/axe';
import { ADMIN } from './support/paths';
import { createTicketThroughForm, uniqueRegistration } from './support/tickets';

/**
 * Every page of the route table (web/src/app/routes.ts), for every role that opens it, in the
 * light and the dark theme, has no serious or critical axe-core violation: colour contrast
 * (WCAG AA) and names that contain their visible labels among them
 * (docs/decisions/082-contrast-and-names.md). One browser context per role and theme.
 */

type Theme = 'light' | 'dark';
const THEMES: readonly Theme[] = ['light', 'dark'];

interface Fixture {
  customer: { email: string; id: string };
  ticketNumber: number;
  signedUp: { email: string };
  onboarded: { email: string };
}

let fixture: Fixture;

test.beforeAll(async () => {
  const customer = await createAccount('verified');
  const api = await apiSession(customer.email, PASSWORD);
  const { ticketNumber } = await createTicketThroughForm(api, {
    registration: uniqueRegistration('AX'),
    notes: 'Accessibility e2e',
  });
  await api.dispose();
  await librarySolutions();
  fixture = {
    customer,
    ticketNumber,
    signedUp: await createAccount('signedUp'),
    onboarded: await createAccount('onboarded'),
  };
});

/** Solutions in each state (approved, draft, retired), from uploaded original + modified pairs. */
async function librarySolutions() {
  const admin = await apiSession(ADMIN.email, ADMIN.password);
  const original = Buffer.from('ECU READ '.repeat(300));
  const modified = Buffer.from(original);
  modified.fill(0x41, 100, 140);
  const ids: number[] = [];
  for (const [item, approve] of [
    ['Stage 1', 'true'],
    ['EGR OFF', 'false'],
    ['DPF-FAP OFF', 'true'],
  ] as const) {
    const made = await dataOf<{ id: number }>(
      await admin.post('/api/admin/solutions/upload', {
        multipart: {
          item,
          approve,
          softwareNumber: `1037${Date.now().toString().slice(-6)}`,
          original: { name: 'original.bin', mimeType: 'application/octet-stream', buffer: original },
          modified: { name: 'modified.bin', mimeType: 'application/octet-stream', buffer: modified },
        },
      }),
    );
    ids.push(made.id);
  }
  await dataOf(await admin.post(`/api/admin/solutions/${ids[2]}/retire`, { data: {} }));
  await admin.dispose();
}

/** The page has settled: its heading is shown and nothing is loading any more. */
async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Colours fade on hover and focus (e.g. .btn): let those transitions end before measuring
  // (not animations: a spinner's never ends).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => null)),
    ),
  );
}

/** Opens `path`, waits for it to settle (and `ready`, if given), and checks it. */
async function check(page: Page, path: string, ready?: (page: Page) => Promise<void>) {
  await page.goto(path);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
  await settled(page);
  if (ready) await ready(page);
  expect.soft(await seriousViolations(page), `${path} in ${await theme(page)}`).toEqual([]);
}

async function theme(page: Page): Promise<Theme> {
  return (await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)) ? 'dark' : 'light';
}

async function contextFor(browser: Browser, colorScheme: Theme): Promise<BrowserContext> {
  // The app's theme setting stays on 'System', which follows the emulated device setting.
  return browser.newContext({ colorScheme });
}

/** The chat panel is connected and shows the conversation. */
async function chatReady(page: Page) {
  await expect(page.getByTestId('chat-panel').getByTestId('chat-status')).toHaveText('Connected');
}

for (const colorScheme of THEMES) {
  test.describe(`in the ${colorScheme} theme`, () => {
    test('the pages before the app pass axe-core', async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await contextFor(browser, colorScheme);
      const page = await context.newPage();
      for (const path of ['/signin', '/signup', '/password-reset']) {
        await check(page, path);
      }
      // The sign-up steps, each as an account at that step (signed in through the API).
      await dataOf(
        await page.request.post('/api/auth/login', {
          data: { email: fixture.signedUp.email, password: PASSWORD },
        }),
      );
      await check(page, '/onboarding');
      await page.request.post('/api/auth/logout');
      await dataOf(
        await page.request.post('/api/auth/login', {
          data: { email: fixture.onboarded.email, password: PASSWORD },
        }),
      );
      await check(page, '/unverified');
      // The link's landing page is for a signed-in account that is not verified yet (signed out,
      // the gate sends it to sign-in first); without a token it explains the link is not valid.
      await check(page, '/verify-email');
      await context.close();
    });

    test('every customer page passes axe-core', async ({ browser }) => {
      test.setTimeout(300_000);
      const context = await contextFor(browser, colorScheme);
      const page = await context.newPage();
      await signInThroughUi(page, fixture.customer.email);
      await expect(page).toHaveURL(/\/dashboard$/);
      for (const path of [
        '/dashboard',
        '/price-list',
        '/buy-credits',
        '/order-details?package=25credits',
        '/transactions',
        '/upload-file',
        '/my-files',
        '/profile-settings',
        '/help',
        '/auto-data',
      ]) {
        await check(page, path);
      }
      // Checkout opens only from Order Details (a direct link goes back to Buy Credits).
      await page.goto('/order-details?package=25credits');
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/checkout');
      await settled(page);
      expect.soft(await seriousViolations(page), `/checkout in ${await theme(page)}`).toEqual([]);
      await check(page, `/ticket-details/${fixture.ticketNumber}`, chatReady);

      // The wizard's later steps open only with a draft: step 1 filled in.
      await page.goto('/upload-file');
      await page.getByLabel('Make').fill('Audi');
      await page.getByLabel('Model').fill('A4');
      await page.getByLabel('Year').fill('2018');
      await page.getByLabel('Registration').fill(`AX${colorScheme.toUpperCase()}`);
      await page.getByLabel('Read Tool').selectOption('KESS');
      await page.getByLabel('Read Type').selectOption('OBD');
      await page.locator('#ecuFile').setInputFiles({
        name: 'read.bin',
        mimeType: 'application/octet-stream',
        buffer: Buffer.alloc(4096, 7),
      });
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/modification-plan$/);
      await settled(page);
      expect.soft(await seriousViolations(page), `/modification-plan in ${colorScheme}`).toEqual([]);
      await page.getByRole('radio', { name: /Stage 1/ }).check();
      await page.getByRole('checkbox', { name: 'EGR OFF' }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/overview$/);
      await settled(page);
      expect.soft(await seriousViolations(page), `/overview in ${colorScheme}`).toEqual([]);
      await context.close();
    });

    test('every admin page passes axe-core', async ({ browser }) => {
      test.setTimeout(300_000);
      const context = await contextFor(browser, colorScheme);
      const page = await context.newPage();
      await signInThroughUi(page, ADMIN.email, ADMIN.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      for (const path of [
        '/dashboard',
        '/users',
        `/users/${fixture.customer.id}`,
        '/unverified-users',
        '/disabled-users',
        '/files',
        '/inbox',
        '/transactions',
        '/credits',
        '/deliveries',
        '/settings',
      ]) {
        await check(page, path);
      }
      await check(page, '/solutions', async (p) => {
        await expect(p.getByTestId('solution-row').filter({ hasText: 'Retired' }).first()).toBeVisible();
      });
      await check(page, `/ticket/${fixture.ticketNumber}`, chatReady);
      await context.close();
    });
  });
}
