import { chatMessagesOf } from '@ecu/shared/chat/doc';
import { CHAT_FULL_TEXT, tooFastText, tooManyMessagesReason } from '@ecu/shared/chat/limits';
import { CHAT_CLOSE } from '@ecu/shared/chat/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeChatServer } from './testing/fake-chat-server';
import {
  ADMIN,
  nextTicket,
  PEOPLE,
  startSession,
  states,
  stopSessions,
  TUNER,
  texts,
} from './testing/sessions';

afterEach(stopSessions);

describe('ChatSession', () => {
  it('opens the IndexedDB copy first, and only then the socket', async () => {
    const n = nextTicket();
    const server = new FakeChatServer(TUNER.id, PEOPLE);
    const first = startSession(server, TUNER, n);
    await vi.waitFor(() => expect(first.session.getSnapshot().synced).toBe(true));
    first.session.send('kept on this device');
    await vi.waitFor(() => expect(states(first.session.getSnapshot(), TUNER.id)).toEqual(['sent']));
    first.session.stop();

    server.autoOpen = false;
    const before = server.sockets.length;
    const again = startSession(server, TUNER, n);
    expect(again.session.getSnapshot().phase).toBe('loading');
    expect(server.sockets.length).toBe(before);
    await vi.waitFor(() => expect(server.sockets.length).toBe(before + 1));
    // Not synced: history and the acknowledged state come from IndexedDB.
    const snapshot = again.session.getSnapshot();
    expect(snapshot.phase).toBe('open');
    expect(snapshot.synced).toBe(false);
    expect(texts(snapshot)).toEqual(['kept on this device']);
    expect(states(snapshot, TUNER.id)).toEqual(['sent']);
    expect(server.sockets.at(-1)?.url).toBe(`ws://test/api/chat/${n}`);
  });

  it('delivers live both ways; the sender sees pending, sent, then read', async () => {
    const n = nextTicket();
    const server = new FakeChatServer(TUNER.id, PEOPLE);
    const tuner = startSession(server, TUNER, n);
    const admin = startSession(server, ADMIN, n);
    await vi.waitFor(() => expect(admin.session.getSnapshot().synced).toBe(true));
    await vi.waitFor(() => expect(tuner.session.getSnapshot().synced).toBe(true));

    tuner.session.send('Is the file ready?');
    expect(states(tuner.session.getSnapshot(), TUNER.id)).toEqual(['pending']);
    await vi.waitFor(() => expect(states(tuner.session.getSnapshot(), TUNER.id)).toEqual(['sent']));
    await vi.waitFor(() => expect(texts(admin.session.getSnapshot())).toEqual(['Is the file ready?']));

    admin.session.setVisible(true);
    await vi.waitFor(() => expect(states(tuner.session.getSnapshot(), TUNER.id)).toEqual(['read']));
    expect(server.reads).toContainEqual({ userId: ADMIN.id, count: 1 });

    admin.session.send('Yes, just now.');
    await vi.waitFor(() => expect(texts(tuner.session.getSnapshot())).toHaveLength(2));
    expect(chatMessagesOf(server.doc).length).toBe(2);
  });

  it('keeps a message written offline as pending across a reload and delivers it once', async () => {
    const n = nextTicket();
    const server = new FakeChatServer(TUNER.id, PEOPLE);
    const first = startSession(server, TUNER, n);
    await vi.waitFor(() => expect(first.session.getSnapshot().synced).toBe(true));
    first.net.set(false);
    expect(first.session.getSnapshot().connection).toBe('offline');
    first.session.send('written offline');
    await new Promise((r) => setTimeout(r, 30));
    expect(states(first.session.getSnapshot(), TUNER.id)).toEqual(['pending']);
    first.session.stop();

    const sockets = server.sockets.length;
    const reload = startSession(server, TUNER, n, { isOnline: () => false });
    await vi.waitFor(() => expect(reload.session.getSnapshot().phase).toBe('open'));
    expect(texts(reload.session.getSnapshot())).toEqual(['written offline']);
    expect(states(reload.session.getSnapshot(), TUNER.id)).toEqual(['pending']);
    expect(server.sockets.length).toBe(sockets);
    reload.session.stop();

    const online = startSession(server, TUNER, n);
    await vi.waitFor(() => expect(states(online.session.getSnapshot(), TUNER.id)).toEqual(['sent']));
    expect(
      chatMessagesOf(server.doc)
        .toArray()
        .map((m) => m.text),
    ).toEqual(['written offline']);
  });

  it('drops the local copy on a refused update, resyncs from the server and says so', async () => {
    const n = nextTicket();
    const server = new FakeChatServer(TUNER.id, PEOPLE);
    const onRefused = vi.fn();
    const { session } = startSession(server, TUNER, n, { onRefused });
    await vi.waitFor(() => expect(session.getSnapshot().synced).toBe(true));
    session.send('accepted');
    await vi.waitFor(() => expect(chatMessagesOf(server.doc).length).toBe(1));

    // The server refuses updates carrying this text (the fake cannot read more than that).
    server.refuse = (update) => new TextDecoder().decode(update).includes('refused by the server');
    session.send('refused by the server');
    await vi.waitFor(() => expect(onRefused).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(session.getSnapshot().synced).toBe(true));
    expect(texts(session.getSnapshot())).toEqual(['accepted']);
    expect(onRefused).toHaveBeenCalledTimes(1);
    session.stop();

    // The IndexedDB copy went too: a reload offline does not bring the refused message back.
    const reload = startSession(server, TUNER, n, { isOnline: () => false });
    await vi.waitFor(() => expect(reload.session.getSnapshot().phase).toBe('open'));
    expect(texts(reload.session.getSnapshot())).toEqual(['accepted']);
    expect(
      chatMessagesOf(server.doc)
        .toArray()
        .map((m) => m.text),
    ).toEqual(['accepted']);
  });

  it('on 4429 keeps the message pending, says how long to wait, and sends it after the wait', async () => {
    const server = new FakeChatServer(TUNER.id, PEOPLE);
    const onLimited = vi.fn();
    const onRefused = vi.fn();
    const { session } = startSession(server, TUNER, nextTicket(), { onLimited, onRefused });
    await vi.waitFor(() => expect(session.getSnapshot().synced).toBe(true));
    server.refuse = () => ({ code: CHAT_CLOSE.tooManyMessages, reason: tooManyMessagesReason(1) });
    session.send('one too many');
    await vi.waitFor(() => expect(onLimited).toHaveBeenCalledWith(1));
    expect(tooFastText(1)).toBe('You are sending messages too fast, wait 1 s');
    expect(session.getSnapshot().connection).toBe('reconnecting');
    expect(texts(session.getSnapshot())).toEqual(['one too many']);
    server.refuse = () => false;
    await vi.waitFor(
      () =>
        expect(
          chatMessagesOf(server.doc)
            .toArray()
            .map((m) => m.text),
        ).toEqual(['one too many']),
      { timeout: 5_000 },
    );
    expect(onRefused).not.toHaveBeenCalled();
  });

  it('on 4413 (the chat is full) drops the local copy and says why', async () => {
    const server = new FakeChatServer(TUNER.id, PEOPLE);
    const onRefused = vi.fn();
    const { session } = startSession(server, TUNER, nextTicket(), { onRefused });
    await vi.waitFor(() => expect(session.getSnapshot().synced).toBe(true));
    server.refuse = () => ({ code: CHAT_CLOSE.chatFull, reason: CHAT_FULL_TEXT });
    session.send('no room');
    await vi.waitFor(() => expect(onRefused).toHaveBeenCalledWith(CHAT_CLOSE.chatFull));
    server.refuse = () => false;
    await vi.waitFor(() => expect(session.getSnapshot().synced).toBe(true));
    expect(texts(session.getSnapshot())).toEqual([]);
  });

  it('stops for good when the server shuts the chat (4403)', async () => {
    const server = new FakeChatServer(TUNER.id, PEOPLE);
    const { session } = startSession(server, TUNER, nextTicket());
    await vi.waitFor(() => expect(session.getSnapshot().synced).toBe(true));
    const socket = server.sockets.at(-1);
    if (!socket) throw new Error('no socket');
    server.drop(socket, CHAT_CLOSE.forbidden);
    expect(session.getSnapshot().phase).toBe('forbidden');
    await new Promise((r) => setTimeout(r, 40));
    expect(server.sockets.length).toBe(1);
    expect(session.send('anyone?')).toBeNull();
  });
});
