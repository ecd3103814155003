// @vitest-environment happy-dom

import { describe, expect, it } from 'vitest';
import { activateLocale } from '../i18n';
import { render, screen, within } from '../test/rtl';
import { ChatFrame } from './chat-frame';
import { MessageList } from './message-list';
import { typingText } from './typing';
import { buildChatView } from './view-model';

/** The ticket chat in the reader's language: its words, day headings and file sizes. */

const day6 = Date.UTC(2025, 0, 6, 9, 30);

function view(i18n: Parameters<typeof buildChatView>[1]['i18n']) {
  return buildChatView(
    [
      {
        id: { client: 1, clock: 0 },
        message: {
          id: 'm1',
          senderId: 'me',
          text: 'Hallo',
          time: day6,
          attachments: [{ id: 'up-1', name: 'tuned.bin', size: 2048 }],
        },
      },
      {
        id: { client: 2, clock: 0 },
        message: { senderId: 'sam', text: 'Hier ist sie', time: day6 + 60_000 },
      },
    ] as unknown as Parameters<typeof buildChatView>[0],
    {
      viewerId: 'me',
      people: new Map([['sam', { role: 'admin', firstName: '', lastName: '' }]]) as never,
      known: new Map() as never,
      partnerRead: 0,
      unreadIndex: 1,
      timeZone: 'UTC',
      ...(i18n ? { i18n } : {}),
    },
  );
}

describe('the chat in German', () => {
  it('speaks German, with a German day heading and file size', async () => {
    const { i18n } = await import('../i18n');
    await activateLocale('de');
    render(
      <ChatFrame variant="user">
        <MessageList view={view(i18n)} ticketNumber={100501} emptyText="" />
      </ChatFrame>,
    );
    expect(screen.getByRole('heading', { name: 'Chat mit dem Support' })).toBeTruthy();
    const log = screen.getByRole('log', { name: 'Chatverlauf' });
    expect(within(log).getByRole('heading', { name: '06. Januar 2025' })).toBeTruthy();
    expect(within(log).getByText('Neue Nachrichten')).toBeTruthy();
    expect(within(log).getByText('Sie')).toBeTruthy();
    expect(within(log).getByText('Support')).toBeTruthy();
    expect(within(log).getByRole('link', { name: /tuned\.bin/ }).textContent).toContain('2,0 kB');
    expect(typingText(['Kim'], i18n)).toBe('Kim schreibt…');
  });
});

describe('the chat in Arabic', () => {
  it('keeps the ticket number and file name as written', async () => {
    const { i18n } = await import('../i18n');
    await activateLocale('ar');
    render(<MessageList view={view(i18n)} ticketNumber={100501} emptyText="" />);
    const file = screen.getByRole('link', { name: /tuned\.bin/ });
    expect(file.getAttribute('href')).toBe('/api/chat/100501/attachments/up-1');
    expect(screen.getByText('رسائل جديدة')).toBeTruthy();
  });
});
