import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/test-db';
import { databaseRateLimitStore, type RateLimitStore, redisRateLimitStore } from './rate-limit';

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
