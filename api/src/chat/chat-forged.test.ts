import { randomUUID } from 'node:crypto';
import { CHAT_DOC, chatMessagesOf } from '@ecu/shared/chat/doc';
import { WRITTEN_AT_MAX_AGE_MS } from '@ecu/shared/chat/limits';
import { CHAT_MESSAGES, type ChatMessage } from '@ecu/shared/chat/message';
import type { ChatLoadPayload } from '@ecu/shared/chat/payload';
import { CHAT_CLOSE } from '@ecu/shared/chat/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { startTestServer, type TestServer } from '../test/test-server';
import { type ChatClient, chatClient } from './test/chat-client';
import { type ChatSetup, chatSetup, loadPayload } from './test/fixtures';
import { rawChatSocket } from './test/raw-socket';
import { UPDATE_REFUSED } from './validate-update';

let server: TestServer;
let chat: ChatSetup;
/** The admin's client, connected throughout: it must never see a refused change. */
let observer: ChatClient;
let history: ChatMessage[];
let baseline: { tuner: ChatLoadPayload; admin: ChatLoadPayload; maps: Record<string, unknown> };
const open: ChatClient[] = [];

const mapsOf = (doc: Y.Doc) => ({
  reads: doc.getMap(CHAT_DOC.reads).toJSON(),
  people: doc.getMap(CHAT_DOC.people).toJSON(),
  meta: doc.getMap(CHAT_DOC.meta).toJSON(),
});

beforeAll(async () => {
  server = await startTestServer();
  chat = await chatSetup(server);
  const n = chat.ticket.ticketNumber;
  const tuner = chatClient(server.url, chat.tuner.client, chat.tuner.user._id, n);
  observer = chatClient(server.url, chat.admin.client, chat.admin.user._id, n);
  await tuner.until(() => tuner.provider.synced);
  await observer.until(() => observer.provider.synced);
  tuner.send('The original words of the tuner.');
  tuner.markRead(1);
  await observer.until(() => observer.messages().length === 1);
  observer.send('The original words of support.');
  await tuner.until(() => tuner.messages().length === 2 && (tuner.acked().size ?? 0) > 0);
  tuner.destroy();
  history = observer.messages();
  baseline = {
    tuner: await loadPayload(chat.tuner.client, n),
    admin: await loadPayload(chat.admin.client, n),
    maps: mapsOf(observer.doc),
  };
});
afterEach(async () => {
  for (const client of open.splice(0)) client.destroy();
  // Nothing of a refused update is stored, served or relayed.
  const n = chat.ticket.ticketNumber;
  expect(await loadPayload(chat.tuner.client, n)).toEqual(baseline.tuner);
  expect(await loadPayload(chat.admin.client, n)).toEqual(baseline.admin);
  const fresh = chatClient(server.url, chat.admin.client, chat.admin.user._id, n);
  await fresh.until(() => fresh.provider.synced);
  expect(fresh.messages()).toEqual(history);
  expect(mapsOf(fresh.doc)).toEqual(baseline.maps);
  fresh.destroy();
  expect(observer.messages()).toEqual(history);
  expect(observer.provider.wsconnected).toBe(true);
});
afterAll(async () => {
  observer?.destroy();
  await server?.close();
});

/** What the server holds now is the history the next tests compare with. */
async function rebase() {
  const n = chat.ticket.ticketNumber;
  history = observer.messages();
  baseline = {
    tuner: await loadPayload(chat.tuner.client, n),
    admin: await loadPayload(chat.admin.client, n),
    maps: mapsOf(observer.doc),
  };
}

/** The client id the server writes its own entries under (it wrote 'meta' when the room loaded). */
function serverClientId(doc: Y.Doc): number {
  const meta = doc.getMap(CHAT_DOC.meta);
  for (const [client, structs] of doc.store.clients) {
    if (structs.some((s) => s instanceof Y.Item && s.parent === meta)) return client;
  }
  throw new Error('No server entries in the doc');
}

/** A synced client of the ticket's owner (or the admin) about to forge something. */
async function forger(as: 'tuner' | 'admin' = 'tuner'): Promise<ChatClient> {
  const who = chat[as];
  const client = chatClient(server.url, who.client, who.user._id, chat.ticket.ticketNumber);
  open.push(client);
  await client.until(() => client.provider.synced && client.messages().length === history.length);
  return client;
}

const message = (text: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: randomUUID(),
  senderId: chat.tuner.user._id,
  text,
  time: Date.now(),
  ...extra,
});

type Forgery = [name: string, reason: string, change: (doc: Y.Doc) => void];

const forgeries: Forgery[] = [
  ["deleting support's message", 'Deleting messages is not allowed', (d) => chatMessagesOf(d).delete(1, 1)],
  ['deleting its own message', 'Deleting messages is not allowed', (d) => chatMessagesOf(d).delete(0, 1)],
  [
    "rewriting support's message in place (delete + insert)",
    'Messages can only be added at the end',
    (d) =>
      d.transact(() => {
        const theirs = chatMessagesOf(d).get(1);
        chatMessagesOf(d).delete(1, 1);
        chatMessagesOf(d).insert(1, [{ ...theirs, text: 'Support says: no refunds.' }]);
      }),
  ],
  [
    "replacing support's message with an edited copy at the end",
    CHAT_MESSAGES.wrongSender,
    (d) =>
      d.transact(() => {
        const theirs = chatMessagesOf(d).get(1);
        chatMessagesOf(d).delete(1, 1);
        chatMessagesOf(d).push([{ ...theirs, id: randomUUID(), text: 'Support says: no refunds.' }]);
      }),
  ],
  [
    'replacing its own message with a new one at the end',
    'Deleting messages is not allowed',
    (d) =>
      d.transact(() => {
        chatMessagesOf(d).delete(0, 1);
        chatMessagesOf(d).push([message('What I meant to say.')]);
      }),
  ],
  [
    'claiming to be support',
    CHAT_MESSAGES.wrongSender,
    (d) => chatMessagesOf(d).push([message('Refund approved.', { senderId: chat.admin.user._id })]),
  ],
  ['a blank text', CHAT_MESSAGES.blank, (d) => chatMessagesOf(d).push([message('')])],
  [
    'a time past what a Date holds (9e15)',
    CHAT_MESSAGES.malformed,
    (d) => chatMessagesOf(d).push([message('From the far future', { time: 9e15 })]),
  ],
  ['a whitespace-only text', CHAT_MESSAGES.blank, (d) => chatMessagesOf(d).push([message(' \n\t  ')])],
  [
    'a text of 2,001 characters after trimming',
    CHAT_MESSAGES.tooLong,
    (d) => chatMessagesOf(d).push([message(`  ${'x'.repeat(2001)}  `)]),
  ],
  [
    'a message id that exists',
    'A message with this id exists',
    (d) => chatMessagesOf(d).push([message('Again', { id: history[0]!.id })]),
  ],
  [
    'an unknown field',
    CHAT_MESSAGES.malformed,
    (d) => chatMessagesOf(d).push([{ ...message('Hi'), pinned: true } as ChatMessage]),
  ],
  [
    'a message before an existing one',
    'Messages can only be added at the end',
    (d) => chatMessagesOf(d).insert(0, [message('First!')]),
  ],
  [
    'a read marker of its own making',
    'Only messages can be added',
    (d) => d.getMap(CHAT_DOC.reads).set(chat.admin.user._id, 99),
  ],
  [
    "a name in 'people'",
    'Only messages can be added',
    (d) =>
      d
        .getMap(CHAT_DOC.people)
        .set(chat.tuner.user._id, { firstName: 'Support', lastName: '', role: 'admin' }),
  ],
  [
    "the owner in 'meta'",
    'Only messages can be added',
    (d) => d.getMap(CHAT_DOC.meta).set('ownerId', chat.admin.user._id),
  ],
  ['a type of its own', 'Only messages can be added', (d) => d.getText('notes').insert(0, 'hello')],
  [
    'a shared type inside messages',
    'Only messages can be added',
    (d) => chatMessagesOf(d).push([new Y.Map() as never]),
  ],
];

describe('a forged update is refused (4400) and the stored history is unchanged', () => {
  it.each(forgeries)('%s', async (_name, reason, change) => {
    const client = await forger();
    change(client.doc);
    const closed = await client.closed();
    expect(closed.code).toBe(CHAT_CLOSE.refusedUpdate);
    expect(closed.reason).toBe(reason);
  });

  it("an admin deleting the tuner's message is refused too", async () => {
    const client = await forger('admin');
    chatMessagesOf(client.doc).delete(0, 1);
    expect(await client.closed()).toEqual({
      code: CHAT_CLOSE.refusedUpdate,
      reason: 'Deleting messages is not allowed',
    });
  });

  it('a hand-made update from a raw socket (a second Y.Doc) is refused', async () => {
    const raw = rawChatSocket(server.url, chat.tuner.client, chat.ticket.ticketNumber);
    await raw.synced;
    expect(chatMessagesOf(raw.doc).toArray()).toEqual(history);
    raw.forge((d) =>
      d.transact(() => {
        chatMessagesOf(d).delete(1, 1);
        chatMessagesOf(d).push([message('Forged by hand.', { senderId: chat.admin.user._id })]);
      }),
    );
    expect((await raw.closed).code).toBe(CHAT_CLOSE.refusedUpdate);
  });

  it.each([
    ['a truncated sync message', Uint8Array.of(0, 2, 50, 1, 2, 3)],
    ['an update that is not Yjs', Uint8Array.of(0, 2, 6, 255, 255, 255, 255, 255, 255)],
    ['a read report without a count', Uint8Array.of(100)],
    ['an empty message', new Uint8Array(0)],
  ])('a malformed binary message (%s) closes with 4400 and the others are served', async (_name, bytes) => {
    const raw = rawChatSocket(server.url, chat.tuner.client, chat.ticket.ticketNumber);
    await raw.synced;
    raw.ws.send(bytes);
    expect((await raw.closed).code).toBe(CHAT_CLOSE.refusedUpdate);
    // The server still takes a good message from another connection and relays it.
    const client = await forger();
    const ok = client.send('Still here?');
    await observer.until(() => observer.messages().some((m) => m.id === ok.id));
    history = observer.messages();
    baseline.tuner = await loadPayload(chat.tuner.client, chat.ticket.ticketNumber);
    baseline.admin = await loadPayload(chat.admin.client, chat.ticket.ticketNumber);
  });
});

describe('the server decides where a message goes and when it was sent', () => {
  it('a message with no left neighbour (it would land above all history) is moved after the history', async () => {
    const raw = rawChatSocket(server.url, chat.tuner.client, chat.ticket.ticketNumber);
    await raw.synced;
    // A doc that never saw the history; client id 1 sorts before every other writer's.
    const lone = new Y.Doc();
    lone.clientID = 1;
    const m = message('Above all history?');
    chatMessagesOf(lone).push([m]);
    raw.sendUpdate(Y.encodeStateAsUpdate(lone));
    await observer.until(() => observer.messages().some((x) => x.id === m.id));
    expect(observer.messages()).toEqual([...history, m]);
    const payload = await loadPayload(chat.admin.client, chat.ticket.ticketNumber);
    expect(payload.messages.map((x) => x._id)).toEqual([...history.map((x) => x.id), m.id]);
    expect(raw.ws.readyState).toBe(raw.ws.OPEN);
    raw.ws.close();
    await rebase();
  });

  it("a message dated 2017 shows the server's receive time", async () => {
    const client = await forger();
    const sentAfter = Date.now();
    const m = client.send('Back to the past', { time: Date.UTC(2017, 0, 1) });
    await observer.until(() => observer.doc.getMap(CHAT_DOC.received).has(m.id));
    const payload = await loadPayload(chat.tuner.client, chat.ticket.ticketNumber);
    const shown = payload.messages.at(-1);
    expect(shown?._id).toBe(m.id);
    const at = Date.parse(shown?.createdAt ?? '');
    expect(at).toBe(observer.doc.getMap<number>(CHAT_DOC.received).get(m.id));
    expect(at).toBeGreaterThanOrEqual(sentAfter);
    expect(at).toBeLessThanOrEqual(Date.now());
    // The writer's clock is kept as 'written at', no earlier than 30 days before receipt.
    expect(shown?.writtenAt).toBe(new Date(at - WRITTEN_AT_MAX_AGE_MS).toISOString());
    await rebase();
  });
});

describe("an update under the server's client id or on structs it has not seen is refused (4400)", () => {
  it("a struct that overlaps the server's own last entries in part", async () => {
    const raw = rawChatSocket(server.url, chat.tuner.client, chat.ticket.ticketNumber);
    await raw.synced;
    const serverId = serverClientId(raw.doc);
    const seen = Y.encodeStateAsUpdate(raw.doc);
    const seenVector = Y.encodeStateVector(raw.doc);
    const clockBefore = Y.getState(raw.doc.store, serverId);
    // The server writes on under its id (the admin's read marker) after this copy was taken.
    observer.markRead(history.length);
    await new Promise<void>((resolve) => {
      const check = () => Y.getState(raw.doc.store, serverId) > clockBefore && resolve();
      raw.doc.on('update', check);
      check();
    });
    const writer = new Y.Doc();
    Y.applyUpdate(writer, seen);
    writer.clientID = serverId;
    chatMessagesOf(writer).push([message('Overlap one'), message('Overlap two')]);
    const update = Y.encodeStateAsUpdate(writer, seenVector);
    expect(Y.decodeUpdate(update).structs).toHaveLength(1);
    raw.sendUpdate(update);
    expect(await raw.closed).toEqual({ code: CHAT_CLOSE.refusedUpdate, reason: UPDATE_REFUSED.serverId });
    await rebase(); // the read marker moved
  });

  it("a message at the server's next clock", async () => {
    const raw = rawChatSocket(server.url, chat.tuner.client, chat.ticket.ticketNumber);
    await raw.synced;
    const serverId = serverClientId(raw.doc);
    raw.forge((d) => {
      d.clientID = serverId;
      chatMessagesOf(d).push([message('In the server name')]);
    });
    expect(await raw.closed).toEqual({ code: CHAT_CLOSE.refusedUpdate, reason: UPDATE_REFUSED.serverId });
  });

  it('a message after a message the server never received', async () => {
    const raw = rawChatSocket(server.url, chat.tuner.client, chat.ticket.ticketNumber);
    await raw.synced;
    const writer = new Y.Doc();
    Y.applyUpdate(writer, Y.encodeStateAsUpdate(raw.doc));
    chatMessagesOf(writer).push([message('Never sent')]);
    const before = Y.encodeStateVector(writer);
    chatMessagesOf(writer).push([message('Builds on it')]);
    raw.sendUpdate(Y.encodeStateAsUpdate(writer, before));
    expect(await raw.closed).toEqual({ code: CHAT_CLOSE.refusedUpdate, reason: UPDATE_REFUSED.unknown });
  });
});
