// @vitest-environment happy-dom
import type { AssigneesDto } from '@ecu/shared';
import { describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../../i18n';
import { ticketDto } from '../../test/admin-fixtures';
import { mockApi, ok } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { render, screen, within } from '../../test/rtl';
import { DtcChecklist } from '../dtc/dtc-checklist';
import { OverdueBadge } from '../escalation';
import { overdueSpoken } from '../escalation/overdue-format';
import { AssigneeLoad } from './assignee-load';
import { AssignmentPanel } from './assignment-panel';

const staff: AssigneesDto = {
  assignees: [
    { id: 'e1', name: 'Jane Engineer', role: 'engineer', openTickets: 3 },
    { id: 'a1', name: 'Ada Admin', role: 'admin', openTickets: 1 },
  ],
  openTicketLimit: 5,
};

function desk() {
  const api = mockApi();
  api.on('GET', '/admin/tickets/assignees', ok(staff));
  const ticket = ticketDto({
    ticketNumber: 100200,
    assignee: { _id: 'e1', name: 'Jane Engineer' },
    dtcCodes: [
      { code: 'P0401', removed: true },
      { code: 'P2002', removed: false },
    ],
  });
  renderWithProviders(
    <>
      <AssignmentPanel ticket={ticket} me={{ _id: 'a1', role: 'admin' }} online onChanged={() => {}} />
      <AssigneeLoad />
      <DtcChecklist ticket={ticket} online onChanged={() => {}} />
    </>,
  );
}

describe('the desk’s assignment, fault codes and Overdue flag in another language', () => {
  it('speak German', async () => {
    await activateLocale('de');
    desk();
    expect(screen.getByRole('heading', { name: 'Zuständig' })).toBeTruthy();
    expect(screen.getByTestId('assignee').textContent).toBe('Zugewiesen an Jane Engineer');
    expect(screen.getByRole('button', { name: 'Zuweisung von Ticket 100200 aufheben' })).toBeTruthy();
    expect(await screen.findByRole('option', { name: 'Jane Engineer (Techniker, 3 offen)' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Offene Tickets pro Person' })).toBeTruthy();
    expect(screen.getByText('3 von 5')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Fehlercodes' })).toBeTruthy();
    expect(screen.getByText('1 von 2 entfernt')).toBeTruthy();

    render(<OverdueBadge minutes={65} />);
    const badge = screen.getByTestId('overdue-badge');
    expect(within(badge).getByText('Überfällig 1 Std. 5 Min.').getAttribute('aria-hidden')).toBe('true');
    expect(within(badge).getByText('Überfällig um 1 Stunde 5 Minuten Arbeitszeit').className).toBe('sr-only');
  });

  it('count with each language’s plural forms', async () => {
    await activateLocale('pl');
    expect(overdueSpoken(2 * 60 + 5, i18n)).toBe('2 godziny 5 minut');
    expect(overdueSpoken(22, i18n)).toBe('22 minuty');
    await activateLocale('ar');
    expect(overdueSpoken(3 * 60 + 11, i18n)).toBe('3 ساعات 11 دقيقة');
  });

  it('in Arabic keep the ticket number and the counts as written', async () => {
    await activateLocale('ar');
    desk();
    expect(screen.getByRole('button', { name: 'إلغاء إسناد التذكرة 100200' })).toBeTruthy();
    expect(await screen.findByText('3 من 5')).toBeTruthy();
    expect(screen.getByText('P0401')).toBeTruthy();
  });
});
