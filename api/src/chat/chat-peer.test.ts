import { randomBytes, randomUUID } from 'node:crypto';
import { CHAT_DOC, chatMessagesOf } from '@ecu/shared/chat/doc';
import type { ChatMessage } from '@ecu/shared/chat/message';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { Logger } from '../platform/logger';
import { startTestServer, type TestServer } from '../test/test-server';
import { encodePeerUpdate } from './peer-update';
import { type ChatClient, chatClient } from './test/chat-client';
import { type ChatSetup, chatSetup, eventually, loadPayload } from './test/fixtures';

/**
 * Another API process as Redis carries it (api/src/chat/fanout.ts): messages published on
 * the room's channel by hand, as a peer with a bug or an old version would send them.
 */
const REDIS_URL = 'redis://127.0.0.1:6379';
const warnings: string[] = [];
const errors: string[] = [];
const logger: Logger = {
  info: () => {},
  notice: () => {},
  warn: (...args) => warnings.push(args.map(String).join(' ')),
  error: (...args) => errors.push(args.map(String).join(' ')),
};

let server: TestServer;
let redis: Redis;
let chat: ChatSetup;
let watcher: ChatClient;
const peerId = randomBytes(16);
beforeAll(async () => {
  server = await startTestServer({
    logger,
    env: { REDIS_URL, AUTH_SECRET: randomBytes(32).toString('hex') },
  });
  redis = new Redis(REDIS_URL);
  chat = await chatSetup(server);
  watcher = chatClient(server.url, chat.admin.client, chat.admin.user._id, chat.ticket.ticketNumber);
  await watcher.until(() => watcher.provider.synced);
});
afterEach(() => {
  warnings.splice(0);
  expect(errors).toEqual([]);
});
afterAll(async () => {
  watcher?.destroy();
  redis?.disconnect();
  await server?.close();
});

/** Publishes an update on the room's channel as another process does. */
async function publishAsPeer(writer: string | null, update: Uint8Array) {
  const payload = encodePeerUpdate(writer, update);
  await redis.publish(`chat:${chat.ticket._id}`, Buffer.concat([Buffer.from([0]), peerId, payload]));
}

/** An update that pushes `messages` after what the watcher (the server's copy) holds. */
function pushed(change: (doc: Y.Doc) => void): Uint8Array {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(watcher.doc));
  const before = Y.encodeStateVector(doc);
  change(doc);
  return Y.encodeStateAsUpdate(doc, before);
}

const message = (senderId: string, text: string): ChatMessage => ({
  id: randomUUID(),
  senderId,
  text,
  time: Date.now(),
});

describe('an update from another process is checked like one from a socket', () => {
  it.each<[string, () => [string | null, Uint8Array]]>([
    [
      "a message in another's name",
      () => [
        chat.tuner.user._id,
        pushed((d) => chatMessagesOf(d).push([message(chat.admin.user._id, 'Refund approved')])),
      ],
    ],
    [
      "a server's write that adds a message",
      () => [null, pushed((d) => chatMessagesOf(d).push([message(chat.admin.user._id, 'From nowhere')]))],
    ],
    ['a deletion of a message', () => [chat.tuner.user._id, pushed((d) => chatMessagesOf(d).delete(0, 1))]],
    [
      "a client's write to the read markers",
      () => [chat.tuner.user._id, pushed((d) => d.getMap(CHAT_DOC.reads).set(chat.admin.user._id, 99))],
    ],
  ])('%s is not applied (logged), and a good one after it is', async (_name, forge) => {
    const known = await loadPayload(chat.tuner.client, chat.ticket.ticketNumber);
    const before = watcher.messages();
    const [writer, update] = forge();
    await publishAsPeer(writer, update);
    await eventually(() => warnings.some((w) => w.includes('from another process refused')));

    const good = message(chat.tuner.user._id, 'A message relayed by another process');
    await publishAsPeer(
      chat.tuner.user._id,
      pushed((d) => chatMessagesOf(d).push([good])),
    );
    await watcher.until(() => watcher.messages().some((m) => m.id === good.id));
    expect(watcher.messages()).toEqual([...before, good]);
    expect(watcher.doc.getMap(CHAT_DOC.reads).get(chat.admin.user._id)).not.toBe(99);
    // The peer stored it; this process only relays (the store is the other process's job).
    const now = await loadPayload(chat.tuner.client, chat.ticket.ticketNumber);
    expect(now.messages.slice(0, known.messages.length)).toEqual(known.messages);
  });
});
