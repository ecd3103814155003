import { expect, type Locator, test } from '@playwright/test';
import { createAccount, signInThroughUi, uniqueEmail } from './support/accounts';
import { ADMIN } from './support/paths';

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

test('an e-mail the mail server refuses shows on Deliveries and on the customer’s page, with Retry; the desk fits a phone in dark mode', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The mail sink refuses 'bounce-' addresses: the verification mail of this sign-up fails.
  const customer = await createAccount('onboarded', uniqueEmail('bounce'));

  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Deliveries', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Deliveries', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Jobs by kind and state' }).getByRole('rowheader', { name: 'E-mail' }),
  ).toBeVisible();

  // The desk follows the queues: the failed attempt appears without a reload.
  const row = page.getByRole('row').filter({ hasText: customer.email });
  await expect(row).toBeVisible({ timeout: 45_000 });
  await expect(row).toContainText('Verification link');
  await expect(row).toContainText('Retrying');
  await expect(row).toContainText('550');

  await row.getByRole('button', { name: 'Retry: Verification link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Verification link: Retrying now' })).toBeVisible();

  await row.getByRole('link', { name: customer.email }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${customer.id}$`));
  const notice = page.getByRole('region', { name: 'Failed deliveries' });
  // The Retry above ran the job again: while that run is under way the mail is not failed, and
  // the page (which does not follow the queues) shows it again once the run has failed.
  await expect(async () => {
    await page.reload();
    await expect(notice).toContainText('Last e-mail failed: Verification link', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(notice.getByRole('button', { name: 'Retry: Verification link' })).toBeEnabled();

  // A 360 px phone in dark mode: rows become cards, nothing scrolls sideways, text stays readable.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/deliveries');
  await expect(page.getByRole('row').filter({ hasText: customer.email })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const card = page.locator('.deliveries-page .card').first();
  const { background, text } = await colours(card);
  const bg = luminance(background);
  const fg = luminance(text);
  expect(bg).toBeLessThan(0.05);
  expect((Math.max(bg, fg) + 0.05) / (Math.min(bg, fg) + 0.05)).toBeGreaterThanOrEqual(4.5);
});
