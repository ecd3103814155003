import { expect, type Locator, type Page, test } from '@playwright/test';
import { createAccount, signInThroughUi } from './support/accounts';

/** WCAG relative luminance of a computed 'rgb(r, g, b)' colour: 0 black, 1 white. */
function luminance(rgb: string): number {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((c) => {
    const v = Number(c) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

async function colours(target: Locator) {
  return target.evaluate((el) => {
    const style = getComputedStyle(el);
    return { background: style.backgroundColor, text: style.color };
  });
}

/** Dark: a dark background with light text, readable (at least 4.5:1); light: the other way round. */
async function expectTheme(page: Page, theme: 'light' | 'dark', surface: Locator) {
  for (const target of [page.locator('html'), surface]) {
    await expect(async () => {
      const { background, text } = await colours(target);
      const bg = luminance(background);
      const fg = luminance(text);
      if (theme === 'dark') expect(bg).toBeLessThan(0.05);
      else expect(bg).toBeGreaterThan(0.8);
      const ratio = (Math.max(bg, fg) + 0.05) / (Math.min(bg, fg) + 0.05);
      expect(ratio).toBeGreaterThanOrEqual(4.5);
    }).toPass({ timeout: 5_000 });
  }
}

test('dark mode follows the system setting', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/signin');
  const card = page.locator('.auth-card');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await expectTheme(page, 'dark', card);

  await page.emulateMedia({ colorScheme: 'light' });
  await expectTheme(page, 'light', card);
});

test('choosing Dark overrides a light system, survives a reload, and System follows the device again', async ({
  page,
}) => {
  const account = await createAccount();
  await page.emulateMedia({ colorScheme: 'light' });
  await signInThroughUi(page, account.email);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  const card = page.locator('.card').first();
  const theme = page.getByLabel('Theme');
  await expect(theme).toHaveValue('system');
  await expectTheme(page, 'light', card);

  await theme.selectOption('Dark');
  await expectTheme(page, 'dark', card);
  // The browser's own bars follow (the top bar's dark colour).
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#060a12');

  await page.reload();
  await expect(page.getByLabel('Theme')).toHaveValue('dark');
  await expectTheme(page, 'dark', page.locator('.card').first());

  await page.getByLabel('Theme').selectOption('System');
  await expectTheme(page, 'light', page.locator('.card').first());
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectTheme(page, 'dark', page.locator('.card').first());
});

test('the install offer: shown once the person moves on from the first page, prompts once, and Not now is remembered', async ({
  page,
}) => {
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  // Headless Chromium never offers installing by itself; the event is what Chromium sends.
  const offer = () =>
    page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, {
        prompt: () => {
          (window as unknown as { prompted: number }).prompted =
            ((window as unknown as { prompted?: number }).prompted ?? 0) + 1;
          return Promise.resolve({ outcome: 'accepted' });
        },
      });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });

  expect(await offer()).toBe(true);
  const banner = page.getByRole('region', { name: 'Install the app' });
  // Not over the page the app was opened on: it waits until the person opens another one.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(banner).toBeHidden();
  await page.getByRole('link', { name: "Don't have an account? Sign up" }).click();
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Install ECU Portal' }).click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);

  await offer();
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Not now' }).click();
  await expect(banner).toBeHidden();
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  expect(await offer()).toBe(true);
  await page.getByRole('link', { name: "Don't have an account? Sign up" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  // Two frames: time for React to render the banner if it were going to.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(banner).toBeHidden();
});
