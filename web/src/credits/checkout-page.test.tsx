// @vitest-environment happy-dom
import { findPackage, type TransactionDto, type UserDto } from '@ecu/shared';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getAuthUser, localDb } from '../local/db';
import { fail, mockApi, ok, setOnline } from '../test/api-mock';
import {
  aTransaction,
  aUser,
  cachePublicConfig,
  currentPath,
  findToast,
  renderPage,
  resetDevice,
  signedInAs,
} from '../test/customer';
import { screen, waitFor } from '../test/rtl';
import { type FakeFeed, fakeFeed, transactionRow } from '../test/sync-feed';
import CheckoutPage from './checkout-page';

/**
 * Checkout (docs/product.md#6-credits-and-payments) against the API at the fetch level; in
 * 'stripe' mode only the Stripe.js loader is replaced, by a card form that is ready at once.
 */

const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  createPaymentMethod: vi.fn(),
  handleNextAction: vi.fn(),
}));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));

function fakeStripe() {
  return {
    elements: () => ({
      create: () => {
        let onReady = () => {};
        return {
          on: (event: string, listener: () => void) => {
            if (event === 'ready') onReady = listener;
          },
          mount: () => setTimeout(onReady, 0),
          destroy: () => {},
        };
      },
    }),
    createPaymentMethod: stripe.createPaymentMethod,
    handleNextAction: stripe.handleNextAction,
  };
}

const TEN = findPackage('10credits')!;
const FROM_ORDER = { package: TEN, total: 662.4, subtotal: 552, vat: 110.4, from: 'order-details' };

let me: UserDto;

beforeEach(async () => {
  await resetDevice();
  feed = fakeFeed();
  stripe.loadStripe.mockReset();
  stripe.createPaymentMethod.mockReset();
  stripe.handleNextAction.mockReset();
  me = await signedInAs(aUser({ email: 'ann@example.com', credits: 2, perCreditPrice: 60 }));
});

async function setMode(mode: 'sandbox' | 'stripe' | 'off') {
  const payments = { mode, publishableKey: mode === 'stripe' ? 'pk_test_123' : null };
  await cachePublicConfig({ payments });
  return payments;
}

/**
 * Types the card holder's name once the form takes input: its fields stay disabled while the
 * card form loads, and a key typed into a disabled field is lost.
 */
async function typeHolderName(user: ReturnType<typeof userEvent.setup>, name = 'Ann Lee') {
  const input = await screen.findByRole('textbox', { name: 'Card holder name' });
  // The test DOM does not count a disabled fieldset in :disabled; its attribute says it.
  await waitFor(() => expect(input.closest('fieldset[disabled]')).toBeNull());
  await user.type(input, name);
}

function open(state: unknown = FROM_ORDER) {
  renderPage(<CheckoutPage />, { route: '/checkout', at: '/checkout?package=10credits', state });
  return userEvent.setup();
}

/**
 * The server's change feed: a payment the server records is in it from then on; the page's
 * pull brings it to My Transactions (the feed is the payments' only writer,
 * docs/decisions/044-one-writer.md).
 */
let feed: FakeFeed;

/** The API of a checkout, its feed included. */
const server = () => mockApi().on('GET', '/sync', feed.answer);

function paid(tx: Partial<TransactionDto> = {}) {
  const transaction = aTransaction({ serialNo: 'SN-000042', credits: 10, amount: 662.4, ...tx });
  return () => {
    feed.put(transactionRow(transaction));
    return ok(
      { status: 'completed', transaction, user: { ...me, credits: 12 } },
      { message: 'Payment completed' },
    );
  };
}

describe('Checkout', () => {
  it('is only reached from Order Details', async () => {
    server();
    await setMode('sandbox');
    open(null);
    expect(await currentPath()).toBe('/buy-credits');
  });

  it('in test mode: the banner, the test cards and the total to pay', async () => {
    const payments = await setMode('sandbox');
    server().on('GET', '/public-config', ok({ payments }));
    open();
    expect(await screen.findByText('Test mode: no real charge')).toBeTruthy();
    const card = screen.getByRole('combobox', { name: 'Test card' }) as HTMLSelectElement;
    expect([...card.options].map((o) => o.textContent)).toEqual([
      'Visa •••• 4242 (succeeds)',
      'Visa •••• 0002 (declined)',
    ]);
    expect(screen.getByRole('button', { name: 'Pay £662.40' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Order summary' }).textContent).toContain(
      '8% package discount',
    );
    expect((screen.getByRole('radio', { name: /Google Pay/ }) as HTMLInputElement).disabled).toBe(true);
  });

  it("asks for the required fields before anything is sent: 'Please fill all required fields'", async () => {
    await setMode('sandbox');
    const api = server();
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'Pay £662.40' }));
    expect(await findToast('Please fill all required fields')).toBeTruthy();
    expect(api.calls('POST', '/payment/create-payment')).toHaveLength(0);
  });

  it('pays with a test card: one charge under an Idempotency-Key, new balance at once, then the dashboard', async () => {
    await setMode('sandbox');
    const api = server().on('POST', '/payment/create-payment', paid());
    const user = open();
    await typeHolderName(user);
    await user.click(screen.getByRole('button', { name: 'Pay £662.40' }));

    expect(await currentPath()).toBe('/dashboard');
    const [call] = api.calls('POST', '/payment/create-payment');
    expect(call?.body).toEqual({
      sourceId: 'pm_card_visa',
      amount: 662.4,
      email: 'ann@example.com',
      cardHolderName: 'Ann Lee',
      packageId: '10credits',
    });
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await findToast('Payment Successful')).toBeTruthy();
    expect((await getAuthUser())?.credits).toBe(12);
    expect((await localDb.transactions.toArray()).map((t) => t.serialNo)).toEqual(['SN-000042']);
  });

  it("a declined card: the server's message, the refusal on My Transactions, and a retry is a new purchase", async () => {
    await setMode('sandbox');
    const declined = aTransaction({
      serialNo: 'SN-000043',
      status: 'Failed',
      failureMessage: 'Card declined',
    });
    const api = server().on('POST', '/payment/create-payment', () => {
      feed.put(transactionRow(declined));
      return fail(402, 'Your card was declined.');
    });
    const user = open();
    await typeHolderName(user);
    await user.selectOptions(screen.getByLabelText('Test card'), 'pm_card_chargeDeclined');
    await user.click(screen.getByRole('button', { name: 'Pay £662.40' }));

    expect(await findToast('Your card was declined.')).toBeTruthy();
    await waitFor(async () => expect(await localDb.transactions.count()).toBe(1));
    expect(screen.getByRole('button', { name: 'Pay £662.40' })).toBeTruthy();

    api.on('POST', '/payment/create-payment', paid());
    await user.selectOptions(screen.getByLabelText('Test card'), 'pm_card_visa');
    await user.click(screen.getByRole('button', { name: 'Pay £662.40' }));
    expect(await currentPath()).toBe('/dashboard');
    const [first, second] = api.calls('POST', '/payment/create-payment');
    expect(first?.body).toMatchObject({ sourceId: 'pm_card_chargeDeclined' });
    expect(second?.body).toMatchObject({ sourceId: 'pm_card_visa' });
    expect(second?.headers.get('Idempotency-Key')).not.toBe(first?.headers.get('Idempotency-Key'));
  });

  it("after a failure without the server's envelope: 'Payment error', and the retry is the same payment", async () => {
    await setMode('sandbox');
    const api = server().on('POST', '/payment/create-payment', { status: 502, body: 'Bad gateway' });
    const user = open();
    await typeHolderName(user);
    await user.click(screen.getByRole('button', { name: 'Pay £662.40' }));
    expect(await findToast('Payment error')).toBeTruthy();

    api.on('POST', '/payment/create-payment', paid());
    await user.selectOptions(screen.getByLabelText('Test card'), 'pm_card_chargeDeclined');
    await user.click(screen.getByRole('button', { name: 'Pay £662.40' }));
    expect(await currentPath()).toBe('/dashboard');
    const [first, second] = api.calls('POST', '/payment/create-payment');
    // The outcome of the first is unknown: the same key and the very same body.
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
    expect(second?.body).toEqual(first?.body);
  });

  it('a payment still being confirmed goes to My Transactions as pending', async () => {
    await setMode('sandbox');
    const pending = aTransaction({ status: 'Pending' });
    server().on('POST', '/payment/create-payment', () => {
      feed.put(transactionRow(pending));
      return ok({ status: 'pending', transaction: pending, user: null });
    });
    const user = open();
    await typeHolderName(user);
    await user.click(screen.getByRole('button', { name: 'Pay £662.40' }));
    expect(await currentPath()).toBe('/transactions');
    expect(await findToast(/Your payment is being confirmed/)).toBeTruthy();
    expect((await localDb.transactions.toArray()).map((t) => t.status)).toEqual(['Pending']);
  });

  it('offline: says that paying needs a connection and the Pay button is off', async () => {
    await setMode('sandbox');
    server();
    setOnline(false);
    open();
    expect(
      await screen.findByText(/You are offline. Paying needs a connection; nothing is queued or charged/),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Pay £662.40' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("with Stripe: the card is tokenized with the holder's details and sent as the source", async () => {
    await setMode('stripe');
    stripe.loadStripe.mockResolvedValue(fakeStripe());
    stripe.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_from_element' } });
    const api = server().on('POST', '/payment/create-payment', paid());
    const user = open();
    // The card form first: a key typed while it mounts can be lost (a loaded run typed 'nn Lee').
    await waitFor(() => expect(screen.queryByText('Loading card form...')).toBeNull());
    await typeHolderName(user);
    await user.click(screen.getByRole('button', { name: 'Pay £662.40' }));

    expect(await currentPath()).toBe('/dashboard');
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'card',
        billing_details: { name: 'Ann Lee', email: 'ann@example.com' },
      }),
    );
    expect(api.calls('POST', '/payment/create-payment')[0]?.body).toMatchObject({
      sourceId: 'pm_from_element',
    });
  });

  it('with Stripe: a bank step (3-D Secure) runs in the browser, then the server confirms the payment', async () => {
    await setMode('stripe');
    stripe.loadStripe.mockResolvedValue(fakeStripe());
    stripe.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_3ds' } });
    stripe.handleNextAction.mockResolvedValue({});
    const pending = aTransaction({ _id: 'tx-3ds', status: 'Pending' });
    const api = server()
      .on(
        'POST',
        '/payment/create-payment',
        ok({ status: 'requires_action', transaction: pending, user: null, clientSecret: 'pi_secret' }),
      )
      .on(
        'POST',
        '/payment/confirm-payment',
        ok({ transaction: { ...pending, status: 'Completed' }, user: { ...me, credits: 12 } }),
      );
    const user = open();
    // The card form first: a key typed while it mounts can be lost (a loaded run typed 'nn Lee').
    await waitFor(() => expect(screen.queryByText('Loading card form...')).toBeNull());
    await typeHolderName(user);
    await user.click(screen.getByRole('button', { name: 'Pay £662.40' }));

    expect(await currentPath()).toBe('/dashboard');
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_secret' });
    expect(api.calls('POST', '/payment/confirm-payment')[0]?.body).toEqual({ paymentId: 'tx-3ds' });
    expect((await getAuthUser())?.credits).toBe(12);
  });

  it("with Stripe: a card the provider refuses shows the provider's words and sends nothing", async () => {
    await setMode('stripe');
    stripe.loadStripe.mockResolvedValue(fakeStripe());
    stripe.createPaymentMethod.mockResolvedValue({ error: { message: 'Your card number is incomplete.' } });
    const api = server();
    const user = open();
    // The card form first: a key typed while it mounts can be lost (a loaded run typed 'nn Lee').
    await waitFor(() => expect(screen.queryByText('Loading card form...')).toBeNull());
    await typeHolderName(user);
    await user.click(screen.getByRole('button', { name: 'Pay £662.40' }));
    expect(await findToast('Your card number is incomplete.')).toBeTruthy();
    expect(api.calls('POST', '/payment/create-payment')).toHaveLength(0);
  });

  it("with Stripe: a card form that cannot load says so and offers 'Try again'", async () => {
    await setMode('stripe');
    stripe.loadStripe.mockRejectedValueOnce(new Error('script blocked')).mockResolvedValue(fakeStripe());
    server();
    const user = open();
    const alert = await screen.findByText('Unable to load card form. Try again later', { selector: 'span' });
    expect(alert).toBeTruthy();
    expect(await findToast('Unable to load card form. Try again later')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull());
    expect(stripe.loadStripe).toHaveBeenCalledTimes(2);
  });

  it('with payments off: the card form is unavailable and Pay is refused in the browser', async () => {
    await setMode('off');
    const api = server();
    const user = open();
    expect(await findToast('Unable to load card form. Try again later')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Card holder name' }), 'Ann Lee');
    await user.click(screen.getByRole('button', { name: 'Pay £662.40' }));
    expect(await findToast('Card form is not ready')).toBeTruthy();
    expect(api.calls('POST', '/payment/create-payment')).toHaveLength(0);
  });
});
