import { expect, test } from '@playwright/test';
import { adminApi, createAccount, signInThroughUi } from './support/accounts';

test('a disabled tuner signs in, sees the Account Disabled overlay and can only sign out', async ({
  page,
}) => {
  const account = await createAccount('verified');
  const admin = await adminApi();
  await admin.disable(account.id);

  await signInThroughUi(page, account.email);
  const overlay = page.getByRole('alertdialog');
  await expect(overlay.getByRole('heading', { name: 'Account Disabled' })).toBeVisible();
  await expect(overlay.getByText(/temporarily disabled/)).toBeVisible();
  await expect(overlay.getByRole('link', { name: /contact support/i })).toHaveAttribute('href', /^mailto:/);

  // Everything but getMe and logout is refused on the server.
  const sync = await page.request.get('/api/sync');
  expect(sync.status()).toBe(403);
  expect((await sync.json()).message).toBe('Account disabled');

  await overlay.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await admin.activate(account.id);
  await signInThroughUi(page, account.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await admin.dispose();
});
