// @vitest-environment happy-dom

import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { localDb } from '../local/db';
import { deferred, fail, mockApi, ok, setOnline } from '../test/api-mock';
import { aCreditChange, aTransaction, findToast, renderPage, resetDevice } from '../test/customer';
import { screen, waitFor, within } from '../test/rtl';
import { fakeFeed, transactionRow } from '../test/sync-feed';
import MyTransactionsPage from './my-transactions-page';

/** My Transactions: payments from the device, and the credit history below (docs/decisions/037-credit-history.md). */

beforeEach(resetDevice);

const open = () => renderPage(<MyTransactionsPage />, { route: '/transactions' });

function paymentRows(): string[][] {
  return screen
    .queryAllByTestId('transaction-row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? ''));
}

const historyTable = () =>
  screen.getByRole('table', { name: 'Every change of your credit balance, newest first' });

describe('My Transactions', () => {
  it('lists the payments newest first; Completed has its invoice, Failed and anything else do not', async () => {
    await localDb.transactions.bulkPut([
      aTransaction({
        _id: 'a',
        serialNo: 'SN-000001',
        createdAt: '2025-01-05T10:00:00Z',
        credits: 1,
        amount: 72,
      }),
      aTransaction({
        _id: 'b',
        serialNo: 'SN-000002',
        createdAt: '2025-01-06T10:00:00Z',
        status: 'Failed',
        failureMessage: 'Card declined',
      }),
    ]);
    const server = aTransaction({
      _id: 'c',
      serialNo: 'SN-000003',
      createdAt: '2025-01-07T10:00:00Z',
      status: 'Processing' as 'Pending',
      credits: 25,
      amount: 1584,
    });
    const api = mockApi()
      .on('GET', '/sync', fakeFeed(transactionRow(server)).answer)
      .on('GET', '/payment/credit-history', ok([], { nextCursor: null }));
    open();

    await waitFor(() => expect(paymentRows()).toHaveLength(3));
    const rows = paymentRows();
    expect(rows.map((r) => r[0])).toEqual(['SN-000003', 'SN-000002', 'SN-000001']);
    expect(rows[0]?.slice(1, 4)).toEqual(['25 CRD', '£1,584.00', 'Pending']);
    expect(rows[1]?.[3]).toBe('Failed');
    expect(rows[1]?.[5]).toBe('—');
    const invoice = screen.getByRole('link', { name: 'Download invoice SN-000001' });
    expect(invoice.getAttribute('href')).toBe('/api/payment/invoice/a');
    expect(screen.getAllByRole('link', { name: /Download invoice/ })).toHaveLength(1);
    // The rows come through the feed, the payments' only writer (docs/decisions/044-one-writer.md).
    expect(api.calls('GET', '/sync')).toHaveLength(1);
    expect(api.calls('GET', '/payment/payment-history')).toHaveLength(0);
  });

  it('searches by serial number', async () => {
    await localDb.transactions.bulkPut([
      aTransaction({ _id: 'a', serialNo: 'SN-000010' }),
      aTransaction({ _id: 'b', serialNo: 'SN-000021' }),
    ]);
    mockApi()
      .on('GET', '/sync', fakeFeed().answer)
      .on('GET', '/payment/credit-history', ok([], { nextCursor: null }));
    open();
    await waitFor(() => expect(paymentRows()).toHaveLength(2));
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search by serial number' }), 'sn-00002');
    expect(paymentRows().map((r) => r[0])).toEqual(['SN-000021']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search by serial number' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by serial number' }), '999');
    expect(screen.getByText('No transactions found.')).toBeTruthy();
  });

  it('offline: shows what the device has, invoices say online only, and the history waits', async () => {
    setOnline(false);
    await localDb.transactions.put(aTransaction({ serialNo: 'SN-000007' }));
    const api = mockApi();
    open();
    await waitFor(() => expect(paymentRows()).toHaveLength(1));
    expect(paymentRows()[0]?.[5]).toBe('Online only');
    expect(screen.getByText('Credit history loads when you are online.')).toBeTruthy();
    expect(api.calls()).toHaveLength(0);
  });

  it('says when the payment history could not be loaded, and keeps the stored rows', async () => {
    await localDb.transactions.put(aTransaction({ serialNo: 'SN-000008' }));
    mockApi()
      .on('GET', '/sync', fail(500, 'Database unavailable'))
      .on('GET', '/payment/credit-history', ok([], { nextCursor: null }));
    open();
    expect(await findToast('Failed to load payment history')).toBeTruthy();
    await waitFor(() => expect(paymentRows().map((r) => r[0])).toEqual(['SN-000008']));
  });
});

describe('Credit history', () => {
  it('shows each change signed, the balance after, and links a ticket', async () => {
    mockApi()
      .on('GET', '/sync', fakeFeed().answer)
      .on(
        'GET',
        '/payment/credit-history',
        ok(
          [
            aCreditChange({
              id: 3,
              kind: 'download_charge',
              reason: 'Download of ticket #100123',
              amount: -2,
              balanceAfter: 8,
              ticketNumber: 100123,
            }),
            aCreditChange({
              id: 2,
              kind: 'purchase',
              reason: 'Purchase SN-000001',
              amount: 10,
              balanceAfter: 10,
            }),
          ],
          { nextCursor: null },
        ),
      );
    open();
    const table = historyTable();
    await waitFor(() => expect(within(table).getAllByTestId('credit-history-row')).toHaveLength(2));
    const rows = within(table)
      .getAllByTestId('credit-history-row')
      .map((row) => [...row.querySelectorAll('td')].slice(1).map((c) => c.textContent));
    expect(rows).toEqual([
      ['Download of ticket #100123', '-2', '8 CRD'],
      ['Purchase SN-000001', '+10', '10 CRD'],
    ]);
    expect(within(table).getByRole('link', { name: 'Download of ticket #100123' }).getAttribute('href')).toBe(
      '/ticket-details/100123',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("pages with 'Load more', each entry once even when pages overlap", async () => {
    const older = deferred();
    const api = mockApi()
      .on('GET', '/sync', fakeFeed().answer)
      .on('GET', '/payment/credit-history', (req) =>
        req.query.get('cursor') === 'page-2'
          ? older.promise
          : ok([aCreditChange({ id: 9, reason: 'Refund for ticket #100200', amount: 1, balanceAfter: 5 })], {
              nextCursor: 'page-2',
            }),
      );
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(((await screen.findByRole('button', { name: 'Loading...' })) as HTMLButtonElement).disabled).toBe(
      true,
    );
    older.resolve(
      ok(
        [
          aCreditChange({ id: 9, reason: 'Refund for ticket #100200', amount: 1, balanceAfter: 5 }),
          aCreditChange({ id: 4, reason: 'Adjustment by support', amount: -1, balanceAfter: 4 }),
        ],
        { nextCursor: null },
      ),
    );
    await waitFor(() => expect(within(historyTable()).getAllByTestId('credit-history-row')).toHaveLength(2));
    expect(api.calls('GET', '/payment/credit-history').map((c) => c.query.get('limit'))).toEqual([
      '20',
      '20',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("says when there is nothing yet, and shows the server's reason when it fails", async () => {
    mockApi()
      .on('GET', '/sync', fakeFeed().answer)
      .on('GET', '/payment/credit-history', fail(403, 'Please verify your email first'));
    open();
    expect(await findToast('Please verify your email first')).toBeTruthy();
  });

  it('an empty ledger reads as such', async () => {
    mockApi()
      .on('GET', '/sync', fakeFeed().answer)
      .on('GET', '/payment/credit-history', ok([], { nextCursor: null }));
    open();
    expect(await screen.findByText('No credit changes yet.')).toBeTruthy();
  });
});
