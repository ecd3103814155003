// @vitest-environment happy-dom

import { CHAT_CLOSE } from '@ecu/shared/chat/protocol';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/api-mock';
import { aUser, renderPage, resetDevice, signedInAs } from '../test/customer';
import { fireEvent, render, screen, waitFor, within } from '../test/rtl';
import { Composer } from './composer';
import { ChatPanel } from './lazy-chat-panel';
import { MessageList } from './message-list';
import { FakeChatServer } from './testing/fake-chat-server';
import type { ChatView, MessageView } from './view-model';

/** The ticket chat's components (docs/product.md#10-chat). */

describe('Composer', () => {
  function setup({ online = true, disabled = false, accept = true } = {}) {
    const onSend = vi.fn((_text: string) => accept);
    const onProblem = vi.fn();
    render(
      <Composer
        disabled={disabled}
        online={online}
        onSend={onSend}
        onTyped={() => {}}
        onProblem={onProblem}
      />,
    );
    return {
      onSend,
      onProblem,
      user: userEvent.setup(),
      box: screen.getByRole('textbox', { name: 'Message' }),
    };
  }

  it('Enter sends the trimmed text and clears the box; Shift+Enter starts a new line', async () => {
    const { onSend, user, box } = setup();
    await user.type(box, '  Is the file ready?');
    await user.keyboard('{Shift>}{Enter}{/Shift}Thanks');
    expect((box as HTMLTextAreaElement).value).toBe('  Is the file ready?\nThanks');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('Is the file ready?\nThanks');
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('does not send blank text: Send stays off', async () => {
    const { onSend, user, box } = setup();
    await user.type(box, '   ');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('keeps the text when the chat could not take the message', async () => {
    const { user, box } = setup({ accept: false });
    await user.type(box, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((box as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('offline: attaching is off and the hint says messages wait', () => {
    setup({ online: false });
    expect((screen.getByRole('button', { name: 'Attach a file' }) as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.getByText(
        'Attaching files needs a connection. Messages are kept and sent when you are back online.',
      ),
    ).toBeTruthy();
  });

  it('refuses an empty file by name', () => {
    const { onProblem } = setup();
    const picker = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(picker, { target: { files: [new File([], 'empty.bin')] } });
    expect(onProblem).toHaveBeenCalledWith('empty.bin is empty.');
    expect(screen.queryByRole('list', { name: 'Files to send' })).toBeNull();
  });

  it('a closed chat takes no input', () => {
    setup({ disabled: true });
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).disabled).toBe(true);
  });
});

describe('MessageList', () => {
  const message = (over: Partial<MessageView>): MessageView => ({
    key: `k-${over.index}`,
    index: 0,
    text: '',
    time: Date.UTC(2025, 0, 6, 9, 30),
    clock: '09:30',
    mine: false,
    sender: 'Sam Support',
    attachments: [],
    delivery: null,
    ...over,
  });

  it('groups messages by day, marks the unread divider and shows delivery on my messages', () => {
    const view: ChatView = {
      count: 3,
      unreadIndex: 2,
      days: [
        {
          day: '6 January 2025',
          messages: [message({ index: 0, text: 'Hello', mine: true, sender: 'You', delivery: 'read' })],
        },
        {
          day: '7 January 2025',
          messages: [
            message({ index: 1, text: 'Still waiting', mine: true, sender: 'You', delivery: 'pending' }),
            message({
              index: 2,
              text: 'Here it is',
              attachments: [{ id: 'up-1', name: 'tuned.bin', size: 2048 }],
            }),
          ],
        },
      ],
    };
    render(<MessageList view={view} ticketNumber={100501} emptyText="No messages yet." />);
    const log = screen.getByRole('log', { name: 'Chat history' });
    const days = within(log).getAllByRole('region');
    expect(days.map((d) => d.getAttribute('aria-label'))).toEqual(['6 January 2025', '7 January 2025']);
    expect(within(days[0]!).getByTestId('chat-delivery').textContent).toBe('Read');
    expect(within(days[1]!).getByTestId('chat-delivery').textContent).toBe('Pending');
    const items = within(days[1]!).getAllByRole('listitem');
    // The divider sits right before the first unread message.
    expect(items.map((li) => li.dataset.testid)).toEqual([
      'chat-message',
      'chat-unread',
      'chat-message',
      undefined,
    ]);
    const file = within(log).getByRole('link', { name: /tuned\.bin/ });
    expect(file.getAttribute('href')).toBe('/api/chat/100501/attachments/up-1');
    expect(file.getAttribute('download')).toBe('tuned.bin');
  });

  it('says when there are no messages yet', () => {
    render(
      <MessageList
        view={{ count: 0, unreadIndex: -1, days: [] }}
        ticketNumber={1}
        emptyText="No messages yet."
      />,
    );
    expect(screen.getByText('No messages yet.')).toBeTruthy();
  });
});

describe('ChatPanel', () => {
  let ticket = 200_000;
  beforeEach(async () => {
    await resetDevice();
    ticket += 1;
  });

  it("without a usable ticket number: 'Failed to load chat'", async () => {
    await signedInAs(aUser());
    mockApi();
    renderPage(<ChatPanel ticketNumber={null} variant="user" />, { route: '/' });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load chat');
  });

  it('connects, shows the history with names, and delivers what the tuner writes', async () => {
    const me = await signedInAs(aUser({ _id: 'tuner-1', firstName: 'Ann', lastName: 'Lee' }));
    const server = new FakeChatServer(me._id, {
      [me._id]: { firstName: 'Ann', lastName: 'Lee', role: 'user' },
      'admin-1': { firstName: 'Sam', lastName: 'Support', role: 'admin' },
    });
    mockApi();
    vi.stubGlobal('WebSocket', server.socketClass(me._id));
    renderPage(<ChatPanel ticketNumber={ticket} variant="user" />, { route: '/' });

    expect(await screen.findByRole('heading', { name: 'Chat with support' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('chat-status').textContent).toBe('Connected'));
    expect(screen.getByText('No messages yet. Ask support anything about this file.')).toBeTruthy();
    expect(screen.getByTestId('chat-partner').textContent).toBe('Support');

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Is the file ready?{Enter}');
    const mine = await screen.findByText('Is the file ready?');
    const bubble = mine.closest('li') as HTMLElement;
    expect(within(bubble).getByText('You')).toBeTruthy();
    await waitFor(() => expect(within(bubble).getByTestId('chat-delivery').textContent).toBe('Sent'));
    expect(server.received.length).toBeGreaterThan(0);
  });

  it("says 'Reconnecting…' in a status when the server asks it to try again later, then reconnects", async () => {
    const me = await signedInAs(aUser({ _id: 'tuner-2', firstName: 'Ann', lastName: 'Lee' }));
    const server = new FakeChatServer(me._id, {
      [me._id]: { firstName: 'Ann', lastName: 'Lee', role: 'user' },
    });
    mockApi();
    vi.stubGlobal('WebSocket', server.socketClass(me._id));
    renderPage(<ChatPanel ticketNumber={ticket} variant="user" />, { route: '/' });
    await waitFor(() => expect(screen.getByTestId('chat-status').textContent).toBe('Connected'));

    const first = server.sockets[0];
    if (!first) throw new Error('no socket');
    server.drop(first, CHAT_CLOSE.tryAgainLater, 'The chat is reconnecting');
    await waitFor(() => expect(screen.getByTestId('chat-status').textContent).toBe('Reconnecting…'));
    expect(screen.getByTestId('chat-status').getAttribute('role')).toBe('status');
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('chat-status').textContent).toBe('Connected'), {
      timeout: 5_000,
    });
    expect(server.sockets).toHaveLength(2);
  });
});
