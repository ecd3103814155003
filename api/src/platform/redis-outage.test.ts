import { randomBytes } from 'node:crypto';
import { CHAT_CLOSE } from '@ecu/shared/chat/protocol';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import {
  type ChatClient,
  chatClient,
  onServer,
  rawChatSocket,
  verifiedUserFromRandomIp,
} from '../test/chat-helpers';
import { adminUser, newClient, type TestUser } from '../test/factories';
import { recordingLogger } from '../test/recording-logger';
import { TestRedis } from '../test/redis-server';
import { openTestDatabase } from '../test/test-db';
import { startTestServer, type TestServer } from '../test/test-server';
import { submitTicket } from '../test/ticket-helpers';

/**
 * Two API servers on one database and a redis-server of this file's own, which goes away
 * and comes back (docs/decisions/072-redis-outage.md). On api-postgres they share one
 * PostgreSQL database; on api-pglite one PGlite (both servers hold the same Database object).
 */
let redis: TestRedis;
let database: Database;
let serverA: TestServer;
let serverB: TestServer;
const logA = recordingLogger();
const logB = recordingLogger();
let admin: TestUser;
let tuner: TestUser;
let ticketNumber: number;
const open: ChatClient[] = [];

beforeAll(async () => {
  redis = await TestRedis.start();
  database = await openTestDatabase();
  const env = { REDIS_URL: redis.url, AUTH_SECRET: randomBytes(32).toString('hex') };
  serverA = await startTestServer({ database, env, logger: logA });
  serverB = await startTestServer({
    database,
    // One mailbox: a mail queued on A may be delivered by B's worker.
    env: { ...env, SMTP_URL: serverA.smtp.url },
    logger: logB,
  });
  admin = await adminUser(serverA);
  tuner = await verifiedUserFromRandomIp(serverA);
  ticketNumber = (await submitTicket(tuner.client)).ticket.ticketNumber;
}, 60_000);
afterEach(() => {
  for (const client of open.splice(0)) client.destroy();
});
afterAll(async () => {
  await serverA?.close();
  await serverB?.close();
  await database?.close();
  await redis?.kill();
});

async function connect(server: TestServer, who: TestUser): Promise<ChatClient> {
  const client = chatClient(server.url, onServer(who.client, server), who.user._id, ticketNumber);
  open.push(client);
  await client.until(() => client.provider.synced, 10_000);
  return client;
}

/** Sign-ins from a fresh browser (its own IP): the right password, then a wrong one. */
async function signIns(server: TestServer): Promise<number[]> {
  const statuses: number[] = [];
  for (const password of [tuner.password, 'not-the-password-1']) {
    const res = await newClient(server).post('/api/auth/login', { email: tuner.email, password });
    statuses.push(res.status);
  }
  return statuses;
}

const linesWith = (lines: string[], text: string) => lines.filter((l) => l.includes(text)).length;

describe('two servers whose Redis goes away and comes back', () => {
  it('sign in without a 5xx, send chats to reconnect, and fan out again once Redis is back', async () => {
    const a = await connect(serverA, tuner);
    const b = await connect(serverB, admin);
    const first = a.send('Before Redis went away');
    await b.until(() => b.messages().some((m) => m.id === first.id));
    const closedA = a.closed();
    const closedB = b.closed();

    await redis.kill();

    // Open chats on both servers are told to try again later, not that the chat failed.
    expect((await closedA).code).toBe(CHAT_CLOSE.tryAgainLater);
    expect((await closedB).code).toBe(CHAT_CLOSE.tryAgainLater);
    // A new chat socket is told the same.
    const fresh = rawChatSocket(serverB.url, onServer(admin.client, serverB), ticketNumber);
    expect(await fresh.closed).toEqual({
      code: CHAT_CLOSE.tryAgainLater,
      reason: 'The chat is reconnecting',
    });

    // Sign-in counts its attempts in the database: right password 200, wrong one 401, on both.
    for (let round = 0; round < 3; round++) {
      expect(await signIns(serverA)).toEqual([200, 401]);
      expect(await signIns(serverB)).toEqual([200, 401]);
    }
    expect((await onServer(tuner.client, serverB).get('/api/ecuFile/my-files')).status).toBe(200);
    // Said once per server, not once per request.
    for (const log of [logA, logB]) {
      expect(linesWith(log.lines, 'Rate limits count in the database')).toBe(1);
      expect(linesWith(log.lines, 'Redis is unreachable')).toBe(1);
    }

    await redis.restart();

    // The clients reconnect by themselves; what one sends reaches the other through Redis.
    await a.until(() => a.provider.synced, 20_000);
    await b.until(() => b.provider.synced, 20_000);
    const second = a.send('After Redis came back');
    await b.until(() => b.messages().some((m) => m.id === second.id));
    const third = b.send('Answered on the other server');
    await a.until(() => a.messages().some((m) => m.id === third.id));
    expect(a.messages().map((m) => m.text)).toEqual(b.messages().map((m) => m.text));

    // Rate limits count in Redis again: the restarted Redis started empty, and holds counters now.
    expect(await signIns(serverA)).toEqual([200, 401]);
    const check = new Redis(redis.url);
    const counters = await check.keys('rl:*').finally(() => check.disconnect());
    expect(counters.length).toBeGreaterThan(0);
    expect(linesWith(logA.lines, 'Rate limits count in Redis again')).toBe(1);
    expect(linesWith(logA.lines, 'Redis is reachable again')).toBe(1);
  }, 90_000);
});
