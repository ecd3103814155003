import { randomUUID } from 'node:crypto';
import { chatMessagesOf } from '@ecu/shared/chat/doc';
import type { ChatMessage } from '@ecu/shared/chat/message';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { startTestServer, type TestServer } from '../test/test-server';
import { COMPACT_AFTER } from '.';
import { appendChatUpdates } from './persistence';
import { type ChatClient, chatClient } from './test/chat-client';
import {
  appendedUpdates,
  chatSetup,
  eventually,
  hasSnapshot,
  holdUpdatesTable,
  indexedMessage,
  loadPayload,
  sleep,
  storedDoc,
} from './test/fixtures';

let server: TestServer;
const open: ChatClient[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => {
  for (const client of open.splice(0)) client.destroy();
});
afterAll(async () => {
  await server?.close();
});

async function connect(who: { client: Parameters<typeof chatClient>[1]; user: { _id: string } }, n: number) {
  const client = chatClient(server.url, who.client, who.user._id, n);
  open.push(client);
  await client.until(() => client.provider.synced);
  return client;
}

/** Whether the server's last ack covers everything this client wrote. */
const ackCovers = (c: ChatClient) =>
  (c.acked().get(c.doc.clientID) ?? 0) >= Y.getState(c.doc.store, c.doc.clientID);
const storedMessages = async (ticketId: string) =>
  chatMessagesOf(await storedDoc(server.deps.db, ticketId)).toArray();
const sameState = (a: Y.Doc, b: Y.Doc) =>
  expect(Y.decodeStateVector(Y.encodeStateVector(a))).toEqual(Y.decodeStateVector(Y.encodeStateVector(b)));

describe('acks (MESSAGE_ACK)', () => {
  it('come after the update is stored, with a state vector covering the writer', async () => {
    const { tuner, admin, ticket } = await chatSetup(server);
    const a = await connect(tuner, ticket.ticketNumber);
    const b = await connect(admin, ticket.ticketNumber);
    a.send('Before the lock');
    await a.until(() => ackCovers(a));

    // Appends wait for the table, broadcasts do not (docs/decisions/022-chat-on-yjs.md).
    const { release, held } = await holdUpdatesTable(server.deps.db);
    const m = a.send('Written while the store is busy');
    await b.until(() => b.messages().some((x) => x.id === m.id));
    await sleep(300);
    expect(ackCovers(a)).toBe(false);
    release();
    await held;
    await a.until(() => ackCovers(a));
    expect(a.acked().get(a.doc.clientID)).toBe(2);
    expect((await storedMessages(ticket._id)).map((x) => x.id)).toContain(m.id);
    await eventually(async () => (await indexedMessage(server.deps.db, ticket._id, m.id)) !== undefined);
  });

  it('cover only what was stored when each was sent, not what is still waiting', async () => {
    const { tuner, ticket } = await chatSetup(server);
    const a = await connect(tuner, ticket.ticketNumber);
    a.send('Before the lock');
    await a.until(() => ackCovers(a));
    const { release, held } = await holdUpdatesTable(server.deps.db);
    const burst = [a.send('first'), a.send('second'), a.send('third')];
    await sleep(300); // all three applied (and relayed), none stored
    const acksBefore = a.ackLog().length;
    release();
    await held;
    await a.until(() => ackCovers(a));
    // One ack per stored update, each covering the writer's clock up to that update.
    const clocks = a
      .ackLog()
      .slice(acksBefore)
      .map((vector) => vector.get(a.doc.clientID));
    expect(clocks).toEqual([2, 3, 4]);
    expect((await storedMessages(ticket._id)).slice(1)).toEqual(burst);
  });
});

describe('persistence', () => {
  it('unloads the room when the last client leaves and merges its updates into the snapshot', async () => {
    const { tuner, admin, ticket } = await chatSetup(server);
    const a = await connect(tuner, ticket.ticketNumber);
    const b = await connect(admin, ticket.ticketNumber);
    for (const text of ['one', 'two', 'three']) a.send(text);
    b.send('four');
    await a.until(() => ackCovers(a) && a.messages().length === 4);
    await b.until(() => ackCovers(b));
    expect(server.hub.loadedRooms).toBe(1);
    expect((await appendedUpdates(server.deps.db, ticket._id)).length).toBeGreaterThanOrEqual(4);
    expect(await hasSnapshot(server.deps.db, ticket._id)).toBe(false);

    a.destroy();
    await sleep(100);
    expect(server.hub.loadedRooms).toBe(1); // the admin is still there
    b.destroy();
    await eventually(() => server.hub.loadedRooms === 0);
    // The room left the hub at once; its store finishes in the background.
    await eventually(async () => (await appendedUpdates(server.deps.db, ticket._id)).length === 0);
    expect(await hasSnapshot(server.deps.db, ticket._id)).toBe(true);
    expect(await storedMessages(ticket._id)).toEqual(a.messages());

    const again = await connect(tuner, ticket.ticketNumber);
    expect(again.messages()).toEqual(a.messages());
    sameState(again.doc, b.doc);
  });

  it(`compacts an open room past ${COMPACT_AFTER} appended updates; the doc loads identically`, async () => {
    const { tuner, ticket } = await chatSetup(server);
    // An account sends at most CHAT_RATE.messages a minute: most of the history is stored
    // already, one update per message, as an earlier session of the tuner left it.
    const earlier = new Y.Doc();
    const rows: { ticketId: string; data: Uint8Array }[] = [];
    earlier.on('update', (data: Uint8Array) => rows.push({ ticketId: ticket._id, data }));
    const sent: ChatMessage[] = [];
    for (let i = 0; i < COMPACT_AFTER - 10; i++) {
      const m = { id: randomUUID(), senderId: tuner.user._id, text: `Message ${i + 1}`, time: Date.now() };
      chatMessagesOf(earlier).push([m]);
      sent.push(m);
    }
    await appendChatUpdates(server.deps.db, rows);
    const a = await connect(tuner, ticket.ticketNumber);
    await a.until(() => a.messages().length === sent.length);
    // Each live message appends two updates (the message, then the server's receive time).
    for (let i = sent.length; i < COMPACT_AFTER + 5; i++) sent.push(a.send(`Message ${i + 1}`));
    // Every message stored (the snapshot with what was appended since).
    await eventually(async () => (await storedMessages(ticket._id)).length === sent.length, 20_000);
    expect(server.hub.loadedRooms).toBe(1);
    expect(await hasSnapshot(server.deps.db, ticket._id)).toBe(true);
    const appended = (await appendedUpdates(server.deps.db, ticket._id)).length;
    expect(appended).toBeGreaterThan(0);
    expect(appended).toBeLessThan(COMPACT_AFTER);
    expect(await storedMessages(ticket._id)).toEqual(sent);

    a.destroy();
    await eventually(() => server.hub.loadedRooms === 0);
    const again = await connect(tuner, ticket.ticketNumber);
    expect(again.messages()).toEqual(sent);
    sameState(again.doc, a.doc);
    const payload = await loadPayload(tuner.client, ticket.ticketNumber);
    expect(payload.messages.map((m) => m.message)).toEqual(sent.map((m) => m.text));
  });
});
