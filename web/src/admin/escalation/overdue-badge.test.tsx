// @vitest-environment happy-dom
import type { ChatInboxRow } from '@ecu/shared/chat/payload';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { ticketDto } from '../../test/admin-fixtures';
import { mockApi, ok } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { render, screen, within } from '../../test/rtl';
import EcuFilesPage from '../ecu-files-page';
import InboxPage from '../inbox/inbox-page';
import { OverdueBadge } from './overdue-badge';
import { overdueShort, overdueSpoken } from './overdue-format';

describe('overdue times', () => {
  it.each<[number, string, string]>([
    [1, '1 min', '1 minute'],
    [45, '45 min', '45 minutes'],
    [60, '1 h', '1 hour'],
    [65, '1 h 5 min', '1 hour 5 minutes'],
    [121, '2 h 1 min', '2 hours 1 minute'],
  ])('%i minutes: %s, said as %s', (minutes, short, spoken) => {
    expect(overdueShort(minutes, i18n)).toBe(short);
    expect(overdueSpoken(minutes, i18n)).toBe(spoken);
  });
});

describe('the Overdue badge', () => {
  it('says Overdue and by how much, in words for screen readers', () => {
    render(<OverdueBadge minutes={65} />);
    const badge = screen.getByTestId('overdue-badge');
    expect(badge.textContent).toContain('Overdue 1 h 5 min');
    expect(within(badge).getByText('Overdue by 1 hour 5 minutes of working time').className).toBe('sr-only');
    // The short text is for the eye only, so a screen reader does not hear it twice.
    expect(within(badge).getByText('Overdue 1 h 5 min').getAttribute('aria-hidden')).toBe('true');
    // Text and a border, not colour alone.
    expect(badge.className).toContain('badge-overdue');
  });

  it.each([null, undefined, 0])('is not shown for %s', (minutes) => {
    render(<OverdueBadge minutes={minutes} />);
    expect(screen.queryByTestId('overdue-badge')).toBeNull();
  });
});

function inboxRow(ticketNumber: number, overdue: number | null): ChatInboxRow {
  return {
    ticketId: `t-${ticketNumber}`,
    ticketNumber,
    customer: { id: 'c1', firstName: 'Cat', lastName: 'Kim', email: 'cat@x.com' },
    vehicle: 'Audi A4 2017',
    unreadCount: 1,
    waitingSince: '2025-03-01T09:00:00.000Z',
    lastMessage: 'Any news on my file?',
    overdue,
  };
}

describe('overdue rows on the desk', () => {
  it('the ECU Files queue flags only the overdue ticket', async () => {
    const api = mockApi();
    api.on(
      'GET',
      '/admin/getAllEcuFiles',
      ok(
        [
          ticketDto({ ticketNumber: 100501, overdue: 45 }),
          ticketDto({ ticketNumber: 100500, overdue: null }),
        ],
        {
          message: 'ECU files',
          nextCursor: null,
        },
      ),
    );
    renderWithProviders(<EcuFilesPage />);
    await screen.findByRole('link', { name: 'Open ticket 100501' });
    const rows = screen.getAllByTestId('ecu-file-row');
    expect(within(rows[0]!).getByText('Overdue by 45 minutes of working time')).toBeTruthy();
    expect(within(rows[0]!).getByText('Pending')).toBeTruthy();
    expect(within(rows[1]!).queryByTestId('overdue-badge')).toBeNull();
  });

  it('the Inbox flags only the overdue conversation', async () => {
    const api = mockApi();
    api.on('GET', '/admin/chat-inbox', ok({ rows: [inboxRow(100601, 20), inboxRow(100602, null)] }));
    api.on('GET', '/admin/chat-inbox/count', ok({ count: 2 }));
    renderWithProviders(<InboxPage />);
    await screen.findByRole('link', { name: 'Open ticket 100601' });
    const rows = screen.getAllByTestId('inbox-row');
    expect(within(rows[0]!).getByText('Overdue by 20 minutes of working time')).toBeTruthy();
    expect(within(rows[1]!).queryByTestId('overdue-badge')).toBeNull();
  });
});
