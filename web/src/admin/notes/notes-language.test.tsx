// @vitest-environment happy-dom
import type { InternalNoteDto } from '@ecu/shared';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../i18n';
import { ticketDto } from '../../test/admin-fixtures';
import { mockApi, ok } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { screen, within } from '../../test/rtl';
import AdminTicketPage from '../ticket-page';

const note = (id: string, text: string): InternalNoteDto => ({
  id,
  text,
  author: 'Eve Engineer',
  createdAt: '2026-12-01T10:00:00.000Z',
});

function openTicket() {
  const api = mockApi();
  const ticket = ticketDto({ ticketNumber: 100800, status: 'In Progress' });
  api.on('GET', '/admin/getTicketDetails/:n', ok(ticket, { message: 'Ticket details' }));
  api.on('GET', '/admin/solutions/matches/:n', ok(null));
  api.on(
    'GET',
    '/admin/tickets/notes',
    ok({
      ticketNumber: 100800,
      softwareNumber: '1037541778',
      ticketNotes: [note('a', 'Customer also has a stage 2 TCU')],
      softwareNotes: [],
    }),
  );
  return renderWithProviders(<AdminTicketPage />, { route: '/ticket/100800', path: '/ticket/:ticketNumber' });
}

describe("the ticket page's internal notes and file status in the reader's language", () => {
  it('German: the notes panel, its German date and the File Status card', async () => {
    await activateLocale('de');
    openTicket();
    const region = await screen.findByRole('region', { name: 'Interne Notizen' });
    expect(within(region).getByText('Intern')).toBeTruthy();
    expect(within(region).getByText('Nur für Mitarbeitende: Der Kunde sieht diese nie.')).toBeTruthy();
    expect(await within(region).findByText('Customer also has a stage 2 TCU')).toBeTruthy();
    expect(within(region).getByText('01. Dez. 2026, 10:00')).toBeTruthy();
    expect(within(region).getByText('Noch keine Notizen zu dieser Software.')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Notiz hinzufügen' })).toBeTruthy();

    const status = screen.getByRole('region', { name: 'Dateistatus' });
    const select = within(status).getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    expect(select.value).toBe('In Progress');
    expect(within(select).getByRole('option', { name: 'Fehlgeschlagen' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Navigationspfad' }).textContent).toContain(
      'Ticket #100800',
    );
  });

  it('Arabic: the software number stays as written', async () => {
    await activateLocale('ar');
    openTicket();
    const region = await screen.findByRole('region', { name: 'ملاحظات داخلية' });
    expect(await within(region).findByText('على البرنامج 1037541778')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'مسار التنقل' }).textContent).toContain('#100800');
  });
});
