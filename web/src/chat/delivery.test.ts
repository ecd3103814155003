import { appendChatMessage, chatMessagesOf } from '@ecu/shared/chat/doc';
import type { ChatMessage } from '@ecu/shared/chat/message';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { deliveryOf, heldPrefix, isCovered, mergeVectors, movedClients } from './delivery';
import { chatEntries } from './entries';

let n = 0;
const message = (senderId: string, text = 'hello'): ChatMessage => ({
  id: `message-${++n}`,
  senderId,
  text,
  time: Date.UTC(2025, 2, 5, 10, n),
});

/** Everything one doc has that the other lacks. */
function exchange(from: Y.Doc, to: Y.Doc, origin: unknown = 'remote') {
  Y.applyUpdate(to, Y.encodeStateAsUpdate(from, Y.encodeStateVector(to)), origin);
}

describe('chat entries', () => {
  it('gives every message its own slot id, also inside merged items', () => {
    const doc = new Y.Doc();
    appendChatMessage(doc, message('u1'));
    appendChatMessage(doc, message('u1'));
    chatMessagesOf(doc).push([message('u1'), message('u1')]);
    const entries = chatEntries(chatMessagesOf(doc));
    expect(entries.map((e) => e.message)).toEqual(chatMessagesOf(doc).toArray());
    expect(entries.map((e) => e.id)).toEqual([0, 1, 2, 3].map((clock) => ({ client: doc.clientID, clock })));
  });

  it('follows the merged order of two writers', () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    appendChatMessage(a, message('a'));
    appendChatMessage(b, message('b'));
    exchange(a, b);
    exchange(b, a);
    const ids = chatEntries(chatMessagesOf(a)).map((e) => e.id.client);
    expect(ids).toHaveLength(2);
    expect(chatEntries(chatMessagesOf(b)).map((e) => e.id.client)).toEqual(ids);
  });
});

describe('delivery states', () => {
  it('is pending until the vector covers the clock, then sent, then read', () => {
    const id = { client: 7, clock: 3 };
    expect(isCovered(new Map(), id)).toBe(false);
    expect(isCovered(new Map([[7, 3]]), id)).toBe(false);
    expect(isCovered(new Map([[7, 4]]), id)).toBe(true);
    expect(isCovered(new Map([[8, 9]]), id)).toBe(false);
    expect(deliveryOf(id, 2, new Map([[7, 3]]), 5)).toBe('pending');
    expect(deliveryOf(id, 2, new Map([[7, 4]]), 2)).toBe('sent');
    expect(deliveryOf(id, 2, new Map([[7, 4]]), 3)).toBe('read');
  });

  it('merges vectors by the larger clock and says when nothing is new', () => {
    const known = new Map([
      [1, 5],
      [2, 1],
    ]);
    expect(mergeVectors(known, new Map([[1, 4]]))).toBeNull();
    expect(mergeVectors(known, new Map([[1, 5]]))).toBeNull();
    const merged = mergeVectors(
      known,
      new Map([
        [1, 6],
        [3, 2],
      ]),
    );
    expect(merged).toEqual(
      new Map([
        [1, 6],
        [2, 1],
        [3, 2],
      ]),
    );
    expect(known.get(1)).toBe(5);
  });

  it('learns from a transaction only the clients that moved', () => {
    const before = new Map([
      [1, 2],
      [2, 5],
    ]);
    const after = new Map([
      [1, 2],
      [2, 7],
      [3, 1],
    ]);
    expect(movedClients(before, after)).toEqual(
      new Map([
        [2, 7],
        [3, 1],
      ]),
    );
  });

  it('counts the held messages from the start up to the first pending one', () => {
    const known = new Map([[1, 2]]);
    const ids = [
      { client: 1, clock: 0 },
      { client: 1, clock: 1 },
      { client: 2, clock: 0 },
      { client: 1, clock: 1 },
    ];
    expect(heldPrefix(ids, known)).toBe(2);
    expect(heldPrefix([], known)).toBe(0);
    expect(heldPrefix(ids.slice(0, 2), known)).toBe(2);
  });

  it('two docs through a server: pending, sent on the ack, read when the partner reads', () => {
    const server = new Y.Doc();
    const tuner = new Y.Doc();
    const admin = new Y.Doc();
    let known = new Map<number, number>();
    const stateOf = (index: number, partnerRead: number) => {
      const entry = chatEntries(chatMessagesOf(tuner))[index];
      if (!entry) throw new Error('no such message');
      return deliveryOf(entry.id, index, known, partnerRead);
    };

    appendChatMessage(tuner, message('tuner', 'first'));
    appendChatMessage(tuner, message('tuner', 'second'));
    expect([stateOf(0, 0), stateOf(1, 0)]).toEqual(['pending', 'pending']);

    // The server takes the first message only (an update sent before the second was written).
    const firstOnly = new Y.Doc();
    firstOnly.clientID = tuner.clientID;
    appendChatMessage(firstOnly, chatMessagesOf(tuner).get(0));
    exchange(firstOnly, server);
    known = mergeVectors(known, Y.decodeStateVector(Y.encodeStateVector(server))) ?? known;
    expect([stateOf(0, 0), stateOf(1, 0)]).toEqual(['sent', 'pending']);

    exchange(tuner, server);
    known = mergeVectors(known, Y.decodeStateVector(Y.encodeStateVector(server))) ?? known;
    expect([stateOf(0, 0), stateOf(1, 0)]).toEqual(['sent', 'sent']);

    exchange(server, admin);
    expect(
      chatMessagesOf(admin)
        .toArray()
        .map((m) => m.text),
    ).toEqual(['first', 'second']);
    // The admin has seen one message, then both.
    expect([stateOf(0, 1), stateOf(1, 1)]).toEqual(['read', 'sent']);
    expect([stateOf(0, 2), stateOf(1, 2)]).toEqual(['read', 'read']);
  });

  it('knows what the server sent it: a remote transaction covers the messages it brought', () => {
    const server = new Y.Doc();
    const admin = new Y.Doc();
    const tuner = new Y.Doc();
    appendChatMessage(admin, message('admin', 'from support'));
    exchange(admin, server);
    let known = new Map<number, number>();
    tuner.on('afterTransaction', (tr: Y.Transaction) => {
      if (tr.origin === 'server')
        known = mergeVectors(known, movedClients(tr.beforeState, tr.afterState)) ?? known;
    });
    appendChatMessage(tuner, message('tuner', 'mine, offline'));
    exchange(server, tuner, 'server');
    const entries = chatEntries(chatMessagesOf(tuner));
    const admins = entries.find((e) => e.message.senderId === 'admin');
    const mine = entries.find((e) => e.message.senderId === 'tuner');
    expect(admins && isCovered(known, admins.id)).toBe(true);
    expect(mine && isCovered(known, mine.id)).toBe(false);
  });
});
