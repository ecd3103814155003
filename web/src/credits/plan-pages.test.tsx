// @vitest-environment happy-dom
import { FREE_SOLUTIONS } from '@ecu/shared';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, setOnline } from '../test/api-mock';
import {
  aUser,
  cachePublicConfig,
  currentPath,
  currentState,
  renderPage,
  resetDevice,
  signedInAs,
} from '../test/customer';
import { screen, within } from '../test/rtl';
import BuyCreditsPage from './buy-credits-page';
import OrderDetailsPage from './order-details-page';
import PriceListPage from './price-list-page';

/** Price List, Buy Credits and Order Details (docs/product.md#6-credits-and-payments). */

beforeEach(async () => {
  await resetDevice();
  mockApi();
});

/** A table's body rows as [row heading, ...cells] texts. */
function bodyRows(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.replace(/\s+/g, ' ').trim() ?? ''),
    );
}

describe('Price List', () => {
  it("quotes every package at the user's own price, with VAT", async () => {
    await signedInAs(aUser({ perCreditPrice: 60 }));
    renderPage(<PriceListPage />, { route: '/price-list' });
    expect(await screen.findByRole('heading', { name: 'Price List' })).toBeTruthy();
    expect(screen.getByTestId('per-credit-price').textContent).toBe('£60.00');
    const packages = screen.getByRole('region', { name: 'Credit packages' });
    expect(bodyRows(within(packages).getByRole('table'))).toEqual([
      ['1 Credit', '—', '£60.00', '£12.00', '£72.00'],
      ['2 Credits', '—', '£120.00', '£24.00', '£144.00'],
      ['3 Credits', '—', '£180.00', '£36.00', '£216.00'],
      ['4 Credits', '—', '£240.00', '£48.00', '£288.00'],
      ['10 Credits', '8%', '£552.00', '£110.40', '£662.40'],
      ['25 CreditsPopular', '12%', '£1,320.00', '£264.00', '£1,584.00'],
      ['48 Credits', '16%', '£2,419.20', '£483.84', '£2,903.04'],
    ]);
    expect(within(packages).getByRole('link', { name: 'Buy Credits' }).getAttribute('href')).toBe(
      '/buy-credits',
    );
  });

  it('follows a per-credit price an admin changed', async () => {
    await signedInAs(aUser({ perCreditPrice: 45.5 }));
    renderPage(<PriceListPage />, { route: '/price-list' });
    expect((await screen.findByTestId('per-credit-price')).textContent).toBe('£45.50');
  });

  it('lists the 18 free solutions, the 2-credit ECU families and the terms', async () => {
    await signedInAs(aUser());
    renderPage(<PriceListPage />, { route: '/price-list' });
    const free = await screen.findByRole('region', { name: 'Free solutions' });
    expect(within(free).getAllByRole('listitem')).toHaveLength(FREE_SOLUTIONS.length);
    expect(FREE_SOLUTIONS).toHaveLength(18);
    expect(within(free).getByText('ACT OFF')).toBeTruthy();
    const ecus = screen.getByRole('region', { name: 'ECU prices' });
    expect(within(ecus).getAllByText('2 credits')).toHaveLength(3);
    expect(within(ecus).getByText('Any ECU not listed')).toBeTruthy();
    const terms = screen.getByRole('region', { name: 'Terms and conditions' });
    expect(terms.textContent).toContain('Credit payments are non-refundable and non-transferable');
    expect(terms.textContent).toContain('Files older than 21 days that need rework cost an extra 1 credit.');
    expect(terms.textContent).toContain(
      'Abuse of the VRM lookup leads to the account being disabled permanently.',
    );
  });

  it('waits for the cached user', () => {
    renderPage(<PriceListPage />, { route: '/price-list' });
    expect(screen.getByText('Loading...')).toBeTruthy();
  });
});

describe("Buy Credits ('Choose Your Plan')", () => {
  it('offers the seven packages with their totals, the 25-credit one flagged popular', async () => {
    await signedInAs(aUser());
    renderPage(<BuyCreditsPage />, { route: '/buy-credits' });
    expect(await screen.findByRole('heading', { name: 'Choose Your Plan' })).toBeTruthy();
    const plans = screen.getAllByRole('button', { name: /^Select / });
    expect(plans.map((p) => p.getAttribute('aria-label'))).toEqual([
      'Select 1 Credit: £72.00 incl. VAT, no discount',
      'Select 2 Credits: £144.00 incl. VAT, no discount',
      'Select 3 Credits: £216.00 incl. VAT, no discount',
      'Select 4 Credits: £288.00 incl. VAT, no discount',
      'Select 10 Credits: £662.40 incl. VAT, 8% discount',
      'Select 25 Credits: £1,584.00 incl. VAT, 12% discount, popular',
      'Select 48 Credits: £2,903.04 incl. VAT, 16% discount',
    ]);
    expect(
      within(screen.getByTestId('plan-25credits')).getByText('£52.80 per credit excl. VAT'),
    ).toBeTruthy();
    expect(screen.getByText(/Prices at your rate of £60.00 per credit/)).toBeTruthy();
  });

  it('choosing a plan opens Order Details with the package', async () => {
    await signedInAs(aUser());
    renderPage(<BuyCreditsPage />, { route: '/buy-credits' });
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Select 10 Credits/ }));
    expect(await currentPath()).toBe('/order-details?package=10credits');
    expect(currentState()).toEqual({
      package: { id: '10credits', credits: 10, discountPercent: 8, popular: false },
    });
  });

  it('says that buying needs a connection while offline, and still shows the plans', async () => {
    setOnline(false);
    await signedInAs(aUser());
    renderPage(<BuyCreditsPage />, { route: '/buy-credits' });
    expect(
      await screen.findByText(
        'You are offline. You can look at the plans, but buying credits needs a connection.',
      ),
    ).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Select / })).toHaveLength(7);
  });
});

describe('Order Details', () => {
  beforeEach(() =>
    cachePublicConfig({
      company: { name: 'Tuning Ltd', address: '2 Mill Lane, York', vatId: 'GB123456789' },
    }),
  );

  it('shows the seller, the buyer, the item with its discount, and the totals', async () => {
    await signedInAs(
      aUser({
        firstName: 'Ann',
        lastName: 'Lee',
        address: '1 High Street',
        city: 'Leeds',
        postalCode: 'LS1 1AA',
      }),
    );
    renderPage(<OrderDetailsPage />, { route: '/order-details', at: '/order-details?package=25credits' });
    const from = await screen.findByTestId('order-from');
    expect(from.textContent).toBe('FromTuning Ltd2 Mill Lane, YorkVAT ID: GB123456789');
    expect(screen.getByTestId('order-bill-to').textContent).toBe(
      'Bill ToAnn Lee1 High StreetLeeds LS1 1AAUnited Kingdom',
    );
    expect(screen.getByTestId('order-item').textContent).toBe('25 Credits packagePopular');
    expect(screen.getByText('Package discount (12%)')).toBeTruthy();
    expect(screen.getByText('−£180.00')).toBeTruthy();
    expect(screen.getByTestId('order-subtotal').textContent).toBe('£1,320.00');
    expect(screen.getByTestId('order-vat').textContent).toBe('£264.00');
    expect(screen.getByTestId('order-total').textContent).toBe('£1,584.00');
  });

  it('says when the buyer has no address yet', async () => {
    await signedInAs(aUser({ address: '' }));
    renderPage(<OrderDetailsPage />, { route: '/order-details', at: '/order-details?package=1credit' });
    expect(await screen.findByText('Address not available')).toBeTruthy();
    expect(screen.queryByText(/Package discount/)).toBeNull();
  });

  it('hands package and money to Checkout', async () => {
    await signedInAs(aUser());
    renderPage(<OrderDetailsPage />, { route: '/order-details', at: '/order-details?package=10credits' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
    expect(await currentPath()).toBe('/checkout?package=10credits');
    expect(currentState()).toEqual({
      package: { id: '10credits', credits: 10, discountPercent: 8, popular: false },
      total: 662.4,
      subtotal: 552,
      vat: 110.4,
      from: 'order-details',
    });
  });

  it('takes the package from the navigation state when the query has none', async () => {
    await signedInAs(aUser());
    renderPage(<OrderDetailsPage />, {
      route: '/order-details',
      state: { package: { id: '4credits', credits: 400, discountPercent: 90 } },
    });
    // Only the id is trusted: credits and discount come from the catalogue.
    expect((await screen.findByTestId('order-item')).textContent).toBe('4 Credits package');
    expect(screen.getByTestId('order-total').textContent).toBe('£288.00');
  });

  it('goes back to Buy Credits for an unknown package', async () => {
    await signedInAs(aUser());
    renderPage(<OrderDetailsPage />, { route: '/order-details', at: '/order-details?package=999credits' });
    expect(await currentPath()).toBe('/buy-credits');
  });

  it('Cancel returns to Buy Credits', async () => {
    await signedInAs(aUser());
    renderPage(<OrderDetailsPage />, { route: '/order-details', at: '/order-details?package=2credits' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await currentPath()).toBe('/buy-credits');
  });
});
