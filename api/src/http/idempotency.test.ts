import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { openTestDatabase } from '../test/test-db';
import type { AppDeps, AppEnv, UserRow } from './context';
import { idempotent, OTHER_REQUEST_MESSAGE, requestFingerprint } from './idempotency';
import { onError } from './on-error';

const quiet = { info() {}, warn() {}, error() {} };
let database: Database;
let runs = 0;
/** The next handler run waits for this (to hold a request mid-way). */
let hold: Promise<void> | undefined;
let failNext = false;

function app(userId: string) {
  const hono = new Hono<AppEnv>();
  hono.onError(onError(quiet as unknown as AppDeps['logger']));
  hono.use(async (c, next) => {
    c.set('deps', { db: database.db, logger: quiet } as unknown as AppDeps);
    c.set('user', { id: userId } as UserRow);
    await next();
  });
  hono.post('/command', idempotent(), async (c) => {
    runs += 1;
    const run = runs;
    const waiting = hold;
    hold = undefined;
    if (waiting) await waiting;
    if (failNext) {
      failNext = false;
      return c.json({ success: false, message: 'down' }, 503);
    }
    return c.json({ success: true, message: 'Done', data: { run, body: await c.req.json() } });
  });
  hono.post('/other', idempotent(), (c) => c.json({ success: true, message: 'Other', data: null }));
  return hono;
}

function send(hono: Hono<AppEnv>, key: string, body: string, path = '/command') {
  return hono.request(path, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
  });
}

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('requestFingerprint', () => {
  it('is the same for the same JSON in another key order or spacing, and differs for anything else', () => {
    const base = requestFingerprint('POST', '/a', '{"x":1,"y":{"b":2,"a":[1,2]}}');
    expect(requestFingerprint('POST', '/a', '{ "y": {"a": [1, 2], "b": 2}, "x": 1 }')).toBe(base);
    expect(requestFingerprint('POST', '/a', '{"x":1,"y":{"b":2,"a":[2,1]}}')).not.toBe(base);
    expect(requestFingerprint('POST', '/a', '{"x":2,"y":{"b":2,"a":[1,2]}}')).not.toBe(base);
    expect(requestFingerprint('PUT', '/a', '{"x":1,"y":{"b":2,"a":[1,2]}}')).not.toBe(base);
    expect(requestFingerprint('POST', '/b', '{"x":1,"y":{"b":2,"a":[1,2]}}')).not.toBe(base);
    expect(requestFingerprint('POST', '/a', 'not json')).not.toBe(
      requestFingerprint('POST', '/a', 'not json!'),
    );
  });
});

describe('idempotent()', () => {
  it('replays the first answer for the same body in another key order, without running again', async () => {
    const hono = app('user-replay');
    const first = await send(hono, 'key-replay-1', '{"a":1,"b":2}');
    const before = runs;
    const again = await send(hono, 'key-replay-1', '{"b":2,"a":1}');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replay')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(runs).toBe(before);
  });

  it('answers 422 to the key with another body or on another path, and runs nothing', async () => {
    const hono = app('user-other');
    expect((await send(hono, 'key-other-1', '{"a":1}')).status).toBe(200);
    const before = runs;
    for (const res of [
      await send(hono, 'key-other-1', '{"a":2}'),
      await send(hono, 'key-other-1', '{"a":1}', '/other'),
    ]) {
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({
        success: false,
        message: OTHER_REQUEST_MESSAGE,
        errors: [],
        code: 'idempotency_key_reused',
      });
    }
    expect(runs).toBe(before);
  });

  it('frees the key after a 5xx: the retry runs and its answer is the one kept', async () => {
    const hono = app('user-5xx');
    failNext = true;
    expect((await send(hono, 'key-5xx-1', '{"a":1}')).status).toBe(503);
    const retry = await send(hono, 'key-5xx-1', '{"a":1}');
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replay')).toBeNull();
    const replay = await send(hono, 'key-5xx-1', '{"a":1}');
    expect(replay.headers.get('idempotent-replay')).toBe('true');
    expect(await replay.json()).toEqual(await retry.json());
  });

  it('answers 409 while the first request runs; after the lease it is taken over, and the late first request changes nothing', async () => {
    const hono = app('user-lease');
    let release!: () => void;
    hold = new Promise((resolve) => {
      release = resolve;
    });
    const slow = send(hono, 'key-lease-1', '{"a":1}');
    await expect.poll(() => runs > 0 && hold === undefined).toBe(true);

    const busy = await send(hono, 'key-lease-1', '{"a":1}');
    expect(busy.status).toBe(409);

    const where = and(eq(idempotencyKeys.userId, 'user-lease'), eq(idempotencyKeys.key, 'key-lease-1'));
    await database.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '1 hour'` }).where(where);
    const taken = await send(hono, 'key-lease-1', '{"a":1}');
    expect(taken.status).toBe(200);
    const takenBody = await taken.json();

    release();
    expect((await slow).status).toBe(200);
    const replay = await send(hono, 'key-lease-1', '{"a":1}');
    expect(replay.headers.get('idempotent-replay')).toBe('true');
    expect(await replay.json()).toEqual(takenBody);
  });
});
