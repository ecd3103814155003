import { randomUUID } from 'node:crypto';
import { chatMessagesOf } from '@ecu/shared/chat/doc';
import { CHAT_FULL_TEXT, CHAT_RATE, CHAT_ROOM_LIMITS, retryAfterOf } from '@ecu/shared/chat/limits';
import type { ChatMessage } from '@ecu/shared/chat/message';
import { CHAT_CLOSE } from '@ecu/shared/chat/protocol';
import * as encoding from 'lib0/encoding';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { Logger } from '../platform/logger';
import { startTestServer, type TestServer } from '../test/test-server';
import { appendChatUpdates } from './persistence';
import { type ChatClient, chatClient } from './test/chat-client';
import { chatSetup, loadPayload, sleep } from './test/fixtures';

/** The server's log lines, kept for the assertions (none is an error). */
const logged: { warn: string[]; error: string[] } = { warn: [], error: [] };
const text = (args: unknown[]) => args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ');
const logger: Logger = {
  info: () => {},
  notice: () => {},
  warn: (...args) => logged.warn.push(text(args)),
  error: (...args) => logged.error.push(text(args)),
};

let server: TestServer;
const open: ChatClient[] = [];
beforeAll(async () => {
  server = await startTestServer({ logger });
});
afterEach(() => {
  for (const client of open.splice(0)) client.destroy();
  expect(logged.error).toEqual([]);
});
afterAll(async () => {
  await server?.close();
});

async function connect(setup: Awaited<ReturnType<typeof chatSetup>>, as: 'tuner' | 'admin' = 'tuner') {
  const who = setup[as];
  const client = chatClient(server.url, who.client, who.user._id, setup.ticket.ticketNumber);
  open.push(client);
  await client.until(() => client.provider.synced);
  return client;
}

const entry = (senderId: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: randomUUID(),
  senderId,
  text: 'Stored before the checks',
  time: Date.now() - 60_000,
  ...extra,
});

/** Writes `values` into the ticket's stored chat as one update, as a server before the checks did. */
async function storeEntries(ticketId: string, values: unknown[]) {
  const doc = new Y.Doc();
  chatMessagesOf(doc).push(values as ChatMessage[]);
  await appendChatUpdates(server.deps.db, [{ ticketId, data: Y.encodeStateAsUpdate(doc) }]);
  doc.destroy();
}

describe('messages per account per minute', () => {
  it(`the message past ${CHAT_RATE.messages} a minute is refused with 4429 and a wait, and not stored`, async () => {
    const setup = await chatSetup(server);
    const client = await connect(setup);
    const sent: ChatMessage[] = [];
    for (let i = 0; i < CHAT_RATE.messages; i++) {
      sent.push(client.send(`Message ${i + 1}`));
      await client.until(() => (client.acked().get(client.doc.clientID) ?? 0) > i);
    }
    const over = client.send('One too many');
    const closed = await client.closed();
    expect(closed.code).toBe(CHAT_CLOSE.tooManyMessages);
    const wait = retryAfterOf(closed.reason, -1);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(CHAT_RATE.windowSeconds);
    const stored = await loadPayload(setup.tuner.client, setup.ticket.ticketNumber);
    expect(stored.messages.map((m) => m._id)).toEqual(sent.map((m) => m.id));
    expect(stored.messages.some((m) => m._id === over.id)).toBe(false);
    // The limit is the account's: the admin on the same ticket still writes.
    const admin = await connect(setup, 'admin');
    const reply = admin.send('Support is not limited by the customer');
    await admin.until(() => (admin.acked().get(admin.doc.clientID) ?? 0) > 0);
    const after = await loadPayload(setup.admin.client, setup.ticket.ticketNumber);
    expect(after.messages.at(-1)?._id).toBe(reply.id);
  });

  it('messages another process counted (the shared store) count here too', async () => {
    const setup = await chatSetup(server);
    // Another process took the account's whole minute.
    for (let i = 0; i < CHAT_RATE.messages; i++) {
      await server.deps.rateLimits.hit(
        `chat-messages:${setup.tuner.user._id}`,
        CHAT_RATE.windowSeconds,
        CHAT_RATE.messages,
      );
    }
    const client = await connect(setup);
    // This process has counted none yet: the first goes through, and the store's answer arrives.
    client.send('First here');
    await client.until(() => (client.acked().get(client.doc.clientID) ?? 0) > 0);
    await sleep(1_000); // the store's answer comes in the background
    client.send('Second here');
    const closed = await client.closed();
    expect(closed.code).toBe(CHAT_CLOSE.tooManyMessages);
    expect(retryAfterOf(closed.reason, -1)).toBeGreaterThan(0);
  });
});

describe('a size cap per chat', () => {
  it(`a chat holding ${CHAT_ROOM_LIMITS.messages} messages refuses one more with 4413, and keeps serving`, async () => {
    const setup = await chatSetup(server);
    const owner = setup.tuner.user._id;
    await storeEntries(
      setup.ticket._id,
      Array.from({ length: CHAT_ROOM_LIMITS.messages }, () => entry(owner, { text: 'x' })),
    );
    const client = await connect(setup);
    await client.until(() => client.messages().length === CHAT_ROOM_LIMITS.messages);
    const extra = client.send('Is there room for one more?');
    expect(await client.closed()).toEqual({ code: CHAT_CLOSE.chatFull, reason: CHAT_FULL_TEXT });
    const stored = await loadPayload(setup.tuner.client, setup.ticket.ticketNumber);
    expect(stored.messages).toHaveLength(CHAT_ROOM_LIMITS.messages);
    expect(stored.messages.some((m) => m._id === extra.id)).toBe(false);
  });
});

describe('a stored chat with entries from before the checks', () => {
  it('loads: the bad entries are skipped and logged, the rest is served and the chat goes on', async () => {
    const setup = await chatSetup(server);
    const owner = setup.tuner.user._id;
    const good1 = entry(owner, { text: 'Before' });
    const good2 = entry(owner, { text: 'After' });
    await storeEntries(setup.ticket._id, [
      good1,
      entry(owner, { time: 9e15 }),
      null,
      'a bare string',
      { id: 'no-sender-here' },
      good2,
    ]);
    const n = setup.ticket.ticketNumber;
    for (const who of [setup.tuner, setup.admin]) {
      const payload = await loadPayload(who.client, n);
      expect(payload.messages.map((m) => m._id)).toEqual([good1.id, good2.id]);
      expect(payload.messages[0]?.createdAt).toBe(new Date(good1.time).toISOString());
    }
    expect(logged.warn.filter((line) => line.includes(`Chat of ticket ${n}: stored entry`))).toHaveLength(
      2 * 4,
    );
    // The room loads from the same store and takes a new message after them.
    const client = await connect(setup);
    const next = client.send('Still works');
    await client.until(() => (client.acked().get(client.doc.clientID) ?? 0) > 0);
    const payload = await loadPayload(setup.admin.client, n);
    expect(payload.messages.map((m) => m._id)).toEqual([good1.id, good2.id, next.id]);
  });
});

describe('awareness (typing) is the account own', () => {
  it("a client cannot overwrite another client's typing entry", async () => {
    const setup = await chatSetup(server);
    const a = await connect(setup, 'tuner');
    const b = await connect(setup, 'admin');
    const c = await connect(setup, 'tuner');
    a.provider.awareness.setLocalStateField('typing', true);
    const stateOfA = () => c.provider.awareness.getStates().get(a.doc.clientID);
    await c.until(() => stateOfA()?.typing === true);
    const clock = c.provider.awareness.meta.get(a.doc.clientID)?.clock ?? 0;

    // b sends an entry for a's client id by hand: a newer clock, not typing, another name.
    const payload = encoding.createEncoder();
    encoding.writeVarUint(payload, 1);
    encoding.writeVarUint(payload, a.doc.clientID);
    encoding.writeVarUint(payload, clock + 10);
    encoding.writeVarString(payload, JSON.stringify({ user: { id: 'x', name: 'Support' }, typing: false }));
    const frame = encoding.createEncoder();
    encoding.writeVarUint(frame, 1);
    encoding.writeVarUint8Array(frame, encoding.toUint8Array(payload));
    b.provider.ws?.send(encoding.toUint8Array(frame));
    // Then its own entry: once c sees that, the forged one was handled before it.
    b.provider.awareness.setLocalStateField('typing', true);
    await c.until(() => c.provider.awareness.getStates().get(b.doc.clientID)?.typing === true);
    await sleep(50);
    expect(stateOfA()?.typing).toBe(true);
    expect(stateOfA()?.user).toEqual({ id: setup.tuner.user._id, name: 'Ada Lovelace', role: 'user' });
    expect(b.provider.wsconnected).toBe(true);
  });
});
