// @vitest-environment happy-dom
import type { ChatInboxRow } from '@ecu/shared/chat/payload';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, setOnline } from '../../test/api-mock';
import { renderWithProviders, tableRows } from '../../test/render';
import { act, screen, waitFor } from '../../test/rtl';
import { InboxBadge } from './inbox-badge';
import InboxPage from './inbox-page';

function inboxRow(over: Partial<ChatInboxRow> = {}): ChatInboxRow {
  return {
    ticketId: `t-${over.ticketNumber ?? 100800}`,
    ticketNumber: 100800,
    customer: { id: 'c1', firstName: 'Cat', lastName: 'Kim', email: 'cat@x.com' },
    vehicle: 'Audi A4 2017',
    unreadCount: 2,
    waitingSince: '2025-03-01T09:00:00.000Z',
    lastMessage: 'Any news on my file?',
    ...over,
  };
}

describe('the support inbox', () => {
  it('lists the tickets waiting for support, with unread counts and a preview', async () => {
    const api = mockApi();
    const long = `${'word '.repeat(30)}end`;
    api.on(
      'GET',
      '/admin/chat-inbox',
      ok({
        rows: [
          inboxRow({ ticketNumber: 100801, unreadCount: 1 }),
          inboxRow({
            ticketNumber: 100802,
            vehicle: '',
            customer: { id: 'c2', firstName: '', lastName: '', email: 'x@y.z' },
            lastMessage: long,
          }),
        ],
      }),
    );
    api.on('GET', '/admin/chat-inbox/count', ok({ count: 2 }));
    renderWithProviders(<InboxPage />);

    expect((await screen.findByRole('link', { name: 'Open ticket 100801' })).getAttribute('href')).toBe(
      '/ticket/100801',
    );
    const [first, second] = tableRows('Tickets waiting for support');
    expect(first).toEqual(
      expect.arrayContaining([
        '#100801',
        'Cat Kimcat@x.com',
        'Audi A4 2017',
        '1 message',
        'Any news on my file?',
      ]),
    );
    expect(second).toEqual(expect.arrayContaining(['No namex@y.z', 'Unknown vehicle', '2 messages']));
    expect(second?.[5]?.endsWith('…')).toBe(true);
    expect(screen.getByTitle(long)).toBeTruthy();
  });

  it('says when nobody waits, and refreshes the sidebar count after loading', async () => {
    const api = mockApi();
    api.on('GET', '/admin/chat-inbox', ok({ rows: [] }));
    api.on('GET', '/admin/chat-inbox/count', ok({ count: 0 }));
    renderWithProviders(
      <>
        <InboxBadge />
        <InboxPage />
      </>,
    );
    expect(await screen.findByText('No customer messages waiting.')).toBeTruthy();
    await waitFor(() => expect(api.calls('GET', '/admin/chat-inbox/count').length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByTestId('inbox-badge')).toBeNull();
  });

  it('shows a failed load with a way to try again', async () => {
    const api = mockApi();
    api.on('GET', '/admin/chat-inbox', fail(500, 'Chat store unavailable'));
    api.on('GET', '/admin/canned-replies', ok([]));
    const view = renderWithProviders(<InboxPage />);
    expect(await screen.findByText('Chat store unavailable')).toBeTruthy();

    api.on('GET', '/admin/chat-inbox', ok({ rows: [inboxRow()] }));
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Open ticket 100800' })).toBeTruthy();
  });

  it('offline, shows the last loaded copy and says so', async () => {
    const api = mockApi();
    api.on('GET', '/admin/chat-inbox', ok({ rows: [inboxRow()] }));
    renderWithProviders(<InboxPage />);
    await screen.findByRole('link', { name: 'Open ticket 100800' });
    act(() => setOnline(false));
    expect(await screen.findByText('Offline: showing the last loaded data')).toBeTruthy();
    expect(screen.getByText('Offline copy')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open ticket 100800' })).toBeTruthy();
  });

  it('offline before the first load, says it has nothing yet', async () => {
    setOnline(false);
    const api = mockApi();
    renderWithProviders(<InboxPage />);
    expect(
      await screen.findByText('You are offline, and the inbox has not been loaded on this device yet.'),
    ).toBeTruthy();
    expect(api.calls()).toHaveLength(0);
  });
});

describe('the inbox badge', () => {
  it.each([
    [1, '1', '(1 ticket waiting)'],
    [7, '7', '(7 tickets waiting)'],
    [150, '99+', '(150 tickets waiting)'],
  ])('shows %i waiting as %s', async (count, text, spoken) => {
    const api = mockApi();
    api.on('GET', '/admin/chat-inbox/count', ok({ count }));
    renderWithProviders(<InboxBadge />);
    const badge = await screen.findByTestId('inbox-badge');
    expect(badge.textContent).toBe(`${text}${spoken}`);
  });
});
