import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import { eventually } from '../test/chat-helpers';
import { recordingLogger } from '../test/recording-logger';
import { TestRedis } from '../test/redis-server';
import { openTestDatabase } from '../test/test-db';
import {
  databaseRateLimitStore,
  failoverRateLimitStore,
  type RateLimitStore,
  redisRateLimitStore,
} from './rate-limit';
import { connectRedis, redisReady } from './redis';

const REDIS_URL = 'redis://127.0.0.1:6379';
/** Keys of this run only, so that runs in parallel or after a crash never share counters. */
const prefix = `test-${randomBytes(6).toString('hex')}`;

let database: Database;
let redis: Redis;
const stores: Record<'database' | 'redis', () => RateLimitStore> = {
  database: () => databaseRateLimitStore(database.db),
  redis: () => redisRateLimitStore(redis),
};

beforeAll(async () => {
  database = await openTestDatabase();
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
});
afterAll(async () => {
  if (redis) {
    const keys = await redis.keys(`rl:${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  }
  await database?.close();
});

let keySequence = 0;
const newKey = () => `${prefix}:${++keySequence}`;

describe.each([['database'], ['redis']] as const)('the %s store', (kind) => {
  it('allows up to the limit within the window, then refuses with the time left', async () => {
    const store = stores[kind]();
    const key = newKey();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await store.hit(key, 60, 3));
    expect(answers.map((a) => a.allowed)).toEqual([true, true, true, false]);
    for (const a of answers) {
      expect(Number.isInteger(a.retryAfterSeconds)).toBe(true);
      expect(a.retryAfterSeconds).toBeGreaterThanOrEqual(59);
      expect(a.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
  });

  it('counts each key on its own', async () => {
    const store = stores[kind]();
    const [a, b] = [newKey(), newKey()];
    expect((await store.hit(a, 60, 1)).allowed).toBe(true);
    expect((await store.hit(a, 60, 1)).allowed).toBe(false);
    expect((await store.hit(b, 60, 1)).allowed).toBe(true);
  });

  it('starts a new window when the old one has passed', async () => {
    const store = stores[kind]();
    const key = newKey();
    expect((await store.hit(key, 1, 1)).allowed).toBe(true);
    const refused = await store.hit(key, 1, 1);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(1);
    await sleep(1100);
    expect((await store.hit(key, 1, 1)).allowed).toBe(true);
    expect((await store.hit(key, 1, 1)).allowed).toBe(false);
  });

  it('takes a hit back on release, never below zero, and only within the window', async () => {
    const store = stores[kind]();
    const key = newKey();
    expect((await store.hit(key, 60, 2)).allowed).toBe(true);
    expect((await store.hit(key, 60, 2)).allowed).toBe(true);
    await store.release(key);
    expect((await store.hit(key, 60, 2)).allowed).toBe(true);
    expect((await store.hit(key, 60, 2)).allowed).toBe(false);
    const unknown = newKey();
    await store.release(unknown);
    await store.release(unknown);
    expect((await store.hit(unknown, 60, 1)).allowed).toBe(true);
    expect((await store.hit(unknown, 60, 1)).allowed).toBe(false);
  });

  it('lets exactly the limit through when hits arrive at once', async () => {
    const store = stores[kind]();
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 25 }, () => store.hit(key, 60, 10)));
    expect(answers.filter((a) => a.allowed)).toHaveLength(10);
  });
});

describe('Redis with the database behind it', () => {
  let own: TestRedis;
  let client: Redis;
  const logger = recordingLogger();
  let store: RateLimitStore;
  const said = (text: string) => logger.lines.filter((l) => l.includes(text)).length;
  const inRedis = async (key: string) => (await client.exists(`rl:${key}`)) === 1;
  const inDatabase = async (key: string) =>
    (await database.db.select().from(rateLimits).where(eq(rateLimits.key, key))).length === 1;

  beforeAll(async () => {
    own = await TestRedis.start();
    client = await connectRedis(own.url, logger);
    store = failoverRateLimitStore(redisRateLimitStore(client), databaseRateLimitStore(database.db), {
      available: () => redisReady(client),
      logger,
    });
  });
  afterAll(async () => {
    client?.disconnect();
    await own?.kill();
  });

  it('counts in Redis, in the database while Redis is away (said once), and in Redis again', async () => {
    const before = newKey();
    expect((await store.hit(before, 60, 3)).allowed).toBe(true);
    expect(await inRedis(before)).toBe(true);
    expect(await inDatabase(before)).toBe(false);

    await own.kill();
    const during = newKey();
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await store.hit(during, 60, 3)).allowed);
    await store.release(during);
    for (let i = 0; i < 2; i++) answers.push((await store.hit(during, 60, 3)).allowed);
    expect(answers).toEqual([true, true, true, true, false]);
    expect(await inDatabase(during)).toBe(true);
    expect(said('Rate limits count in the database')).toBe(1);

    await own.restart();
    await eventually(() => redisReady(client), 10_000);
    const after = newKey();
    expect((await store.hit(after, 60, 3)).allowed).toBe(true);
    expect(await inRedis(after)).toBe(true);
    expect(await inDatabase(after)).toBe(false);
    expect(said('Rate limits count in Redis again')).toBe(1);
    expect(said('Redis is unreachable'), logger.lines.join('\n')).toBe(1);
    expect(said('Redis is reachable again')).toBe(1);
  });
});

describe('a Redis that hangs', () => {
  let own: TestRedis;
  let client: Redis;
  const logger = recordingLogger();
  let store: RateLimitStore;
  const inRedis = async (key: string) => (await client.exists(`rl:${key}`)) === 1;
  const inDatabase = async (key: string) =>
    (await database.db.select().from(rateLimits).where(eq(rateLimits.key, key))).length === 1;

  beforeAll(async () => {
    own = await TestRedis.start();
    client = await connectRedis(own.url, logger);
    store = failoverRateLimitStore(redisRateLimitStore(client), databaseRateLimitStore(database.db), {
      available: () => redisReady(client),
      logger,
      retryMs: 300,
    });
  });
  afterAll(async () => {
    client?.disconnect();
    await own?.kill();
  });

  it('costs one call its timeout; the next count in the database until Redis is tried again', async () => {
    own.pause();
    const [first, second] = [newKey(), newKey()];
    expect((await store.hit(first, 60, 3)).allowed).toBe(true);
    expect((await store.hit(second, 60, 3)).allowed).toBe(true);
    expect(await inDatabase(first)).toBe(true);
    expect(await inDatabase(second)).toBe(true);
    expect(logger.lines.filter((l) => l.includes('Rate limits count in the database'))).toHaveLength(1);
    own.resume();
    // Redis ran the first call's commands when it woke; the second never reached it.
    expect(await inRedis(first)).toBe(true);
    expect(await inRedis(second)).toBe(false);

    await sleep(400);
    const later = newKey();
    expect((await store.hit(later, 60, 3)).allowed).toBe(true);
    expect(await inRedis(later)).toBe(true);
    expect(await inDatabase(later)).toBe(false);
  });
});
