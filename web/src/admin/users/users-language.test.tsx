// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../i18n';
import {
  auditEntry,
  ledgerEntry,
  personRef,
  ticketSummary,
  userDetail,
  userDto,
} from '../../test/admin-fixtures';
import { mockApi, ok } from '../../test/api-mock';
import { renderWithProviders, tableRows } from '../../test/render';
import { screen, within } from '../../test/rtl';
import UserPage from './user-page';

function openUserPage() {
  const api = mockApi();
  const user = userDto({ firstName: 'Ann', lastName: 'Lee', email: 'ann@x.com', credits: 7, country: 'GB' });
  const admin = userDto({ role: 'admin', firstName: 'Bob', lastName: 'Admin' });
  const detail = userDetail(user, {
    ledger: [ledgerEntry({ delta: -1, balanceAfter: 7, note: 'Wrong upload', actor: personRef(admin) })],
    tickets: [ticketSummary({ ticketNumber: 1234, make: 'Audi', model: 'A4' })],
    audit: [auditEntry({ action: 'user.role', before: { role: 'user' }, after: { role: 'admin' } })],
  });
  api.on('GET', '/admin/users/:userId', () => ok(detail));
  return renderWithProviders(<UserPage />, { route: `/users/${user._id}`, path: '/users/:userId' });
}

describe("a user's page in the reader's language", () => {
  it('speaks German, with German dates and money', async () => {
    await activateLocale('de');
    openUserPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Ann Lee' })).toBeTruthy();
    const profile = screen.getByRole('region', { name: 'Profil' });
    expect(within(profile).getByText('Aktiv')).toBeTruthy();
    expect(within(profile).getByText('Vereinigtes Königreich')).toBeTruthy();
    // Joined 2 Jan 2025 and a credit price of £60, as German writes them.
    expect(within(profile).getByText('02. Jan. 2025, 10:00')).toBeTruthy();
    expect(within(profile).getByText('60,00 £')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Credits' })).toBeTruthy();
    expect(tableRows('Credit-Konto von ann@x.com')[0]).toEqual(
      expect.arrayContaining(['-1', 'Von einem Admin angepasst', 'Bob Admin', 'Wrong upload']),
    );
    expect(screen.getByText('Rolle: user → admin')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ticket 1234 öffnen' })).toBeTruthy();
    expect(screen.getByText('Rolle geändert')).toBeTruthy();
  });

  it('speaks Arabic and keeps numbers and IDs as written', async () => {
    await activateLocale('ar');
    openUserPage();

    expect(await screen.findByRole('region', { name: 'الملف الشخصي' })).toBeTruthy();
    const ticket = screen.getByRole('link', { name: 'فتح التذكرة 1234' });
    expect(ticket.textContent).toBe('#1234');
    expect(ticket.getAttribute('href')).toBe('/ticket/1234');
    expect(screen.getByText('ann@x.com', { selector: 'a' })).toBeTruthy();
  });
});
