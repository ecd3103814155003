// @vitest-environment happy-dom

import { beforeEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../i18n';
import { localDb } from '../local/db';
import { mockApi, ok } from '../test/api-mock';
import { aCreditChange, aTransaction, aUser, renderPage, resetDevice, signedInAs } from '../test/customer';
import { screen, waitFor, within } from '../test/rtl';
import { fakeFeed } from '../test/sync-feed';
import BuyCreditsPage from './buy-credits-page';
import MyTransactionsPage from './my-transactions-page';

/** Buying credits and the payment history in the reader's language, with its dates and amounts. */

beforeEach(resetDevice);

function history() {
  return mockApi()
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
        ],
        { nextCursor: null },
      ),
    );
}

describe('credits in German', () => {
  it('Buy Credits speaks German with German amounts', async () => {
    await activateLocale('de');
    mockApi();
    await signedInAs(aUser({ perCreditPrice: 60 }));
    renderPage(<BuyCreditsPage />, { route: '/buy-credits' });
    expect(await screen.findByRole('heading', { name: 'Wählen Sie Ihr Paket' })).toBeTruthy();
    const plan = screen.getByTestId('plan-10credits');
    expect(within(plan).getByText('10 Credits')).toBeTruthy();
    expect(within(plan).getByText('8 % Rabatt')).toBeTruthy();
    // 10 credits at £60, 8% off, plus 20% VAT.
    expect(within(plan).getByText('662,40 £')).toBeTruthy();
    expect(
      within(plan).getByRole('button', { name: /^Auswählen 10 Credits|10 Credits auswählen/ }),
    ).toBeTruthy();
  });

  it('My Transactions: German headings, dates and reasons; the serial number as written', async () => {
    await activateLocale('de');
    history();
    await localDb.transactions.put(
      aTransaction({ serialNo: 'SN-000001', status: 'Completed', createdAt: '2025-01-05T10:00:00Z' }),
    );
    renderPage(<MyTransactionsPage />, { route: '/transactions' });
    expect(await screen.findByRole('heading', { name: 'Meine Transaktionen' })).toBeTruthy();
    const row = await screen.findByTestId('transaction-row');
    expect(row.textContent).toContain('SN-000001');
    expect(row.textContent).toContain('Abgeschlossen');
    expect(row.textContent).toContain('05. Jan. 2025, 10:00');
    expect(within(row).getByRole('link', { name: 'Rechnung SN-000001 herunterladen' })).toBeTruthy();
    const table = screen.getByRole('table', {
      name: 'Jede Änderung Ihres Credit-Guthabens, neueste zuerst',
    });
    await waitFor(() => expect(within(table).getByText('Download von Ticket #100123')).toBeTruthy());
  });
});

describe('credits in Arabic', () => {
  it('keeps the serial number and the ticket number as written', async () => {
    await activateLocale('ar');
    history();
    await localDb.transactions.put(aTransaction({ serialNo: 'SN-000001', status: 'Completed' }));
    renderPage(<MyTransactionsPage />, { route: '/transactions' });
    const row = await screen.findByTestId('transaction-row');
    expect(within(row).getByText('SN-000001')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('تنزيل التذكرة #100123')).toBeTruthy());
  });
});
