// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../i18n';
import { mockApi, ok } from '../../test/api-mock';
import { renderWithProviders, tableRows } from '../../test/render';
import { screen } from '../../test/rtl';
import InboxPage from './inbox-page';

function answerInbox() {
  const api = mockApi();
  api.on(
    'GET',
    '/admin/chat-inbox',
    ok({
      rows: [
        {
          ticketId: 't-100801',
          ticketNumber: 100801,
          customer: { id: 'c1', firstName: 'Cat', lastName: 'Kim', email: 'cat@x.com' },
          vehicle: '',
          unreadCount: 3,
          waitingSince: '2025-03-01T09:00:00.000Z',
          lastMessage: 'Any news on my file?',
        },
      ],
    }),
  );
  api.on('GET', '/admin/chat-inbox/count', ok({ count: 1 }));
  api.on('GET', '/admin/canned-replies', ok([]));
}

describe("the support inbox in the reader's language", () => {
  it('German: headings, plural unread count, unknown vehicle and a German date', async () => {
    await activateLocale('de');
    answerInbox();
    renderWithProviders(<InboxPage />);
    expect(await screen.findByRole('link', { name: 'Ticket 100801 öffnen' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Posteingang' })).toBeTruthy();
    const [row] = tableRows('Tickets, die auf den Support warten');
    expect(row).toEqual(
      expect.arrayContaining(['#100801', 'Unbekanntes Fahrzeug', '3 Nachrichten', '01. März 2025, 09:00']),
    );
    expect(await screen.findByText('Noch keine Textbausteine.')).toBeTruthy();
  });

  it('Arabic: the ticket number and the address stay as written', async () => {
    await activateLocale('ar');
    answerInbox();
    renderWithProviders(<InboxPage />);
    expect(await screen.findByRole('link', { name: 'فتح التذكرة 100801' })).toBeTruthy();
    const [row] = tableRows('تذاكر بانتظار الدعم');
    expect(row?.[0]).toBe('#100801');
    expect(row?.[1]).toContain('cat@x.com');
    expect(row).toEqual(expect.arrayContaining(['3 رسائل']));
  });
});
