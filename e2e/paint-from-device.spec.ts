import { expect, test } from '@playwright/test';
import { apiSession, createAccount, dataOf, PASSWORD, signInThroughUi } from './support/accounts';
import { ADMIN } from './support/paths';
import { createTicketThroughForm } from './support/tickets';

/**
 * The dashboard paints from what the device knows (docs/decisions/084-paint-from-device.md):
 * the service worker is blocked here, so what shows comes from IndexedDB and not from a
 * cached answer.
 */
test.use({ serviceWorkers: 'block' });

test('after a visit, the dashboard shows the last known tickets and credits with every API call failing', async ({
  page,
}) => {
  const account = await createAccount('verified');
  const tuner = await apiSession(account.email, PASSWORD);
  const admin = await apiSession(ADMIN.email, ADMIN.password);
  const registration = `PD${Date.now().toString(36).slice(-5).toUpperCase()}`;
  const { ticketNumber } = await createTicketThroughForm(tuner, {
    registration,
    notes: 'Paint from the device.',
  });
  await dataOf(await admin.put('/api/admin/updateUserCredits', { data: { userId: account.id, credits: 5 } }));

  await signInThroughUi(page, account.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  const latest = page.getByRole('region', { name: 'Latest files' });
  await expect(latest.getByRole('link', { name: `#${ticketNumber}` })).toBeVisible();
  await expect(page.getByTestId('sidebar-credits')).toHaveText('5 CRD');
  const filesSubmitted = await page.getByTestId('files-submitted').textContent();

  // From here the server never answers the page.
  const refused: string[] = [];
  await page.route('**/api/**', (route) => {
    refused.push(new URL(route.request().url()).pathname);
    return route.abort();
  });
  await page.reload();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Ann Lee!' })).toBeVisible();
  await expect(latest.getByTestId('latest-file')).toHaveCount(1);
  await expect(latest.getByRole('link', { name: `#${ticketNumber}` })).toBeVisible();
  await expect(latest.getByText('Audi A4 2018')).toBeVisible();
  await expect(page.getByTestId('sidebar-credits')).toHaveText('5 CRD');
  await expect(page.getByTestId('files-submitted')).toHaveText(filesSubmitted ?? '');
  // The page did ask (who is signed in) and got no answer.
  expect(refused).toContain('/api/auth/getMe');
  await Promise.all([tuner.dispose(), admin.dispose()]);
});

test('a new device shows a loading state until the server says who is signed in, then the dashboard', async ({
  page,
  context,
}) => {
  const account = await createAccount('verified');
  const tuner = await apiSession(account.email, PASSWORD);
  // The session of the API sign-in, with nothing of it in this browser's storage.
  await context.addCookies((await tuner.storageState()).cookies);
  let answer: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route('**/api/auth/getMe', async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/dashboard');
  // Loading, or past the lookup's time limit the Retry offer: nothing of the account either way.
  await expect(page.locator('.spinner-page')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toHaveCount(0);
  answer();
  await expect(page.getByRole('heading', { name: 'Welcome back, Ann Lee!' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await tuner.dispose();
});

test('a session the server no longer knows ends on the sign-in screen, though the device knew the user', async ({
  page,
  context,
}) => {
  const account = await createAccount('verified');
  await signInThroughUi(page, account.email);
  await expect(page.getByRole('heading', { name: 'Welcome back, Ann Lee!' })).toBeVisible();

  await context.clearCookies();
  await page.reload();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
});
