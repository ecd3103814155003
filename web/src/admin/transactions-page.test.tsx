// @vitest-environment happy-dom

import { describe, expect, it } from 'vitest';
import { transactionDto } from '../test/admin-fixtures';
import { fail, mockApi, ok, setOnline } from '../test/api-mock';
import { findToast, renderWithProviders, tableRows } from '../test/render';
import { act, screen, within } from '../test/rtl';
import { InvoiceCell, PaymentStatusBadge } from './payment-parts';
import AdminTransactionsPage from './transactions-page';

const payer = { _id: 'u9', firstName: 'Ola', lastName: 'Nor', email: 'ola@x.com' };

describe('the transactions desk', () => {
  it("shows every user's payments with payer, credits, amount, status and invoice", async () => {
    const api = mockApi();
    api.on(
      'GET',
      '/admin/getAllTransactionHistory',
      ok(
        [
          transactionDto({
            serialNo: 'SN-000007',
            userId: payer,
            credits: 25,
            amount: 1500,
            invoiceUrl: '/api/inv/7',
          }),
          transactionDto({ serialNo: 'SN-000006', status: 'Failed', invoiceUrl: null, userId: undefined }),
        ],
        { message: 'Transactions', nextCursor: null },
      ),
    );
    renderWithProviders(<AdminTransactionsPage />);

    expect(await screen.findByText('SN-000007')).toBeTruthy();
    const [paid, failed] = tableRows('Payments of every user');
    expect(paid).toEqual(expect.arrayContaining(['SN-000007', '25 CRD', '£1,500.00', 'Completed']));
    expect(paid?.[1]).toContain('Ola Nor');
    expect(paid?.[1]).toContain('ola@x.com');
    expect(failed).toEqual(expect.arrayContaining(['SN-000006', 'Failed']));
    expect(failed?.[1]).toBe('No nameUnknown user');
    expect(
      screen.getByRole('link', { name: 'Download the invoice for SN-000007' }).getAttribute('href'),
    ).toBe('/api/inv/7');
    expect(screen.queryByRole('link', { name: 'Download the invoice for SN-000006' })).toBeNull();
  });

  it("gives every payment row an 'Evidence PDF' link to its chargeback evidence, failed ones too", async () => {
    const api = mockApi();
    api.on(
      'GET',
      '/admin/getAllTransactionHistory',
      ok(
        [
          transactionDto({ _id: 'pay-7', serialNo: 'SN-000007', userId: payer }),
          transactionDto({ _id: 'pay-6', serialNo: 'SN-000006', status: 'Failed', invoiceUrl: null }),
        ],
        { nextCursor: null },
      ),
    );
    renderWithProviders(<AdminTransactionsPage />);

    const paid = await screen.findByRole('link', { name: 'Download the evidence PDF for SN-000007' });
    expect(paid.getAttribute('href')).toBe('/api/admin/payments/pay-7/evidence.pdf');
    expect(paid.hasAttribute('download')).toBe(true);
    expect(paid.textContent).toBe('Evidence PDF');
    expect(
      screen.getByRole('link', { name: 'Download the evidence PDF for SN-000006' }).getAttribute('href'),
    ).toBe('/api/admin/payments/pay-6/evidence.pdf');
    expect(screen.getByRole('columnheader', { name: 'Evidence' })).toBeTruthy();
  });

  it('pages on by the serial-number cursor and searches with q', async () => {
    const api = mockApi();
    api.on('GET', '/admin/getAllTransactionHistory', ({ query }) => {
      if (query.get('q') === 'ola')
        return ok([transactionDto({ serialNo: 'SN-000100', userId: payer })], { nextCursor: null });
      if (query.get('cursor') === '5')
        return ok([transactionDto({ serialNo: 'SN-000004' })], { nextCursor: null });
      return ok([transactionDto({ serialNo: 'SN-000005' })], { nextCursor: '5' });
    });
    const { user } = renderWithProviders(<AdminTransactionsPage />);

    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('SN-000004')).toBeTruthy();
    expect(screen.getByText('Showing 2 transactions')).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Search transactions' }), 'ola');
    expect(await screen.findByText('SN-000100')).toBeTruthy();
    expect(screen.queryByText('SN-000005')).toBeNull();
    expect(screen.getByText('Showing 1 transaction')).toBeTruthy();
    const last = api.calls('GET', '/admin/getAllTransactionHistory').at(-1);
    expect(last?.query.get('q')).toBe('ola');
    expect(last?.query.get('cursor')).toBeNull();
  });

  it('remembers the search text when the desk opens again', async () => {
    const api = mockApi();
    api.on('GET', '/admin/getAllTransactionHistory', ok([], { nextCursor: null }));
    const first = renderWithProviders(<AdminTransactionsPage />);
    await first.user.type(screen.getByRole('searchbox', { name: 'Search transactions' }), 'SN-1');
    expect(await screen.findByText('No transactions found.')).toBeTruthy();
    first.unmount();

    renderWithProviders(<AdminTransactionsPage />, { queryClient: first.queryClient });
    expect(screen.getByRole('searchbox', { name: 'Search transactions' })).toHaveProperty('value', 'SN-1');
  });

  it("toasts the server's message when the list fails", async () => {
    const api = mockApi();
    api.on('GET', '/admin/getAllTransactionHistory', fail(403, 'Admins only', { code: 'not_admin' }));
    renderWithProviders(<AdminTransactionsPage />);
    expect(await findToast('Admins only')).toBeTruthy();
    expect(within(screen.getByRole('table')).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('uses its own words when the answer is not the API envelope', async () => {
    const api = mockApi();
    api.on(
      'GET',
      '/admin/getAllTransactionHistory',
      new Response('<html>Bad gateway</html>', { status: 502 }),
    );
    renderWithProviders(<AdminTransactionsPage />);
    expect(await findToast('Failed to load transactions')).toBeTruthy();
  });

  it('offline, narrows the loaded rows by the search text instead of asking', async () => {
    const api = mockApi();
    api.on(
      'GET',
      '/admin/getAllTransactionHistory',
      ok(
        [
          transactionDto({ serialNo: 'SN-000001', userId: payer }),
          transactionDto({
            serialNo: 'SN-000002',
            userId: { ...payer, email: 'zed@x.com', firstName: 'Zed' },
          }),
        ],
        { nextCursor: 'more' },
      ),
    );
    const { user } = renderWithProviders(<AdminTransactionsPage />);
    await screen.findByText('SN-000002');
    act(() => setOnline(false));
    expect(screen.getByRole('button', { name: 'Load more' })).toHaveProperty('disabled', true);
    await user.type(screen.getByRole('searchbox', { name: 'Search transactions' }), 'zed');

    expect(await screen.findByText('Showing 1 transaction')).toBeTruthy();
    expect(screen.queryByText('SN-000001')).toBeNull();
    // Nothing more can load for a search the server has not answered.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.calls('GET', '/admin/getAllTransactionHistory')).toHaveLength(1);
    // The invoice cannot download offline, and says so.
    expect(screen.queryByRole('link', { name: /Download the invoice/ })).toBeNull();
    expect(screen.getByTitle('Invoices download when you are back online')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Download the evidence PDF/ })).toBeNull();
    expect(screen.getByTitle('Evidence downloads when you are back online')).toBeTruthy();
  });
});

describe('payment parts', () => {
  it('reads any status but Completed and Failed as Pending', async () => {
    const { container } = renderWithProviders(
      <>
        <PaymentStatusBadge status="Completed" />
        <PaymentStatusBadge status="Failed" />
        <PaymentStatusBadge status="requires_action" />
      </>,
    );
    expect(Array.from(container.querySelectorAll('.badge')).map((b) => b.textContent)).toEqual([
      'Completed',
      'Failed',
      'Pending',
    ]);
  });

  it('offers no invoice for a completed payment without one', () => {
    renderWithProviders(<InvoiceCell tx={transactionDto({ invoiceUrl: null })} online />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByTitle('Invoices exist for completed payments').textContent).toBe('—');
  });
});
