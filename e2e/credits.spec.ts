import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { BASE_URL, createAccount, signInThroughUi } from './support/accounts';

async function signedInTuner(page: Page) {
  const account = await createAccount('verified');
  await signInThroughUi(page, account.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  return account;
}

/** Buy Credits -> Order Details -> Checkout for one package, as a tuner clicks through it. */
async function openCheckout(page: Page, packageName: string) {
  await page.getByRole('navigation').getByRole('link', { name: 'Buy Credits' }).click();
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  await page.getByRole('button', { name: `Select ${packageName}:` }).click();
  await expect(page.getByRole('heading', { name: 'Order Details' })).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\?package=/);
}

test('a tuner buys the 25-credit package with the sandbox test card and downloads the invoice', async ({
  page,
}) => {
  const account = await signedInTuner(page);
  await expect(page.getByTestId('sidebar-credits')).toHaveText('0 CRD');

  await page.getByRole('navigation').getByRole('link', { name: 'Buy Credits' }).click();
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  await expect(page.locator('.plan-card')).toHaveCount(7);
  const popular = page.getByTestId('plan-25credits');
  await expect(popular).toContainText('Popular');
  await expect(popular).toContainText('12% discount');
  await expect(popular).toContainText('£1,584.00');
  await popular.click();

  await expect(page).toHaveURL(/\/order-details\?package=25credits$/);
  await expect(page.getByTestId('order-from')).toContainText('ECU Tuning Services Ltd');
  await expect(page.getByTestId('order-from')).toContainText('GB123456789');
  await expect(page.getByTestId('order-bill-to')).toContainText('Ann Lee');
  await expect(page.getByTestId('order-bill-to')).toContainText('1 Workshop Lane');
  await expect(page.getByTestId('order-item')).toContainText('25 Credits');
  await expect(page.getByText('VAT 20%')).toBeVisible();
  await expect(page.getByTestId('order-subtotal')).toHaveText('£1,320.00');
  await expect(page.getByTestId('order-vat')).toHaveText('£264.00');
  await expect(page.getByTestId('order-total')).toHaveText('£1,584.00');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();

  await expect(page).toHaveURL(/\/checkout\?package=25credits$/);
  await expect(page.getByText('Test mode: no real charge')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Visa' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Mastercard' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'American Express' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Google Pay/ })).toBeDisabled();
  await expect(page.getByRole('radio', { name: /Card/ })).toBeChecked();
  await expect(page.getByLabel('Email')).toHaveValue(account.email);

  // Both fields are required before anything is sent.
  await page.getByRole('button', { name: 'Pay £1,584.00' }).click();
  await expect(page.getByText('Please fill all required fields')).toBeVisible();

  await page.getByLabel('Card holder name').fill('Ann Lee');
  await page.getByLabel('Test card').selectOption({ label: 'Visa •••• 4242 (succeeds)' });
  await page.getByRole('button', { name: 'Pay £1,584.00' }).click();
  await expect(page.getByText('Payment Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('sidebar-credits')).toHaveText('25 CRD');
  await expect(page.getByTestId('money-spent')).toHaveText('£1,584.00');

  await page.getByRole('navigation').getByRole('link', { name: 'My Transactions' }).click();
  await expect(page.getByRole('heading', { name: 'My Transactions' })).toBeVisible();
  const row = page.getByTestId('transaction-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/SN-\d{6}/);
  await expect(row).toContainText('25 CRD');
  await expect(row).toContainText('£1,584.00');
  await expect(row).toContainText('Completed');
  await expect(row).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4}, \d{2}:\d{2}/);
  const serialNo = ((await row.locator('th').textContent()) ?? '').trim();

  const downloading = page.waitForEvent('download');
  await row.getByRole('link', { name: `Download invoice ${serialNo}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`invoice-${serialNo}.pdf`);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');

  // A declined card is refused with the provider's message, and nothing is credited.
  await openCheckout(page, '1 Credit');
  await page.getByLabel('Card holder name').fill('Ann Lee');
  await page.getByLabel('Test card').selectOption({ label: 'Visa •••• 0002 (declined)' });
  await page.getByRole('button', { name: 'Pay £72.00' }).click();
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\?package=1credit$/);
  await expect(page.getByRole('button', { name: 'Pay £72.00' })).toBeEnabled();
  await expect(page.getByTestId('sidebar-credits')).toHaveText('25 CRD');

  // The refused attempt is on record as Failed; the search finds a payment by its serial number.
  await page.getByRole('navigation').getByRole('link', { name: 'My Transactions' }).click();
  await expect(page.getByTestId('transaction-row')).toHaveCount(2);
  await expect(page.getByTestId('transaction-row').first()).toContainText('Failed');
  await page.getByPlaceholder(/Search by serial number/).fill(serialNo.slice(-3));
  await expect(page.getByTestId('transaction-row')).toHaveCount(1);
  await expect(page.getByTestId('transaction-row')).toContainText(serialNo);
  await page.getByPlaceholder(/Search by serial number/).fill('SN-999999');
  await expect(page.getByText('No transactions found.')).toBeVisible();

  const me = await (await page.request.get('/api/auth/getMe')).json();
  expect(me.data.credits).toBe(25);
});

test('checkout and order details need a package chosen on Buy Credits', async ({ page }) => {
  await signedInTuner(page);
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/buy-credits$/);
  await page.goto('/checkout?package=25credits');
  await expect(page).toHaveURL(/\/buy-credits$/);
  await page.goto('/order-details');
  await expect(page).toHaveURL(/\/buy-credits$/);
  await page.goto('/order-details?package=999credits');
  await expect(page).toHaveURL(/\/buy-credits$/);

  // Cancel on the order goes back to the plans.
  await page.goto('/order-details?package=10credits');
  await expect(page.getByTestId('order-total')).toHaveText('£662.40');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/buy-credits$/);
});

test('the price list and my transactions open with the network off after a visit', async ({
  page,
  context,
}) => {
  await signedInTuner(page);
  const paid = await page.request.post('/api/payment/create-payment', {
    data: {
      sourceId: 'pm_card_visa',
      amount: 288,
      email: 'ann@e2e.test',
      cardHolderName: 'Ann Lee',
      packageId: '4credits',
    },
    headers: { Origin: BASE_URL, 'Idempotency-Key': `e2e-${Date.now()}` },
  });
  expect(paid.status()).toBe(200);

  await page.goto('/transactions');
  await expect(page.getByTestId('transaction-row')).toContainText('£288.00');
  await page.goto('/price-list');
  await expect(page.getByTestId('per-credit-price')).toHaveText('£60.00');

  // The service worker installs on the first visit and controls the page after a reload.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Price List' })).toBeVisible();
  await expect(page.getByRole('row', { name: /25 Credits/ })).toContainText('£1,584.00');
  await expect(page.getByText('IMMO OFF')).toBeVisible();
  await expect(page.getByText('ASTON MARTIN', { exact: true })).toBeVisible();

  await page.goto('/transactions');
  const row = page.getByTestId('transaction-row');
  await expect(row).toContainText('£288.00');
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('Online only');
  await page.reload();
  await expect(page.getByTestId('transaction-row')).toContainText('£288.00');

  await page.goto('/buy-credits');
  await expect(page.getByText('buying credits needs a connection')).toBeVisible();
  await context.setOffline(false);
});

/**
 * The 'stripe' payments mode in the browser. The e2e server runs the sandbox, so the public
 * config is answered as if Stripe keys were set and Stripe.js is served by the test: a stand-in
 * whose card field yields the sandbox's test payment-method names, which the server charges.
 */
test.describe('card form in stripe mode', () => {
  test.use({ bypassCSP: true, serviceWorkers: 'block' });

  const FAKE_STRIPE_JS = `
    window.Stripe = function () {
      var input = null;
      return {
        elements: function () {
          return {
            create: function () {
              var handlers = {};
              return {
                on: function (event, cb) { handlers[event] = cb; },
                mount: function (el) {
                  input = document.createElement('input');
                  input.setAttribute('aria-label', 'Card number');
                  el.appendChild(input);
                  setTimeout(function () { if (handlers.ready) handlers.ready(); }, 50);
                },
                destroy: function () { if (input) input.remove(); },
              };
            },
          };
        },
        createPaymentMethod: function (data) {
          window.__billing = data.billing_details;
          if (!input || !input.value) {
            return Promise.resolve({ error: { message: 'Your card number is incomplete.' } });
          }
          return Promise.resolve({ paymentMethod: { id: input.value } });
        },
        handleNextAction: function () { return Promise.resolve({}); },
      };
    };`;

  async function stripeMode(page: Page) {
    await page.route('**/api/public-config', (route) =>
      route.fulfill({
        json: {
          success: true,
          message: 'Public configuration',
          data: {
            supportEmail: 'support@e2e.test',
            company: { name: 'ECU Tuning Services Ltd', address: '1 Test Street', vatId: 'GB123456789' },
            payments: { mode: 'stripe', publishableKey: 'pk_live_e2e' },
          },
        },
      }),
    );
  }

  test('a card form that cannot load says so and nothing is sent', async ({ page }) => {
    await stripeMode(page);
    await page.route('https://js.stripe.com/**', (route) => route.abort());
    await signedInTuner(page);
    await openCheckout(page, '1 Credit');
    await expect(page.getByText('Unable to load card form. Try again later').first()).toBeVisible();
    await expect(page.getByText('Test mode: no real charge')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await page.getByLabel('Card holder name').fill('Ann Lee');
    await page.getByRole('button', { name: 'Pay £72.00' }).click();
    await expect(page.getByText('Card form is not ready')).toBeVisible();
    await expect(page.getByTestId('sidebar-credits')).toHaveText('0 CRD');
  });

  test('the card is tokenized by Stripe.js and the payment method id is charged', async ({ page }) => {
    await stripeMode(page);
    await page.route('https://js.stripe.com/**', (route) =>
      route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS }),
    );
    await signedInTuner(page);
    await openCheckout(page, '1 Credit');
    const cardNumber = page.getByLabel('Card number');
    await expect(cardNumber).toBeVisible();
    await page.getByLabel('Card holder name').fill('Ann Lee');

    await page.getByRole('button', { name: 'Pay £72.00' }).click();
    await expect(page.getByText('Your card number is incomplete.')).toBeVisible();

    await cardNumber.fill('pm_card_visa');
    await page.getByRole('button', { name: 'Pay £72.00' }).click();
    await expect(page.getByText('Payment Successful')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('sidebar-credits')).toHaveText('1 CRD');
    expect(await page.evaluate(() => (window as unknown as { __billing: unknown }).__billing)).toMatchObject({
      name: 'Ann Lee',
    });
  });
});
