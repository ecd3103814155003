import { appendChatMessage, chatMessagesOf, chatMetaOf, chatReadsOf } from '@ecu/shared/chat/doc';
import type { ChatMessage } from '@ecu/shared/chat/message';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  attachProvider,
  type ChatRoom,
  chatDbName,
  clearRoom,
  heldCount,
  openRoom,
  saveKnown,
  unreadNow,
} from './room';

const opened: ChatRoom[] = [];
let ticket = 5000;

async function open(ticketNumber: number, userId = 'tuner-1') {
  const room = await openRoom(ticketNumber, userId);
  opened.push(room);
  return room;
}

afterEach(async () => {
  for (const room of opened.splice(0)) {
    room.provider?.destroy();
    await room.persistence?.destroy();
    room.doc.destroy();
  }
});

let n = 0;
function message(senderId: string, text = `message ${n}`): ChatMessage {
  n++;
  return { id: `msg-${String(n).padStart(6, '0')}`, senderId, text, time: 1_700_000_000_000 + n };
}

/** Waits until y-indexeddb has written the doc's pending updates. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('a chat room on this device', () => {
  it('names its database after the ticket and the account', () => {
    expect(chatDbName(100123, 'u-7')).toBe('ecu-chat-100123-u-7');
  });

  it('starts empty, not synced, with no read count sent and no unread divider', async () => {
    const room = await open(++ticket);
    expect(chatMessagesOf(room.doc).length).toBe(0);
    expect(room.known.size).toBe(0);
    expect(room).toMatchObject({
      synced: false,
      lastRead: -1,
      openUnread: -1,
      unreadFrozen: false,
      provider: null,
    });
    expect(room.persistence).not.toBeNull();
  });

  it('keeps its messages and what the server holds across a reload', async () => {
    const number = ++ticket;
    const first = await open(number);
    appendChatMessage(first.doc, message('tuner-1', 'Is the file ready?'));
    first.known = new Map([[first.doc.clientID, 1]]);
    saveKnown(first);
    await settle();
    const clientId = first.doc.clientID;
    await first.persistence?.destroy();

    const again = await open(number);
    expect(
      chatMessagesOf(again.doc)
        .toArray()
        .map((m) => m.text),
    ).toEqual(['Is the file ready?']);
    expect([...again.known]).toEqual([[clientId, 1]]);
  });

  it('keeps each account’s copy apart', async () => {
    const number = ++ticket;
    const ann = await open(number, 'ann');
    appendChatMessage(ann.doc, message('ann', 'Only on Ann’s copy'));
    await settle();

    const sam = await open(number, 'sam');
    expect(chatMessagesOf(sam.doc).length).toBe(0);
  });

  it('reads an unreadable server vector as nothing held', async () => {
    const number = ++ticket;
    const first = await open(number);
    await first.persistence?.set('server-state', new Uint8Array([255, 255, 255]).buffer);
    await first.persistence?.destroy();

    const again = await open(number);
    expect(again.known.size).toBe(0);
  });

  it('clears its database, so a reopened room starts empty', async () => {
    const number = ++ticket;
    const first = await open(number);
    appendChatMessage(first.doc, message('tuner-1'));
    first.known = new Map([[first.doc.clientID, 1]]);
    saveKnown(first);
    await settle();
    await clearRoom(first);

    const again = await open(number);
    expect(chatMessagesOf(again.doc).length).toBe(0);
    expect(again.known.size).toBe(0);
  });

  it('does not write the server vector once its persistence is gone', async () => {
    const number = ++ticket;
    const first = await open(number);
    await first.persistence?.destroy();
    first.known = new Map([[42, 3]]);
    expect(() => saveKnown(first)).not.toThrow();

    const again = await open(number);
    expect(again.known.size).toBe(0);
  });
});

describe('what a room counts', () => {
  function aRoom(): ChatRoom {
    const room: ChatRoom = {
      doc: new Y.Doc(),
      persistence: null,
      provider: null,
      known: new Map(),
      synced: true,
      lastRead: -1,
      openUnread: -1,
      unreadFrozen: false,
    };
    opened.push(room);
    return room;
  }

  it('puts the unread divider at the first message the viewer has not seen and did not write', () => {
    const room = aRoom();
    chatMetaOf(room.doc).set('ownerId', 'tuner-1');
    for (const sender of ['tuner-1', 'admin-1', 'tuner-1', 'admin-1', 'admin-1']) {
      appendChatMessage(room.doc, message(sender));
    }
    expect(unreadNow(room, 'tuner-1')).toBe(1);

    chatReadsOf(room.doc).set('tuner-1', 2);
    expect(unreadNow(room, 'tuner-1')).toBe(3);

    chatReadsOf(room.doc).set('tuner-1', 5);
    expect(unreadNow(room, 'tuner-1')).toBe(-1);
  });

  it('counts the messages from the start that the server holds, stopping at the first it lacks', () => {
    const room = aRoom();
    const remote = new Y.Doc();
    appendChatMessage(remote, message('admin-1'));
    appendChatMessage(remote, message('admin-1'));
    Y.applyUpdate(room.doc, Y.encodeStateAsUpdate(remote));
    appendChatMessage(room.doc, message('tuner-1'));
    appendChatMessage(room.doc, message('tuner-1'));
    expect(heldCount(room)).toBe(0);

    room.known = new Map([[remote.clientID, 2]]);
    expect(heldCount(room)).toBe(2);

    room.known = new Map([
      [remote.clientID, 2],
      [room.doc.clientID, 1],
    ]);
    expect(heldCount(room)).toBe(3);

    // A later message held without an earlier one still counts only up to the gap.
    room.known = new Map([[room.doc.clientID, 2]]);
    expect(heldCount(room)).toBe(0);
    remote.destroy();
  });
});

describe('the room’s socket', () => {
  class NeverOpened {
    static instances = 0;
    constructor() {
      NeverOpened.instances++;
    }
  }

  it('is created unconnected, says who the viewer is and that they are not typing', () => {
    const room: ChatRoom = {
      doc: new Y.Doc(),
      persistence: null,
      provider: null,
      known: new Map(),
      synced: false,
      lastRead: -1,
      openUnread: -1,
      unreadFrozen: false,
    };
    opened.push(room);
    const user = { id: 'tuner-1', name: 'Ann Lee', role: 'user' as const };

    const provider = attachProvider(room, {
      serverUrl: 'ws://test/api/chat',
      ticketNumber: 100123,
      user,
      WebSocketImpl: NeverOpened as unknown as typeof WebSocket,
    });

    expect(room.provider).toBe(provider);
    expect(provider.roomname).toBe('100123');
    expect(provider.wsconnected || provider.wsconnecting).toBe(false);
    expect(NeverOpened.instances).toBe(0);
    expect(provider.awareness.getLocalState()).toEqual({ user, typing: false });
    expect(provider.shouldConnect).toBe(false);
  });
});
