import { expect, test } from '@playwright/test';
import { createAccount, signInThroughUi } from './support/accounts';

test('after a visit, the dashboard and the profile open with the network off, and an offline edit syncs once', async ({
  page,
  context,
}) => {
  const account = await createAccount('verified');
  await signInThroughUi(page, account.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome back, Ann Lee!')).toBeVisible();

  // The service worker installs on the first visit and controls the page after a reload.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.goto('/profile-settings');
  await expect(page.getByLabel(/City/)).toHaveValue('Leeds');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByLabel(/City/)).toHaveValue('Leeds');
  await page.goto('/dashboard');
  await expect(page.getByText('Welcome back, Ann Lee!')).toBeVisible();
  await expect(page.getByText('You are offline.', { exact: false }).first()).toBeVisible();

  // An edit made offline is kept, shown as pending, and sent once when the network returns.
  await page.goto('/profile-settings');
  await page.getByLabel(/City/).fill('York');
  await page.getByRole('button', { name: /Save/ }).click();
  await expect(page.getByText('Pending sync')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/City/)).toHaveValue('York');
  await expect(page.getByText('Pending sync')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText('Pending sync')).toHaveCount(0, { timeout: 15_000 });
  const me = await (await page.request.get('/api/auth/getMe')).json();
  expect(me.data.city).toBe('York');
});

test('signing out offline forgets the account on this device at once and ends the session when the network is back', async ({
  page,
  context,
}) => {
  const account = await createAccount('verified');
  await signInThroughUi(page, account.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));

  await context.setOffline(true);
  await page.getByRole('button', { name: /Ann/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Signed out on this device' })).toBeVisible();
  // The server has not heard yet: the session cookie still works there.
  expect((await page.request.get('/api/auth/getMe')).status()).toBe(200);
  // A reload without a network stays signed out.
  await page.reload();
  await expect(page).toHaveURL(/\/signin$/);

  await context.setOffline(false);
  await expect.poll(async () => (await page.request.get('/api/auth/getMe')).status()).toBe(401);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin$/);
});
