// @vitest-environment happy-dom

import { describe, expect, it } from 'vitest';
import { activateLocale } from '../i18n';
import { transactionDto } from '../test/admin-fixtures';
import { mockApi, ok } from '../test/api-mock';
import { renderWithProviders, tableRows } from '../test/render';
import { screen } from '../test/rtl';
import AdminTransactionsPage from './transactions-page';

const payer = { _id: 'u9', firstName: 'Ola', lastName: 'Nor', email: 'ola@x.com' };

function answerPayments() {
  const api = mockApi();
  api.on(
    'GET',
    '/admin/getAllTransactionHistory',
    ok(
      [
        transactionDto({
          serialNo: 'SN-000007',
          userId: payer,
          credits: 1250,
          amount: 1500,
          invoiceUrl: '/api/inv/7',
        }),
        transactionDto({ serialNo: 'SN-000006', status: 'Failed', invoiceUrl: null, userId: undefined }),
      ],
      { nextCursor: null },
    ),
  );
  return api;
}

describe("the admin desk's lists in the reader's language", () => {
  it('German: headings, words, badges, plural footer, amounts and dates the German way', async () => {
    await activateLocale('de');
    answerPayments();
    renderWithProviders(<AdminTransactionsPage />);

    expect(await screen.findByText('SN-000007')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Transaktionen' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Transaktionen suchen' })).toBeTruthy();
    const [paid, failed] = tableRows('Zahlungen aller Benutzer');
    expect(paid).toEqual(
      expect.arrayContaining(['SN-000007', '1.250 CRD', '1.500,00\u00a0£', 'Abgeschlossen']),
    );
    expect(paid?.some((cell) => cell === '03. Feb. 2025, 09:30')).toBe(true);
    expect(failed).toEqual(expect.arrayContaining(['SN-000006', 'Fehlgeschlagen']));
    expect(failed?.[1]).toBe('Kein NameUnbekannter Benutzer');
    expect(screen.getByRole('link', { name: 'Rechnung für SN-000007 herunterladen' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nachweis-PDF für SN-000007 herunterladen' })).toBeTruthy();
    expect(screen.getByText('2 Transaktionen angezeigt')).toBeTruthy();
  });

  it('Arabic: the words change, serial numbers and e-mail addresses stay as written', async () => {
    await activateLocale('ar');
    answerPayments();
    renderWithProviders(<AdminTransactionsPage />);

    expect(await screen.findByText('SN-000007')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'المعاملات' })).toBeTruthy();
    const [paid] = tableRows('مدفوعات كل المستخدمين');
    expect(paid?.[0]).toBe('SN-000007');
    expect(paid?.[1]).toContain('ola@x.com');
    expect(screen.getByRole('link', { name: 'تنزيل الفاتورة لـ SN-000007' })).toBeTruthy();
    expect(screen.getByText('عرض معاملتين')).toBeTruthy();
  });
});
