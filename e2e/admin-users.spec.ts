import { expect, type Page, request, test } from '@playwright/test';
import { BASE_URL, createAccount, signInThroughUi } from './support/accounts';
import { untilPersisted } from './support/local-copy';
import { waitForMail } from './support/mail';
import { ADMIN } from './support/paths';

async function signInAsAdmin(page: Page) {
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

function toast(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text }).first();
}

/** Opens a user list from the sidebar and searches it for one address. */
async function findUser(page: Page, list: 'Users' | 'Unverified Users' | 'Disabled Users', email: string) {
  await page.getByRole('navigation').getByRole('link', { name: list, exact: true }).click();
  await expect(page.getByRole('heading', { name: list, level: 1 })).toBeVisible();
  const search = page.getByLabel('Search users');
  await expect(search).toHaveAttribute('placeholder', 'Search users by name, email, role');
  await search.fill(email);
  return page.getByRole('row').filter({ hasText: email });
}

test('an admin finds a user, changes price and role, disables, activates, adjusts credits and deletes', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tuner = await createAccount('verified');
  const { email } = tuner;
  // The tuner works in their own browser while the admin acts.
  const tunerContext = await browser.newContext();
  const tunerPage = await tunerContext.newPage();
  await signInThroughUi(tunerPage, email);
  await expect(tunerPage).toHaveURL(/\/dashboard$/);

  await signInAsAdmin(page);
  // Signed out, the app's first getMe answers 401 by design; from here on nothing may log an error.
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));

  // Find: server-side search, the documented columns and formats.
  const row = await findUser(page, 'Users', email);
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the tuner
  const headers = page.getByRole('table', { name: 'All users' }).getByRole('columnheader');
  await expect(headers).toHaveText([
    'User',
    'Email',
    'Money Spent',
    'Credit Price',
    'Files',
    'Role',
    'Joined',
    'Actions',
  ]);
  await expect(row).toContainText('Ann Lee');
  await expect(row).toContainText('AL');
  await expect(row).toContainText('£0.00');
  await expect(row).toContainText('£60.00');
  await expect(row).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4}, \d{2}:\d{2}/);
  await expect(row.getByLabel(`Role of ${email}`)).toHaveValue('user');

  // The admin's own row: marked, and nothing that would lock them out.
  await page.getByLabel('Search users').fill(ADMIN.email);
  const own = page.getByRole('row').filter({ hasText: ADMIN.email });
  await expect(own).toHaveCount(1);
  await expect(own.getByText('You', { exact: true })).toBeVisible();
  await expect(own.getByLabel(`Role of ${ADMIN.email}`)).toBeDisabled();
  await expect(own.getByRole('button', { name: `Disable ${ADMIN.email}` })).toBeDisabled();
  await expect(own.getByRole('button', { name: `Delete ${ADMIN.email}` })).toBeDisabled();
  await page.getByLabel('Search users').fill(email);
  await expect(row).toHaveCount(1);

  // Price: 'Enter a valid price' before anything is sent, then saved.
  await row.getByRole('button', { name: `Edit credit price for ${email}` }).click();
  const price = row.getByLabel(`Price per credit in pounds for ${email}`);
  await expect(price).toHaveValue('60.00');
  await price.fill('0');
  await row.getByRole('button', { name: `Save credit price for ${email}` }).click();
  await expect(toast(page, 'Enter a valid price')).toBeVisible();
  await price.fill('45');
  await row.getByRole('button', { name: `Save credit price for ${email}` }).click();
  await expect(toast(page, 'Credit price updated!')).toBeVisible();
  await expect(row).toContainText('£45.00');

  // Role: a dialog says what the new role means; confirmed, it applies; and back again.
  await row.getByLabel(`Role of ${email}`).selectOption('admin');
  const promote = page.getByRole('dialog', { name: 'Make Ann Lee an admin?' });
  await expect(promote).toContainText('admin desk');
  await promote.getByRole('button', { name: 'Make admin' }).click();
  await expect(promote).toBeHidden();
  await expect(toast(page, 'User role updated')).toBeVisible();
  await expect(row.getByLabel(`Role of ${email}`)).toHaveValue('admin');
  await row.getByLabel(`Role of ${email}`).selectOption('user');
  const demote = page.getByRole('dialog', { name: 'Make Ann Lee a user?' });
  await demote.getByRole('button', { name: 'Make user' }).click();
  await expect(demote).toBeHidden();
  await expect(row.getByLabel(`Role of ${email}`)).toHaveValue('user');

  // Disable: the dialog says what happens; the tuner sees the overlay on their next request.
  await row.getByRole('button', { name: `Disable ${email}` }).click();
  const disable = page.getByRole('dialog', { name: 'Disable Ann Lee?' });
  await expect(disable).toContainText(
    "will be signed out of the app on their next request and see 'Account Disabled' until activated",
  );
  await disable.getByRole('button', { name: 'Disable', exact: true }).click();
  await expect(toast(page, 'User disabled successfully')).toBeVisible();
  await expect(row.getByRole('button', { name: `Activate ${email}` })).toBeVisible();
  await expect(row).toContainText('Disabled');

  await tunerPage.reload();
  await expect(
    tunerPage.getByRole('alertdialog').getByRole('heading', { name: 'Account Disabled' }),
  ).toBeVisible();

  // Activate from the Disabled Users list: the user leaves it.
  const disabledRow = await findUser(page, 'Disabled Users', email);
  await expect(disabledRow).toHaveCount(1);
  await disabledRow.getByRole('button', { name: `Activate ${email}` }).click();
  const activate = page.getByRole('dialog', { name: 'Activate Ann Lee?' });
  await activate.getByRole('button', { name: 'Activate', exact: true }).click();
  await expect(toast(page, 'User activated successfully')).toBeVisible();
  await expect(page.getByText('No users found.')).toBeVisible();

  await tunerPage.reload();
  await expect(tunerPage).toHaveURL(/\/dashboard$/);
  await expect(tunerPage.getByRole('alertdialog')).toHaveCount(0);

  // The user's page: profile, then a credit adjustment that must say why.
  const back = await findUser(page, 'Users', email);
  await expect(back).toHaveCount(1);
  await back.getByRole('link', { name: 'Ann Lee' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${tuner.id}$`));
  await expect(page.getByRole('heading', { name: 'Ann Lee', level: 1 })).toBeVisible();
  const profile = page.getByRole('region', { name: 'Profile' });
  for (const text of [email, 'United Kingdom', 'Leeds', 'LS1 1AA', '1 Workshop Lane', '£45.00', 'Verified']) {
    await expect(profile).toContainText(text);
  }

  const credits = page.getByRole('region', { name: 'Credits' });
  const adjustCalls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/admin/updateUserCredits') && adjustCalls.push(r.method()));
  await credits.getByRole('button', { name: `Add 5 credits to ${email}` }).click();
  await expect(credits.getByText('Please give a reason')).toBeVisible();
  expect(adjustCalls).toEqual([]);
  await credits.getByLabel('Reason').fill('Goodwill for a slow file');
  await credits.getByRole('button', { name: `Add 5 credits to ${email}` }).click();
  await expect(toast(page, 'Credits updated')).toBeVisible();
  await expect(credits.getByTestId('user-credits')).toHaveText('5 CRD');
  await expect(credits.getByLabel('Reason')).toHaveValue('');
  const line = credits.getByRole('row').filter({ hasText: 'Goodwill for a slow file' });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('+5');
  await expect(line).toContainText('5 CRD');
  await expect(line).toContainText('Adjusted by an admin');

  const audit = page.getByRole('region', { name: 'Audit trail' });
  const adjusted = audit.getByTestId('audit-row').filter({ hasText: 'Adjusted the credits' });
  await expect(adjusted).toContainText('Reason: Goodwill for a slow file');
  await expect(adjusted).toContainText('Credits: 0 CRD → 5 CRD');
  await expect(audit).toContainText('Role: user → admin');
  await expect(audit).toContainText('Role: admin → user');
  await expect(audit).toContainText('Status: active → disabled');
  await expect(audit).toContainText('Status: disabled → active');
  await expect(audit).toContainText('Credit price: £60.00 → £45.00');

  // Delete: what goes and what stays; then back on Users, the account is gone.
  await page.getByRole('button', { name: `Delete ${email}` }).click();
  const remove = page.getByRole('dialog', { name: 'Delete Ann Lee?' });
  await expect(remove).toContainText('payments and credit ledger are kept');
  await expect(remove).toContainText('This cannot be undone.');
  await remove.getByRole('button', { name: 'Delete user' }).click();
  await expect(toast(page, 'User deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/users$/);
  await page.getByLabel('Search users').fill(email);
  await expect(page.getByText('No users found.')).toBeVisible();
  expect(errors).toEqual([]);
  await tunerContext.close();
});

test('the Unverified list shows a new account, resends its verification e-mail and deletes it', async ({
  page,
}) => {
  const fresh = await createAccount('onboarded');
  await signInAsAdmin(page);

  const row = await findUser(page, 'Unverified Users', fresh.email);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Unverified');
  const since = Date.now();
  await row.getByRole('button', { name: `Resend verification to ${fresh.email}` }).click();
  await expect(toast(page, 'Verification email sent successfully!')).toBeVisible();
  expect((await waitForMail(fresh.email, since)).text).toContain('/verify-email?');

  await row.getByRole('button', { name: `Delete ${fresh.email}` }).click();
  const remove = page.getByRole('dialog', { name: 'Delete Ann Lee?' });
  await remove.getByRole('button', { name: 'Delete user' }).click();
  await expect(toast(page, 'User deleted successfully')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No users found.')).toBeVisible();
});

test('a user’s page pages its ledger and audit trail with Load more', async ({ page }) => {
  const tuner = await createAccount('verified');
  // 22 adjustments through the API: 22 ledger lines and 22 audit entries, a page is 20.
  const admin = await request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { Origin: BASE_URL, 'X-Forwarded-For': `10.78.${Date.now() % 250}.9` },
  });
  const login = await admin.post('/api/auth/login', { data: ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  for (let i = 1; i <= 22; i++) {
    const res = await admin.put('/api/admin/updateUserCredits', {
      data: { userId: tuner.id, credits: 1, note: `Batch line ${i}` },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await admin.dispose();

  await signInAsAdmin(page);
  await page.goto(`/users/${tuner.id}`);
  const credits = page.getByRole('region', { name: 'Credits' });
  await expect(credits.getByTestId('user-credits')).toHaveText('22 CRD');
  await expect(credits.getByText('Showing 20 ledger lines; more are available')).toBeVisible();
  await expect(credits.getByRole('row').filter({ hasText: 'Batch line 22' })).toContainText('22 CRD');
  await expect(credits.getByRole('row').filter({ hasText: /Batch line 1$/ })).toHaveCount(0);
  await credits.getByRole('button', { name: 'Load more ledger lines' }).click();
  await expect(credits.getByText('Showing 22 ledger lines')).toBeVisible();
  await expect(credits.getByRole('button', { name: 'Load more ledger lines' })).toHaveCount(0);
  const first = credits.getByRole('row').filter({ hasText: /Batch line 1$/ });
  await expect(first).toContainText('+1');
  await expect(first).toContainText('1 CRD');

  const audit = page.getByRole('region', { name: 'Audit trail' });
  await expect(audit.getByTestId('audit-row')).toHaveCount(20);
  await audit.getByRole('button', { name: 'Load more entries' }).click();
  await expect(audit.getByTestId('audit-row')).toHaveCount(22);
  await expect(audit.getByText('Showing 22 entries')).toBeVisible();
});

/** The Users list searched for one address, once the search's answer is on screen: its row. */
async function searchUsersFor(page: Page, email: string) {
  await page.goto('/users');
  await page.getByLabel('Search users').fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2); // the search's answer has arrived
  return row;
}

test('offline, the Users page shows the last loaded data and every action is off', async ({
  page,
  context,
}) => {
  const tuner = await createAccount('verified');
  const { email } = tuner;
  await signInAsAdmin(page);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  const row = await searchUsersFor(page, email);

  await context.setOffline(true);
  const notice = page.getByRole('status').filter({ hasText: 'Offline: showing the last loaded data' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(/Loaded [A-Z][a-z]{2} \d{2}, \d{4}, \d{2}:\d{2}\./);
  await expect(notice).toContainText('Changes are disabled until the connection is back; nothing is queued.');
  for (const button of await row.getByRole('button').all()) await expect(button).toBeDisabled();
  await expect(row.getByLabel(`Role of ${email}`)).toBeDisabled();

  // A reload without a network still shows the copy, marked, with nothing to press. The copy
  // is the persisted query cache (written after a short throttle): wait until it holds the row.
  await untilPersisted(page, email);
  await page.reload();
  await expect(page.getByText('Offline: showing the last loaded data')).toBeVisible();
  await expect(page.getByLabel('Search users')).toHaveValue(email);
  await expect(row).toContainText('Ann Lee');
  await expect(row.getByRole('button', { name: `Disable ${email}` })).toBeDisabled();
  await expect(row.getByRole('button', { name: `Delete ${email}` })).toBeDisabled();

  await context.setOffline(false);
  await expect(page.getByText('Offline: showing the last loaded data')).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Disable ${email}` })).toBeEnabled();
});

test('with the network up but the server out of reach, the Users page counts as offline until it answers', async ({
  page,
  context,
}) => {
  // Workshop Wi-Fi that is "connected" while nothing gets through: navigator.onLine stays true.
  const { email } = await createAccount('verified');
  await signInAsAdmin(page);
  const row = await searchUsersFor(page, email);
  await expect(row.getByRole('button', { name: `Disable ${email}` })).toBeEnabled();

  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  // The next load of the list gets no answer (a new search), and the probe confirms it.
  await page.getByLabel('Search users').fill(email.toUpperCase());
  const notice = page.getByRole('status').filter({ hasText: 'Offline: showing the last loaded data' });
  await expect(notice).toBeVisible();
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await expect(
    page.getByText('You are offline. You see the last loaded data; changes need a connection.'),
  ).toBeVisible();
  await expect(row.getByRole('button', { name: `Disable ${email}` })).toBeDisabled();
  await expect(row.getByLabel(`Role of ${email}`)).toBeDisabled();

  // The server answers again: the next probe notices, and the actions are back.
  await context.unrouteAll();
  await expect(notice).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Disable ${email}` })).toBeEnabled();
});
