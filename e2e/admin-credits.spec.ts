import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { BASE_URL, createAccount, PASSWORD, signInThroughUi, uniqueEmail } from './support/accounts';
import { untilPersisted } from './support/local-copy';
import { ADMIN } from './support/paths';

/** The tuner's own API session, to check what the admin changed from the other side. */
async function tunerApi(email: string): Promise<APIRequestContext> {
  const ctx = await request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { Origin: BASE_URL, 'X-Forwarded-For': `10.77.${Date.now() % 250}.9` },
  });
  const res = await ctx.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  return ctx;
}

async function getMe(ctx: APIRequestContext) {
  const res = await ctx.get('/api/auth/getMe');
  expect(res.ok()).toBe(true);
  return (await res.json()).data as { credits: number; perCreditPrice: number; totalMoneySpent: number };
}

async function signInAsAdmin(page: Page) {
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

function toast(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text }).first();
}

test('an admin adjusts a tuner’s credits and price, then finds the tuner’s payment', async ({ page }) => {
  const priceCalls: string[] = [];
  page.on(
    'request',
    (r) => r.url().includes('/api/admin/updatePerCreditPrice') && priceCalls.push(r.method()),
  );
  const tuner = await createAccount('verified');
  const email = tuner.email;
  await signInAsAdmin(page);
  // Signed out, the app's first getMe answers 401 by design; from here on nothing may log an error.
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));

  await page.getByRole('navigation').getByRole('link', { name: 'Credits' }).click();
  await expect(page).toHaveURL(/\/credits$/);
  await expect(page.getByRole('heading', { name: 'Credits', level: 1 })).toBeVisible();
  await page.getByLabel('Search users').fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the tuner
  await expect(row).toContainText('Ann Lee');
  await expect(row).toContainText('0 CRD');
  await expect(row).toContainText('£60.00');
  await expect(row.getByRole('button', { name: `Remove 1 credit from ${email}` })).toBeDisabled();

  await row.getByRole('button', { name: `Add 5 credits to ${email}` }).click();
  await expect(toast(page, 'Credits updated')).toBeVisible();
  await expect(row).toContainText('5 CRD');

  // The note goes with the next adjustment and is then cleared.
  await page.getByLabel('Note for the ledger').fill('Goodwill for a slow file');
  await row.getByRole('button', { name: `Add 1 credit to ${email}` }).click();
  await expect(row).toContainText('6 CRD');
  await expect(page.getByLabel('Note for the ledger')).toHaveValue('');

  await row.getByRole('button', { name: `Remove 1 credit from ${email}` }).click();
  await expect(row).toContainText('5 CRD');

  const ctx = await tunerApi(email);
  expect((await getMe(ctx)).credits).toBe(5);

  await row.getByRole('button', { name: `Reset credits of ${email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset credits?' });
  await expect(dialog).toContainText('5 CRD');
  await dialog.getByRole('button', { name: 'Reset credits' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('0 CRD');
  await expect(row.getByRole('button', { name: `Remove 1 credit from ${email}` })).toBeDisabled();
  await expect(row.getByRole('button', { name: `Reset credits of ${email}` })).toBeDisabled();

  await row.getByRole('button', { name: `Edit credit price for ${email}` }).click();
  const price = row.getByLabel(`Price per credit in pounds for ${email}`);
  await expect(price).toHaveValue('60.00');
  await price.fill('45');
  await row.getByRole('button', { name: `Save credit price for ${email}` }).click();
  await expect(toast(page, 'Credit price updated!')).toBeVisible();
  await expect(row).toContainText('£45.00');
  expect(priceCalls).toEqual(['PUT']);

  // An empty price is refused before anything is sent.
  await row.getByRole('button', { name: `Edit credit price for ${email}` }).click();
  await price.fill('');
  await row.getByRole('button', { name: `Save credit price for ${email}` }).click();
  await expect(toast(page, 'Enter a valid price')).toBeVisible();
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await price.fill('0');
  await row.getByRole('button', { name: `Save credit price for ${email}` }).click();
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  expect(priceCalls).toEqual(['PUT']);
  await price.press('Escape');
  await expect(row).toContainText('£45.00');

  const me = await getMe(ctx);
  expect(me.credits).toBe(0);
  expect(me.perCreditPrice).toBe(45);

  // One credit at £45 is £54.00 with VAT; the sandbox takes Stripe's test card.
  const paid = await ctx.post('/api/payment/create-payment', {
    data: { sourceId: 'pm_card_visa', packageId: '1credit', amount: 54, email, cardHolderName: 'Ann Lee' },
  });
  const payment = await paid.json();
  expect(paid.ok(), JSON.stringify(payment)).toBe(true);
  const serialNo = payment.data.transaction.serialNo as string;
  expect(serialNo).toMatch(/^SN-\d{6}$/);
  expect(await getMe(ctx)).toMatchObject({ credits: 1, totalMoneySpent: 54 });
  await ctx.dispose();

  await page.getByRole('navigation').getByRole('link', { name: 'Transactions' }).click();
  await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
  const search = page.getByLabel('Search transactions');
  await search.fill(email);
  const tx = page.getByRole('row').filter({ hasText: serialNo });
  await expect(tx).toHaveCount(1);
  await expect(tx).toContainText(email);
  await expect(tx).toContainText('Ann Lee');
  await expect(tx).toContainText('1 CRD');
  await expect(tx).toContainText('£54.00');
  await expect(tx.getByText('Completed')).toBeVisible();
  await expect(tx).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4}, \d{2}:\d{2}/);

  await search.fill(serialNo);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(tx).toHaveCount(1);
  const invoice = tx.getByRole('link', { name: `Download the invoice for ${serialNo}` });
  await expect(invoice).toHaveAttribute('href', `/api/payment/invoice/${payment.data.transaction._id}`);
  const download = page.waitForEvent('download');
  await invoice.click();
  expect((await download).suggestedFilename()).toBe(`invoice-${serialNo}.pdf`);

  await search.fill('no-such-payment-anywhere');
  await expect(page.getByText('No transactions found.')).toBeVisible();

  // Back on Credits, the list is fresh: the purchase shows in the balance and money spent.
  await page.getByRole('navigation').getByRole('link', { name: 'Credits' }).click();
  await expect(page.getByLabel('Search users')).toHaveValue(email);
  await expect(row).toContainText('1 CRD');
  await expect(row).toContainText('£54.00');
  expect(errors).toEqual([]);
});

test('offline, the admin lists show the last loaded data and refuse every action', async ({
  page,
  context,
}) => {
  const tuner = await createAccount('verified');
  const email = tuner.email;
  await signInAsAdmin(page);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await page.goto('/credits');
  await page.getByLabel('Search users').fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2); // the search's answer has arrived

  await context.setOffline(true);
  await expect(page.getByText('Offline: showing the last loaded data')).toBeVisible();
  for (const button of await row.getByRole('button').all()) await expect(button).toBeDisabled();
  await expect(page.getByLabel('Note for the ledger')).toBeDisabled();

  // A reload without a network still shows the copy, marked, with nothing to press: once the
  // persisted query cache holds the search's answer (it is written a moment after it arrives).
  await untilPersisted(page, email);
  await page.reload();
  await expect(page.getByText('Offline: showing the last loaded data')).toBeVisible();
  await expect(row).toContainText('0 CRD');
  await expect(page.getByLabel('Search users')).toHaveValue(email);
  await expect(row.getByRole('button', { name: `Add 5 credits to ${email}` })).toBeDisabled();

  await context.setOffline(false);
  await expect(page.getByText('Offline: showing the last loaded data')).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Add 5 credits to ${email}` })).toBeEnabled();
});

test('the credits list pages through users with Load more', async ({ page }) => {
  test.setTimeout(180_000);
  // One more than a page (50), all found by one search; each sign-up comes from its own IP.
  const tag = `pager${Date.now().toString(36)}`;
  const emails: string[] = [];
  for (let batch = 0; batch < 51; batch += 17) {
    const made = await Promise.all(
      Array.from({ length: 17 }, () => createAccount('signedUp', uniqueEmail(tag))),
    );
    emails.push(...made.map((a) => a.email));
  }
  await signInAsAdmin(page);
  await page.goto('/credits');
  await expect(page.getByText('Showing 50 users; more are available')).toBeVisible();
  // The newest 50 users are the same with or without the search: wait for the search's answer.
  const searched = page.waitForResponse((r) => r.url().includes(`/api/admin/getAllUsers?limit=50&q=${tag}`));
  await page.getByLabel('Search users').fill(tag);
  await searched;
  await expect(page.getByText('Showing 50 users; more are available')).toBeVisible();
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page.getByText('Showing 51 users')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(page.getByRole('row')).toHaveCount(52);
  await expect(page.getByRole('row').filter({ hasText: ADMIN.email })).toHaveCount(0);
  for (const email of [emails[0]!, emails[50]!]) {
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(1);
  }
});
