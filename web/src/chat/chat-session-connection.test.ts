import { chatMessagesOf } from '@ecu/shared/chat/doc';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeChatServer } from './testing/fake-chat-server';
import { ADMIN, nextTicket, PEOPLE, startSession, stopSessions, TUNER, texts } from './testing/sessions';

afterEach(stopSessions);

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('ChatSession connection', () => {
  it('reconnects on its own schedule after the server drops it, and resends the read count', async () => {
    const server = new FakeChatServer(TUNER.id, PEOPLE);
    const delays: number[] = [];
    const { session } = startSession(server, ADMIN, nextTicket(), {
      reconnectDelayOf: (attempt) => {
        delays.push(attempt);
        return 20;
      },
    });
    await vi.waitFor(() => expect(session.getSnapshot().synced).toBe(true));
    server.doc.transact(() => {
      chatMessagesOf(server.doc).push([{ id: 'message-1', senderId: TUNER.id, text: 'hi', time: 1 }]);
    });
    session.setVisible(true);
    await vi.waitFor(() => expect(server.reads).toEqual([{ userId: ADMIN.id, count: 1 }]));

    const first = server.sockets[0];
    if (!first) throw new Error('no socket');
    server.drop(first, 1006);
    expect(session.getSnapshot().connection).toBe('reconnecting');
    expect(session.getSnapshot().synced).toBe(false);
    expect(server.sockets).toHaveLength(1);
    await vi.waitFor(() => expect(session.getSnapshot().synced).toBe(true));
    expect(server.sockets).toHaveLength(2);
    expect(delays).toEqual([0]);
    // Told again after the reconnect.
    await vi.waitFor(() => expect(server.reads).toHaveLength(2));
    expect(server.reads[1]).toEqual({ userId: ADMIN.id, count: 1 });

    // A synced connection starts the backoff over.
    const second = server.sockets[1];
    if (!second) throw new Error('no socket');
    server.drop(second, 1011);
    await vi.waitFor(() => expect(session.getSnapshot().synced).toBe(true));
    expect(delays).toEqual([0, 0]);
  });

  it('backs off while the server stays away, and goes at once when the network returns', async () => {
    const server = new FakeChatServer(TUNER.id, PEOPLE);
    server.autoOpen = false;
    const attempts: number[] = [];
    const { session, net } = startSession(server, TUNER, nextTicket(), {
      reconnectDelayOf: (attempt) => {
        attempts.push(attempt);
        return attempt === 0 ? 5 : 60_000;
      },
    });
    await vi.waitFor(() => expect(server.sockets).toHaveLength(1));
    server.drop(server.sockets[0] as never, 1006);
    await vi.waitFor(() => expect(server.sockets).toHaveLength(2));
    server.drop(server.sockets[1] as never, 1006);
    expect(attempts).toEqual([0, 1]);
    await pause(30);
    expect(server.sockets).toHaveLength(2);

    net.set(false);
    expect(session.getSnapshot().connection).toBe('offline');
    server.autoOpen = true;
    net.set(true);
    await vi.waitFor(() => expect(session.getSnapshot().connection).toBe('connected'));
    expect(server.sockets).toHaveLength(3);
  });

  it('gives up on a socket that does not open in time and tries again', async () => {
    const server = new FakeChatServer(TUNER.id, PEOPLE);
    server.autoOpen = false;
    const { session } = startSession(server, TUNER, nextTicket(), {
      openTimeoutMs: 20,
      reconnectDelayOf: () => 150,
    });
    await vi.waitFor(() => expect(server.sockets).toHaveLength(1));
    await vi.waitFor(() => expect(server.sockets[0]?.readyState).toBe(3));
    expect(session.getSnapshot().connection).toBe('reconnecting');
    await vi.waitFor(() => expect(server.sockets).toHaveLength(2));
    server.autoOpen = true;
    server.open(server.sockets.at(-1) as never);
    await vi.waitFor(() => expect(session.getSnapshot().synced).toBe(true));
  });

  it('shows who is typing on the other side, never the viewer', async () => {
    const server = new FakeChatServer(TUNER.id, PEOPLE);
    const n = nextTicket();
    const tuner = startSession(server, TUNER, n);
    const admin = startSession(server, ADMIN, n);
    await vi.waitFor(() =>
      expect(tuner.session.getSnapshot().synced && admin.session.getSnapshot().synced).toBe(true),
    );
    admin.session.setTyping(true);
    await vi.waitFor(() => expect(tuner.session.getSnapshot().typing).toEqual(['Sam Support']));
    expect(admin.session.getSnapshot().typing).toEqual([]);
    admin.session.setTyping(false);
    await vi.waitFor(() => expect(tuner.session.getSnapshot().typing).toEqual([]));
  });

  it('fixes the unread divider when the chat opens, from the count read before this visit', async () => {
    const server = new FakeChatServer(TUNER.id, PEOPLE);
    const n = nextTicket();
    const push = (id: string, senderId: string, text: string) =>
      server.doc.transact(() => chatMessagesOf(server.doc).push([{ id, senderId, text, time: Date.now() }]));
    push('message-1', TUNER.id, 'first');
    push('message-2', ADMIN.id, 'seen reply');
    const visit = startSession(server, TUNER, n);
    visit.session.setVisible(true);
    await vi.waitFor(() => expect(server.reads.at(-1)).toEqual({ userId: TUNER.id, count: 2 }));
    visit.session.stop();

    push('message-3', ADMIN.id, 'new reply');
    push('message-4', ADMIN.id, 'another');
    const next = startSession(server, TUNER, n);
    next.session.setVisible(true);
    await vi.waitFor(() => expect(texts(next.session.getSnapshot())).toHaveLength(4));
    expect(next.session.getSnapshot().unreadIndex).toBe(2);
    // Reading moves the server's count, not the divider of this visit.
    await vi.waitFor(() => expect(server.reads.at(-1)).toEqual({ userId: TUNER.id, count: 4 }));
    push('message-5', ADMIN.id, 'live');
    await vi.waitFor(() => expect(texts(next.session.getSnapshot())).toHaveLength(5));
    expect(next.session.getSnapshot().unreadIndex).toBe(2);
  });
});
