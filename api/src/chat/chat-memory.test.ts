import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server';
import { chatClient } from './test/chat-client';
import { type ChatSetup, chatSetup } from './test/fixtures';

const CYCLES = 1_000;
const WARM_UP = 100;

/** The real collector: the API test workers start with Node's --expose-gc (vite.config.ts). */
function collector(): () => void {
  const { gc } = globalThis as { gc?: () => void };
  if (!gc) throw new Error('The API test workers start with --expose-gc (vite.config.ts)');
  return gc;
}

let server: TestServer;
let chat: ChatSetup;
beforeAll(async () => {
  server = await startTestServer();
  chat = await chatSetup(server);
});
afterAll(async () => {
  await server?.close();
});

const until = async (check: () => boolean) => {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
};

/** One join and leave: connect, sync, go, and wait until the server unloaded the room. */
async function cycle(i: number) {
  const { tuner, ticket } = chat;
  const client = chatClient(server.url, tuner.client, tuner.user._id, ticket.ticketNumber);
  await until(() => client.provider.synced);
  if (i > 0 && i % 100 === 0) client.send(`Cycle ${i}`); // now and then the room has something to store
  client.destroy();
  await until(() => server.hub.loadedRooms === 0);
}

function heapAfterGc(gc: () => void): number {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
}

describe('room join/leave cycles', () => {
  it(`${CYCLES} cycles leave no rooms, sockets or listeners behind, and the heap does not grow`, {
    timeout: 240_000,
  }, async () => {
    const gc = collector();
    const exitListeners = process.listenerCount('exit');
    for (let i = 0; i < WARM_UP; i++) await cycle(0);
    const start = heapAfterGc(gc);
    const started = Date.now();
    for (let i = 1; i <= CYCLES; i++) await cycle(i);
    const end = heapAfterGc(gc);
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
    console.info(
      `[chat memory] ${CYCLES} room cycles in ${Date.now() - started} ms: heap ${mb(start)} -> ${mb(end)} (${(end / start).toFixed(3)}x)`,
    );
    expect(server.hub.loadedRooms).toBe(0);
    expect(process.listenerCount('exit')).toBe(exitListeners);
    expect(end).toBeLessThanOrEqual(start * 1.1);
    // The history is whole after all that: 10 messages, one per hundred cycles.
    const last = chatClient(server.url, chat.tuner.client, chat.tuner.user._id, chat.ticket.ticketNumber);
    await until(() => last.provider.synced);
    expect(last.messages()).toHaveLength(CYCLES / 100);
    last.destroy();
  });
});
