import { CHAT_DOC, chatMessagesOf } from '@ecu/shared/chat/doc';
import { CHAT_MESSAGES, type ChatMessage } from '@ecu/shared/chat/message';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { inspectUpdate, moveToEnd, UPDATE_REFUSED, type UpdateVerdict } from './validate-update';

const TUNER = 'tuner-1';
const ADMIN = 'admin-1';
let seq = 0;
const message = (text: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `message-${++seq}`,
  senderId: TUNER,
  text,
  time: 1_700_000_000_000 + seq,
  ...extra,
});

/** The server's doc: its own maps (one read marker overwritten), a tuner's and an admin's message. */
function serverDoc() {
  const doc = new Y.Doc();
  doc.getMap(CHAT_DOC.meta).set('ownerId', TUNER);
  doc.getMap(CHAT_DOC.people).set(TUNER, { firstName: 'Ada', lastName: 'Lovelace', role: 'user' });
  const first = message('Hello', { id: 'first-message' });
  const second = message('Hi Ada', { id: 'second-message', senderId: ADMIN });
  for (const m of [first, second]) {
    const writer = new Y.Doc();
    Y.applyUpdate(writer, Y.encodeStateAsUpdate(doc));
    chatMessagesOf(writer).push([m]);
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(writer, Y.encodeStateVector(doc)));
  }
  doc.getMap(CHAT_DOC.reads).set(TUNER, 1);
  doc.getMap(CHAT_DOC.reads).set(TUNER, 2); // the first value is deleted now
  return { doc, first, second };
}

/** What a client holding the server's state sends after `change` (one merged update). */
function clientUpdate(server: Y.Doc, change: (doc: Y.Doc) => void, base = Y.encodeStateAsUpdate(server)) {
  const client = new Y.Doc();
  Y.applyUpdate(client, base);
  const updates: Uint8Array[] = [];
  client.on('update', (u: Uint8Array) => updates.push(u));
  change(client);
  return { update: Y.mergeUpdates(updates), client };
}

const push =
  (...ms: ChatMessage[]) =>
  (d: Y.Doc) =>
    chatMessagesOf(d).push(ms);

function verdict(change: (doc: Y.Doc) => void, sender = TUNER): UpdateVerdict {
  const { doc } = serverDoc();
  const known = new Set(chatMessagesOf(doc).map((m) => m.id));
  return inspectUpdate(doc, clientUpdate(doc, change).update, sender, known);
}

describe('inspectUpdate accepts', () => {
  it.each<[string, () => ChatMessage[]]>([
    ['one new message at the end', () => [message('Is it ready?')]],
    ['several new messages in one update', () => [message('One'), message('Two')]],
    ['a text of 2,000 characters with whitespace around it', () => [message(` ${'x'.repeat(2000)}\n`)]],
    [
      'a message with attachments',
      () => [message('Log attached', { attachments: [{ id: 'A'.repeat(24), name: 'log.csv', size: 12 }] })],
    ],
  ])('%s', (_name, make) => {
    const ms = make();
    expect(verdict(push(...ms))).toEqual({ kind: 'accept', messages: ms });
  });

  it('an admin message in the admin own name', () => {
    const m = message('From support', { senderId: ADMIN });
    expect(verdict(push(m), ADMIN)).toEqual({ kind: 'accept', messages: [m] });
  });

  it('an update the server has already (nothing new)', () => {
    const { doc } = serverDoc();
    const known = new Set(chatMessagesOf(doc).map((m) => m.id));
    expect(inspectUpdate(doc, Y.encodeStateAsUpdate(doc), TUNER, known)).toEqual({
      kind: 'accept',
      messages: [],
    });
  });

  it("a client's whole state (sync step 2 with deletions the server has) with one new message", () => {
    const { doc } = serverDoc();
    const known = new Set(chatMessagesOf(doc).map((m) => m.id));
    const m = message('Written offline');
    const { client } = clientUpdate(doc, push(m));
    expect(inspectUpdate(doc, Y.encodeStateAsUpdate(client), TUNER, known)).toEqual({
      kind: 'accept',
      messages: [m],
    });
  });
});

/** An update written by a doc of its own with the given client id, on top of `base`. */
function writtenAs(clientID: number, base: Uint8Array, change: (doc: Y.Doc) => void): Uint8Array {
  const writer = new Y.Doc();
  Y.applyUpdate(writer, base);
  // Set after the base: Yjs moves a doc to a new id when a remote update writes under its own.
  writer.clientID = clientID;
  const before = Y.encodeStateVector(writer);
  change(writer);
  return Y.encodeStateAsUpdate(writer, before);
}

describe('inspectUpdate tells which new messages the server must move to the end', () => {
  it('one after the last message: in place', () => {
    const m = message('In place');
    expect(verdict(push(m))).toEqual({ kind: 'accept', messages: [m] });
  });

  it.each([
    ['a low client id, which Yjs would put above the history', 1],
    ['a high client id', 2 ** 32 - 1],
  ])('a message with no left neighbour (%s): misplaced', (_name, clientID) => {
    const { doc } = serverDoc();
    // A doc that never saw the history: its message has no origin.
    const m = message('No origin');
    const update = writtenAs(clientID, new Uint8Array([0, 0]), push(m));
    expect(inspectUpdate(doc, update, TUNER, new Set())).toEqual({
      kind: 'accept',
      messages: [m],
      misplaced: true,
    });
  });

  it('a message written after a message that is no longer the last (offline, or sent at once): misplaced', () => {
    const { doc } = serverDoc();
    const seen = Y.encodeStateAsUpdate(doc);
    Y.applyUpdate(doc, writtenAs(1_000_000, seen, push(message('First of two'))));
    const m = message('Second of two');
    expect(inspectUpdate(doc, writtenAs(3, seen, push(m)), TUNER, new Set())).toEqual({
      kind: 'accept',
      messages: [m],
      misplaced: true,
    });
  });

  it('moveToEnd puts the misplaced messages last, in order, and the history keeps its order', () => {
    const { doc, first, second } = serverDoc();
    const m = message('No origin');
    const update = writtenAs(1, new Uint8Array([0, 0]), push(m));
    Y.applyUpdate(doc, update);
    expect(
      chatMessagesOf(doc)
        .toArray()
        .map((x) => x.id),
    ).toEqual([m.id, first.id, second.id]);
    doc.transact(() => moveToEnd(doc, [m]));
    expect(
      chatMessagesOf(doc)
        .toArray()
        .map((x) => x.id),
    ).toEqual([first.id, second.id, m.id]);
  });
});

describe("inspectUpdate keeps the server's client ids and state its own", () => {
  it("refuses a message under the server's own client id", () => {
    const { doc } = serverDoc();
    const update = writtenAs(doc.clientID, Y.encodeStateAsUpdate(doc), push(message('In its name')));
    expect(inspectUpdate(doc, update, TUNER, new Set())).toEqual({
      kind: 'refuse',
      reason: UPDATE_REFUSED.serverId,
    });
  });

  it("refuses a struct that overlaps the server's last entries in part", () => {
    const { doc } = serverDoc();
    const seen = Y.encodeStateAsUpdate(doc);
    const seenVector = Y.encodeStateVector(doc);
    doc.getMap(CHAT_DOC.reads).set(ADMIN, 1); // the server writes on after the client's copy
    // One struct of two messages from the clock the server has just used.
    const writer = new Y.Doc();
    Y.applyUpdate(writer, seen);
    writer.clientID = doc.clientID;
    push(message('Overlap one'), message('Overlap two'))(writer);
    const update = Y.encodeStateAsUpdate(writer, seenVector);
    expect(Y.decodeUpdate(update).structs[0]?.length).toBe(2);
    expect(inspectUpdate(doc, update, TUNER, new Set())).toEqual({
      kind: 'refuse',
      reason: UPDATE_REFUSED.serverId,
    });
  });

  it('refuses a message under the client id of another process (one that wrote server entries)', () => {
    const { doc } = serverDoc();
    const peer = 424_242;
    Y.applyUpdate(
      doc,
      writtenAs(peer, Y.encodeStateAsUpdate(doc), (d) => d.getMap(CHAT_DOC.reads).set(ADMIN, 2)),
    );
    const update = writtenAs(peer, Y.encodeStateAsUpdate(doc), push(message('In a server name')));
    expect(inspectUpdate(doc, update, TUNER, new Set())).toEqual({
      kind: 'refuse',
      reason: UPDATE_REFUSED.serverId,
    });
  });

  it('refuses an update that builds on structs the server does not have', () => {
    const { doc } = serverDoc();
    const { client } = clientUpdate(doc, push(message('Not seen by the server')));
    const before = Y.encodeStateVector(client);
    chatMessagesOf(client).push([message('Builds on it')]);
    const later = Y.encodeStateAsUpdate(client, before);
    expect(inspectUpdate(doc, later, TUNER, new Set())).toEqual({
      kind: 'refuse',
      reason: UPDATE_REFUSED.unknown,
    });
  });

  it('refuses a message whose left neighbour is a struct the server has not seen (another client)', () => {
    const { doc } = serverDoc();
    const { client: other } = clientUpdate(doc, push(message('Unseen, by someone else')));
    const update = writtenAs(77, Y.encodeStateAsUpdate(other), push(message('After the unseen')));
    expect(inspectUpdate(doc, update, TUNER, new Set())).toEqual({
      kind: 'refuse',
      reason: UPDATE_REFUSED.unknown,
    });
  });
});

describe('inspectUpdate refuses', () => {
  const refusals: [string, string, (doc: Y.Doc) => void, string?][] = [
    ["deleting another's message", 'Deleting messages is not allowed', (d) => chatMessagesOf(d).delete(1, 1)],
    ['deleting its own message', 'Deleting messages is not allowed', (d) => chatMessagesOf(d).delete(0, 1)],
    [
      'an edit (delete + insert in place)',
      'Messages can only be added at the end',
      (d) => {
        const mine = chatMessagesOf(d).get(0);
        chatMessagesOf(d).delete(0, 1);
        chatMessagesOf(d).insert(0, [{ ...mine, text: 'Edited' }]);
      },
    ],
    [
      'inserting before an existing message',
      'Messages can only be added at the end',
      (d) => chatMessagesOf(d).insert(1, [message('Wedged')]),
    ],
    ['another sender', CHAT_MESSAGES.wrongSender, push(message('Refund approved', { senderId: ADMIN }))],
    ['an empty text', CHAT_MESSAGES.blank, push(message(''))],
    ['a whitespace-only text', CHAT_MESSAGES.blank, push(message(' \t\n '))],
    ['2,001 characters after trimming', CHAT_MESSAGES.tooLong, push(message(`  ${'y'.repeat(2001)}  `))],
    ['a message without time', CHAT_MESSAGES.malformed, push({ ...message('x'), time: undefined } as never)],
    ['an unknown field', CHAT_MESSAGES.malformed, push({ ...message('x'), admin: true } as never)],
    ['a too short id', CHAT_MESSAGES.malformed, push(message('x', { id: 'abc' }))],
    [
      'six attachments',
      CHAT_MESSAGES.malformed,
      push(
        message('x', {
          attachments: Array.from({ length: 6 }, (_, i) => ({
            id: `${'B'.repeat(20)}${i}`,
            name: 'f',
            size: 1,
          })),
        }),
      ),
    ],
    ['a plain string instead of a message', CHAT_MESSAGES.malformed, push('hello' as never)],
    [
      'the id of a message that exists',
      'A message with this id exists',
      push(message('Again', { id: 'first-message' })),
    ],
    [
      'one id twice in one update',
      'A message with this id exists',
      push(message('a', { id: 'twin-0001' }), message('b', { id: 'twin-0001' })),
    ],
    ['a read marker', 'Only messages can be added', (d) => d.getMap(CHAT_DOC.reads).set(ADMIN, 5)],
    [
      'a person',
      'Only messages can be added',
      (d) => d.getMap(CHAT_DOC.people).set(TUNER, { firstName: 'X', lastName: '', role: 'admin' }),
    ],
    ['the meta map', 'Only messages can be added', (d) => d.getMap(CHAT_DOC.meta).set('ownerId', ADMIN)],
    ['a root type of its own', 'Only messages can be added', (d) => d.getText('notes').insert(0, 'x')],
    [
      'a shared type inside messages',
      'Only messages can be added',
      (d) => chatMessagesOf(d).push([new Y.Map() as never]),
    ],
  ];

  it.each(refusals)('%s', (_name, reason, change) => {
    expect(verdict(change)).toEqual({ kind: 'refuse', reason });
  });

  it('a deletion of structs the server does not know', () => {
    const { doc } = serverDoc();
    const { client } = clientUpdate(doc, push(message('Unseen')));
    const { update } = clientUpdate(
      client,
      (d) => chatMessagesOf(d).delete(2, 1),
      Y.encodeStateAsUpdate(client),
    );
    expect(inspectUpdate(doc, update, TUNER, new Set())).toEqual({
      kind: 'refuse',
      reason: 'Deleting messages is not allowed',
    });
  });

  it('bytes that are not a Yjs update', () => {
    const { doc } = serverDoc();
    expect(inspectUpdate(doc, Uint8Array.of(9, 9, 9, 9), TUNER, new Set())).toEqual({
      kind: 'refuse',
      reason: 'Malformed update',
    });
  });
});
