import { expect, test } from '@playwright/test';

test.describe('a first visit while the server is slow to say who is signed in', () => {
  // The held request must reach page.route, not a service worker.
  test.use({ serviceWorkers: 'block' });

  test('shows a Retry within seconds instead of Loading, and Retry asks again', async ({ page }) => {
    let hold = true;
    await page.route('**/api/auth/getMe', async (route) => {
      if (hold) return; // never answered: a connection that hangs
      await route.continue();
    });
    await page.goto('/dashboard');
    const retry = page.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible({ timeout: 8_000 });
    await expect(page.getByRole('alert')).toContainText('taking too long');

    hold = false;
    await retry.click();
    // Nobody is signed in on this fresh browser: the server's answer sends it to sign in.
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  });
});

test('the service worker registers only after the first lookup of the user', async ({ page }) => {
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/auth/getMe', async (route) => {
    await answered;
    await route.continue();
  });
  const registered = () =>
    page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration()));
  await page.goto('/signin');
  await page.waitForLoadState('load');
  await page.waitForTimeout(1_000);
  expect(await registered()).toBe(false);
  answer();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await expect.poll(registered).toBe(true);
});
