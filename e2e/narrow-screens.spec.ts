import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import {
  adminApi,
  apiSession,
  createAccount,
  dataOf,
  PASSWORD,
  PROFILE,
  signInThroughUi,
} from './support/accounts';
import { ADMIN } from './support/paths';

/**
 * Every screen fits a phone (docs/decisions/083-narrow-screens.md): at 360 × 740 no page scrolls
 * sideways, and every visible control is a touch target of at least 44 × 44 px.
 */
const PHONE = { width: 360, height: 740 };
const TARGET = 44;
test.use({ viewport: PHONE });
// Each test walks many screens.
test.setTimeout(300_000);

/** Every path of the router (web/src/app/routes.ts); each must be checked below. */
const ROUTER_PATHS = [...readFileSync('web/src/app/routes.ts', 'utf8').matchAll(/path: '([^']+)'/g)].map(
  (m) => m[1] as string,
);

/** Long, realistic names: the width a list has to hold. */
const LONG_PROFILE = {
  ...PROFILE,
  firstName: 'Maximilian-Alexander',
  lastName: 'Wolfeschlegelsteinhausen-Bergerdorff',
  city: 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch',
  address: 'Unit 14, Castle Hill Industrial Estate, Northwich Road',
};
let counter = 0;
function longEmail(): string {
  return `maximilian.wolfeschlegelsteinhausen.workshop-${Date.now().toString(36)}${counter++}@performance-tuning-e2e.test`;
}
const LONG_FILE_NAME = 'bosch-edc17c64-original-read-full-backup-vin-WVWZZZAUZKW123456.bin';

interface Overflow {
  page: { scrollWidth: number; clientWidth: number; bodyScrollWidth: number; bodyClientWidth: number };
  widest: string[];
}

/** The page's horizontal overflow, with the elements reaching furthest past the right edge. */
function measureOverflow(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const limit = doc.clientWidth;
    const nameOf = (el: Element) => {
      const cls =
        typeof el.className === 'string' && el.className
          ? `.${el.className.trim().split(/\s+/).join('.')}`
          : '';
      const label = (el.getAttribute('aria-label') ?? el.textContent ?? '')
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 40);
      const r = el.getBoundingClientRect();
      return `${el.tagName.toLowerCase()}${cls} (left ${Math.round(r.left)}, width ${Math.round(r.width)}, right ${Math.round(r.right)}) "${label}"`;
    };
    const offenders = [...document.body.querySelectorAll('*')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.right > limit + 0.5;
      })
      // The outermost offenders: an element whose parent also overflows adds nothing.
      .filter((el) => {
        const p = el.parentElement?.getBoundingClientRect();
        return !p || !(p.right > limit + 0.5);
      })
      .sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right)
      .slice(0, 6)
      .map(nameOf);
    return {
      page: {
        scrollWidth: doc.scrollWidth,
        clientWidth: doc.clientWidth,
        bodyScrollWidth: document.body.scrollWidth,
        bodyClientWidth: document.body.clientWidth,
      },
      widest: offenders,
    };
  });
}

/**
 * Visible controls smaller than 44 × 44 px. Not counted (WCAG 2.5.8's exceptions): a link (or a
 * link-styled button) inside running text (its block has other text), a control that is visually hidden (a file input under
 * its drop zone) and a checkbox or radio whose label is the target (the label is measured).
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="menuitem"], [role="link"]';
    const nameOf = (el: Element, r: DOMRect) => {
      const label = (el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('name') ?? '')
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 40);
      const cls =
        typeof el.className === 'string' && el.className
          ? `.${el.className.trim().split(/\s+/).join('.')}`
          : '';
      return `${el.tagName.toLowerCase()}${cls} "${label}" ${Math.round(r.width)}×${Math.round(r.height)}`;
    };
    const isInlineInText = (el: Element) => {
      if (el.tagName !== 'A' && !el.classList.contains('btn-link')) return false;
      const display = getComputedStyle(el).display;
      const linkButton = el.classList.contains('btn-link') && display === 'inline-block';
      if (display !== 'inline' && !linkButton) return false;
      const block = el.parentElement;
      if (!block) return false;
      const own = (el.textContent ?? '').trim().length;
      const all = (block.textContent ?? '').trim().length;
      return all > own + 2;
    };
    const out: string[] = [];
    for (const el of document.querySelectorAll(selector)) {
      if (el.closest('[inert], [aria-hidden="true"]')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // A checkbox, radio or file input is also pressed through its label: the larger counts.
      let r = el.getBoundingClientRect();
      if (
        el instanceof HTMLInputElement &&
        (el.type === 'checkbox' || el.type === 'radio' || el.type === 'file')
      ) {
        const label = el.labels?.[0]?.getBoundingClientRect();
        if (label && label.width * label.height > r.width * r.height) r = label;
      }
      // Visually hidden (clipped to a pixel, e.g. a file input behind its drop zone) or off screen.
      if (r.width <= 2 || r.height <= 2) continue;
      if (r.bottom < 0 || r.right < 0 || r.left > document.documentElement.clientWidth) continue;
      if (isInlineInText(el)) continue;
      if (r.width < min - 0.5 || r.height < min - 0.5) out.push(nameOf(el, r));
    }
    return out;
  }, TARGET);
}

/** Checks the page as shown now; failures are soft so one run lists every screen's problems. */
async function checkScreen(page: Page, name: string) {
  // Layout settles after fonts and lazy parts.
  await page.evaluate(() => document.fonts.ready);
  const overflow = await measureOverflow(page);
  const { scrollWidth, clientWidth, bodyScrollWidth, bodyClientWidth } = overflow.page;
  expect
    .soft(
      scrollWidth <= clientWidth && bodyScrollWidth <= bodyClientWidth,
      `${name}: the page scrolls sideways (html ${scrollWidth} > ${clientWidth} or body ${bodyScrollWidth} > ${bodyClientWidth}); widest: \n  ${overflow.widest.join('\n  ')}`,
    )
    .toBe(true);
  const small = await smallTargets(page);
  expect.soft(small, `${name}: touch targets under ${TARGET}×${TARGET} px`).toEqual([]);
}

/** Opens a route (named by its router path) and checks it. */
async function visit(page: Page, routePath: string, url: string, ready: (page: Page) => Promise<void>) {
  expect(ROUTER_PATHS).toContain(routePath);
  await page.goto(url);
  await ready(page);
  await checkScreen(page, url);
}

/** Checks a route reached by clicking through (its state travels with the navigation). */
async function checkRoute(page: Page, routePath: string) {
  expect(ROUTER_PATHS).toContain(routePath);
  await checkScreen(page, routePath);
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
};

interface Seeded {
  customer: { email: string; id: string };
  ticketNumber: number;
}

/** A tuner with long names and a ticket with a long registration and long file names. */
async function seedCustomer(): Promise<Seeded> {
  const customer = await createAccount('verified', longEmail(), LONG_PROFILE);
  const tuner = await apiSession(customer.email, PASSWORD);
  const ticketNumber = await createTicket(tuner);
  await createTicket(tuner);
  await tuner.dispose();
  const admin = await apiSession(ADMIN.email, ADMIN.password);
  await dataOf(
    await admin.put('/api/admin/updateUserCredits', { data: { userId: customer.id, credits: 5 } }),
  );
  // A row for Solutions, with the longest option name: an uploaded original + modified pair.
  const original = Buffer.from('ECU READ '.repeat(300));
  const modified = Buffer.from(original);
  modified.fill(0x41, 100, 140);
  await dataOf(
    await admin.post('/api/admin/solutions/upload', {
      multipart: {
        item: 'HARDCUT POP&BANG LIMITER (DIESEL ONLY)',
        softwareNumber: `1037${Date.now().toString().slice(-6)}`,
        original: { name: 'original.bin', mimeType: 'application/octet-stream', buffer: original },
        modified: { name: 'modified.bin', mimeType: 'application/octet-stream', buffer: modified },
      },
    }),
  );
  await admin.dispose();
  // Rows for Unverified Users and Disabled Users, with long names too.
  await createAccount('onboarded', longEmail(), LONG_PROFILE);
  const disabled = await createAccount('verified', longEmail(), LONG_PROFILE);
  const desk = await adminApi();
  await desk.disable(disabled.id);
  await desk.dispose();
  return { customer, ticketNumber };
}

async function createTicket(tuner: APIRequestContext): Promise<number> {
  const created = await dataOf<{ ticketNumber: number }>(
    await tuner.post('/api/ecuFile/create-ecuFile', {
      multipart: {
        make: 'Mercedes-Benz',
        model: 'Sprinter 319 CDI BlueTEC Long Wheelbase',
        year: '2019',
        registration: `WN19 LONGREG${Date.now().toString(36).slice(-6).toUpperCase()}`.slice(0, 20),
        ecuId: 'Bosch EDC17CP14',
        transmission: 'Automatic',
        readTool: 'CMD Flash',
        readType: 'Bench',
        masterSlave: 'Master',
        stage: 'Stage 1',
        options: 'DTC OFF',
        notes:
          'Customer tows a horsebox: smooth delivery, conservative smoke limiter, no pops and bangs please.',
        ecuFile: {
          name: LONG_FILE_NAME,
          mimeType: 'application/octet-stream',
          buffer: Buffer.from('ECU READ '.repeat(300)),
        },
        commonFiles: {
          name: 'dyno-run-before-remap-3rd-gear-full-throttle-log-export.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from('rpm,boost\n1000,0.4\n'),
        },
      },
    }),
  );
  return created.ticketNumber;
}

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  return context.newPage();
}

let seeded: Seeded;

test.beforeAll(async () => {
  seeded = await seedCustomer();
});

test('signed out and before the app: sign-in, sign-up, password reset, onboarding and verification fit 360 px', async ({
  browser,
}) => {
  const page = await phonePage(browser);
  await visit(page, '/signin', '/signin', heading('Sign In'));
  await visit(page, '/signup', '/signup', async (p) => {
    await expect(p.getByRole('button', { name: 'Continue' })).toBeVisible();
  });
  await visit(page, '/password-reset', '/password-reset', async (p) => {
    await expect(p.getByRole('heading').first()).toBeVisible();
  });
  await page.context().close();

  // Signed up, not onboarded: the onboarding form.
  const fresh = await createAccount('signedUp', longEmail());
  const onboarding = await phonePage(browser);
  await signInThroughUi(onboarding, fresh.email);
  await expect(onboarding).toHaveURL(/\/onboarding$/);
  await visit(onboarding, '/onboarding', '/onboarding', async (p) => {
    await expect(p.getByRole('button').first()).toBeVisible();
  });
  await onboarding.context().close();

  // Onboarded, not verified: the waiting screen and the verify link's page.
  const unverified = await createAccount('onboarded', longEmail(), LONG_PROFILE);
  const waiting = await phonePage(browser);
  await signInThroughUi(waiting, unverified.email);
  await expect(waiting).toHaveURL(/\/unverified$/);
  await visit(waiting, '/unverified', '/unverified', async (p) => {
    await expect(p.getByRole('heading').first()).toBeVisible();
  });
  await visit(waiting, '/verify-email', '/verify-email?token=not-a-token&email=x%40e2e.test', async (p) => {
    await expect(p.getByRole('heading').first()).toBeVisible();
  });
  await waiting.context().close();
});

test('a tuner on a phone: every customer page, the wizard steps, a ticket with its chat and a purchase fit 360 px', async ({
  browser,
}) => {
  const page = await phonePage(browser);
  await signInThroughUi(page, seeded.customer.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await visit(page, '/dashboard', '/dashboard', async (p) => {
    await expect(p.getByTestId('sidebar-credits')).toHaveText('5 CRD');
  });

  // The menu, opened with its toggle.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Buy Credits' })).toBeVisible();
  await page
    .getByRole('navigation')
    .getByRole('button', { name: /File Service/ })
    .click();
  await checkScreen(page, 'customer menu, open');
  await page.keyboard.press('Escape');

  await visit(page, '/price-list', '/price-list', heading('Price List'));
  await visit(page, '/my-files', '/my-files', async (p) => {
    await expect(p.getByTestId('file-row')).toHaveCount(2);
  });
  await visit(page, '/ticket-details/:ticketNumber', `/ticket-details/${seeded.ticketNumber}`, async (p) => {
    await expect(p.getByTestId('chat-panel').getByTestId('chat-status')).toHaveText('Connected');
  });
  const chat = page.getByTestId('chat-panel');
  await chat
    .getByLabel('Message', { exact: true })
    .fill(
      'Hello, the van is booked in on Thursday: https://workshop.example/bookings/2026/12/03/sprinter-319-cdi-long-wheelbase-remap',
    );
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByTestId('chat-message')).toHaveCount(1);
  await checkScreen(page, 'ticket details with a chat message');

  await visit(page, '/transactions', '/transactions', heading('My Transactions'));
  await visit(page, '/profile-settings', '/profile-settings', async (p) => {
    await expect(p.getByRole('heading').first()).toBeVisible();
  });
  await visit(page, '/help', '/help', async (p) => {
    await expect(p.getByRole('heading').first()).toBeVisible();
  });
  await visit(page, '/auto-data', '/auto-data', async (p) => {
    await expect(p.getByRole('heading').first()).toBeVisible();
  });

  // Buy Credits -> Order Details -> Checkout -> paid (a payment for the admin's lists).
  await visit(page, '/buy-credits', '/buy-credits', async (p) => {
    await expect(p.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  });
  await page.getByTestId('plan-25credits').click();
  await expect(page.getByRole('heading', { name: 'Order Details' })).toBeVisible();
  await checkRoute(page, '/order-details');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByText('Test mode: no real charge')).toBeVisible();
  await checkRoute(page, '/checkout');
  await page.getByLabel('Card holder name').fill('Maximilian-Alexander Wolfeschlegelsteinhausen');
  await page.getByLabel('Test card').selectOption({ label: 'Visa •••• 4242 (succeeds)' });
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText('Payment Successful')).toBeVisible();
  await visit(page, '/transactions', '/transactions', async (p) => {
    await expect(p.getByTestId('transaction-row')).toHaveCount(1);
  });

  // The wizard's three steps, filled as a tuner fills them.
  await visit(page, '/upload-file', '/upload-file', heading('Upload File'));
  await page.getByLabel('Make').fill('Volkswagen');
  await page.getByLabel('Model').fill('Transporter T6.1 2.0 TDI 150');
  await page.getByLabel('Year').fill('2021');
  await page.getByLabel('Registration').fill('WZ21 NARROW');
  await page.getByLabel('Read Tool').selectOption('KESS');
  await page.getByLabel('Read Type').selectOption('OBD');
  await page.locator('#ecuFile').setInputFiles({
    name: LONG_FILE_NAME,
    mimeType: 'application/octet-stream',
    buffer: Buffer.alloc(64 * 1024, 7),
  });
  await expect(page.getByText(LONG_FILE_NAME)).toBeVisible();
  await checkScreen(page, '/upload-file, filled');
  await page.getByRole('button', { name: 'Select ECU ID' }).click();
  const picker = page.getByRole('dialog', { name: /Search ECU ID/ });
  await expect(picker).toBeVisible();
  await picker.getByPlaceholder('Search ECU...').fill('edc17');
  await checkScreen(page, '/upload-file, ECU picker');
  await picker.getByRole('list', { name: 'ECU types' }).getByRole('button').first().click();
  await expect(picker).toBeHidden();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Modification Plan', level: 1 })).toBeVisible();
  await checkRoute(page, '/modification-plan');
  await page.getByRole('radio', { name: /Stage 1/ }).check();
  await page.getByRole('checkbox', { name: 'EGR OFF' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await checkRoute(page, '/overview');
  await page.context().close();
});

test('an admin on a phone: every admin page, a user, a ticket with its chat and the lists fit 360 px', async ({
  browser,
}) => {
  const page = await phonePage(browser);
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await visit(page, '/dashboard', '/dashboard', async (p) => {
    await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(p.locator('.admin-table').first()).toBeVisible();
  });
  // The charts' tables, shown.
  const showTable = page.getByRole('button', { name: 'Show as table' });
  for (let n = await showTable.count(); n > 0; n--) await showTable.first().click();
  await expect(showTable).toHaveCount(0);
  await checkScreen(page, '/dashboard, charts as tables');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    page.getByLabel('Admin navigation').getByRole('link', { name: 'Users', exact: true }),
  ).toBeVisible();
  await checkScreen(page, 'admin menu, open');
  await page.keyboard.press('Escape');

  await visit(page, '/users', '/users', async (p) => {
    await expect(p.getByTestId('user-row').filter({ hasText: seeded.customer.email })).toHaveCount(1);
  });
  await visit(page, '/users/:userId', `/users/${encodeURIComponent(seeded.customer.id)}`, async (p) => {
    await expect(p.getByRole('heading', { name: /Wolfeschlegelsteinhausen/, level: 1 })).toBeVisible();
    await expect(p.locator('.admin-table').first()).toBeVisible();
  });
  await visit(page, '/unverified-users', '/unverified-users', async (p) => {
    await expect(p.getByTestId('user-row').first()).toBeVisible();
  });
  await visit(page, '/disabled-users', '/disabled-users', async (p) => {
    await expect(p.getByTestId('user-row').first()).toBeVisible();
  });
  await visit(page, '/files', '/files', async (p) => {
    await expect(p.getByTestId('ecu-file-row').first()).toBeVisible();
  });
  await visit(page, '/ticket/:ticketNumber', `/ticket/${seeded.ticketNumber}`, async (p) => {
    await expect(p.getByTestId('chat-panel').getByTestId('chat-status')).toHaveText('Connected');
  });
  const chat = page.getByTestId('chat-panel');
  await chat
    .getByLabel('Message', { exact: true })
    .fill(
      'Thanks Maximilian, the remap for WN19 is queued: file bosch-edc17c64-original-read-full-backup-vin-WVWZZZAUZKW123456.bin',
    );
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByTestId('chat-message').last()).toContainText('the remap for WN19 is queued');
  await checkScreen(page, 'admin ticket with a chat message');
  await visit(page, '/solutions', '/solutions', async (p) => {
    await expect(p.getByTestId('solution-row').first()).toBeVisible();
  });
  await visit(page, '/inbox', '/inbox', heading('Inbox'));
  await visit(page, '/transactions', '/transactions', async (p) => {
    await expect(p.locator('.admin-table tbody tr').first()).toBeVisible();
  });
  await visit(page, '/credits', '/credits', async (p) => {
    await expect(p.locator('.admin-table tbody tr').first()).toBeVisible();
  });
  await visit(page, '/deliveries', '/deliveries', heading('Deliveries'));
  await visit(page, '/settings', '/settings', heading('Settings'));
  await page.context().close();
});

test('the tests above check every route of the router', () => {
  expect(ROUTER_PATHS.length).toBeGreaterThan(20);
  const source = readFileSync('e2e/narrow-screens.spec.ts', 'utf8');
  const checked = new Set([...source.matchAll(/(?:visit|checkRoute)\(\w+, '(\/[^']*)'/g)].map((m) => m[1]));
  expect([...checked].sort()).toEqual([...new Set(ROUTER_PATHS)].sort());
});
