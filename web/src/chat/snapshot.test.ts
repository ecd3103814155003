import { appendChatMessage, chatMetaOf, chatPeopleOf, chatReadsOf } from '@ecu/shared/chat/doc';
import { afterEach, describe, expect, it } from 'vitest';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import type { ChatRoom } from './room';
import { LOADING_SNAPSHOT, snapshotOf } from './snapshot';

const docs: Y.Doc[] = [];
const providers: WebsocketProvider[] = [];
afterEach(() => {
  for (const p of providers.splice(0)) p.destroy();
  for (const d of docs.splice(0)) d.destroy();
});

function aRoom(over: Partial<ChatRoom> = {}): ChatRoom {
  const doc = new Y.Doc();
  docs.push(doc);
  chatMetaOf(doc).set('ownerId', 'tuner-1');
  chatPeopleOf(doc).set('tuner-1', { firstName: 'Ann', lastName: 'Lee', role: 'user' });
  chatPeopleOf(doc).set('admin-1', { firstName: 'Sam', lastName: 'Support', role: 'admin' });
  return {
    doc,
    persistence: null,
    provider: null,
    known: new Map(),
    synced: true,
    lastRead: -1,
    openUnread: -1,
    unreadFrozen: false,
    ...over,
  };
}

let n = 0;
function say(room: ChatRoom, senderId: string, text: string) {
  n++;
  appendChatMessage(room.doc, {
    id: `snap-${String(n).padStart(6, '0')}`,
    senderId,
    text,
    time: 1_700_000_000_000 + n,
  });
}

/** A socket that is never opened, with other clients' awareness states put in by hand. */
function withPeers(room: ChatRoom, peers: [number, unknown][]) {
  class Unused {}
  const provider = new WebsocketProvider('ws://test', '1', room.doc, {
    connect: false,
    disableBc: true,
    WebSocketPolyfill: Unused as unknown as typeof WebSocket,
  });
  providers.push(provider);
  for (const [clientId, state] of peers)
    provider.awareness.states.set(clientId, state as Record<string, unknown>);
  room.provider = provider;
}

describe('a chat snapshot', () => {
  it('starts as loading, connecting, with nothing to show', () => {
    expect(LOADING_SNAPSHOT).toMatchObject({
      phase: 'loading',
      connection: 'connecting',
      synced: false,
      entries: [],
      ownerId: undefined,
      unreadIndex: -1,
      typing: [],
    });
  });

  it('shows an open room’s messages in order, its people, owner and connection', () => {
    const room = aRoom({ synced: false });
    say(room, 'tuner-1', 'Hello');
    say(room, 'admin-1', 'Hi Ann, looking at it now');

    const snapshot = snapshotOf(room, 'tuner-1', 'reconnecting');

    expect(snapshot.phase).toBe('open');
    expect(snapshot.connection).toBe('reconnecting');
    expect(snapshot.synced).toBe(false);
    expect(snapshot.entries.map((e) => [e.message.senderId, e.message.text])).toEqual([
      ['tuner-1', 'Hello'],
      ['admin-1', 'Hi Ann, looking at it now'],
    ]);
    expect(snapshot.entries[0]?.id.client).toBe(room.doc.clientID);
    expect(snapshot.ownerId).toBe('tuner-1');
    expect(snapshot.people.get('admin-1')).toEqual({ firstName: 'Sam', lastName: 'Support', role: 'admin' });
    expect(snapshot.typing).toEqual([]);
  });

  it('is a copy: later changes to the doc do not change a snapshot already taken', () => {
    const room = aRoom();
    say(room, 'tuner-1', 'First');
    const before = snapshotOf(room, 'tuner-1', 'connected');
    say(room, 'admin-1', 'Second');
    chatPeopleOf(room.doc).set('admin-2', { firstName: 'Kim', lastName: 'Ng', role: 'admin' });

    expect(before.entries).toHaveLength(1);
    expect(before.people.has('admin-2')).toBe(false);
    expect(snapshotOf(room, 'tuner-1', 'connected').entries).toHaveLength(2);
  });

  it('reads receipts from the other side: the owner sees the furthest admin, an admin sees the owner', () => {
    const room = aRoom();
    for (const text of ['a', 'b', 'c']) say(room, 'tuner-1', text);
    chatReadsOf(room.doc).set('tuner-1', 1);
    chatReadsOf(room.doc).set('admin-1', 2);
    chatReadsOf(room.doc).set('admin-2', 3);

    expect(snapshotOf(room, 'tuner-1', 'connected').partnerRead).toBe(3);
    expect(snapshotOf(room, 'admin-1', 'connected').partnerRead).toBe(1);
  });

  it('keeps the unread divider fixed when the chat opened, and what the server holds', () => {
    const known = new Map([[7, 2]]);
    const room = aRoom({ openUnread: 4, known });
    expect(snapshotOf(room, 'tuner-1', 'connected')).toMatchObject({ unreadIndex: 4, known });
  });

  it('names the others who are typing, never the viewer (nor the viewer’s other tabs)', () => {
    const room = aRoom();
    withPeers(room, [
      [5, { user: { id: 'admin-1', name: 'Sam Support', role: 'admin' }, typing: true }],
      [6, { user: { id: 'tuner-1', name: 'Ann Lee', role: 'user' }, typing: true }],
      [7, { user: { id: 'admin-2', name: 'Kim Ng', role: 'admin' }, typing: false }],
      [8, { user: { id: 'admin-3', name: '  ', role: 'admin' }, typing: true }],
    ]);

    expect(snapshotOf(room, 'tuner-1', 'connected').typing).toEqual(['Sam Support', 'Support']);
    expect(snapshotOf(room, 'admin-1', 'connected').typing).toEqual(['Ann Lee', 'Support']);
  });
});
