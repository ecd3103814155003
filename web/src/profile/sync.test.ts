import type { ProfileInput, UserDto } from '@ecu/shared';
import { describe, expect, it } from 'vitest';
import { getAuthUser, type PortalDb } from '../local/db';
import { enqueue, flushOutbox } from '../local/outbox';
import { aHandlerTable, anOutboxDb, fakeApi, profileAnswerer, reloadPage } from '../test/outbox';
import { updateProfileHandler } from './sync';

const ME = {
  _id: 'u1',
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  city: 'Leeds',
  credits: 3,
} as UserDto;

const PROFILE: ProfileInput = {
  firstName: 'Ann',
  lastName: 'Lee',
  country: 'GB',
  city: 'York',
  address: '1 High Street',
  postalCode: 'YO1 1AA',
};

/** A signed-in device with one profile edit queued. */
async function anEditQueued(profile: ProfileInput = PROFILE) {
  const db = await anOutboxDb();
  await db.meta.put({ key: 'authUser', value: ME });
  const cmd = await enqueue(updateProfileHandler, profile, { db });
  const server = fakeApi(profileAnswerer({ credits: 3 }));
  const flush = () =>
    flushOutbox(db, { send: server.send, handlers: aHandlerTable({ updateProfile: updateProfileHandler }) });
  return { db, cmd, server, flush };
}

async function cachedCity(db: PortalDb) {
  return ((await getAuthUser(db)) as UserDto | null | undefined)?.city;
}

describe('the updateProfile command', () => {
  it('sends the whole profile as it is to PUT /auth/updateProfile, and the answer becomes the cached user', async () => {
    const t = await anEditQueued();
    const result = await t.flush();
    expect(result.confirmed.map((c) => c.message)).toEqual(['Profile updated successfully']);
    expect(t.server.ran).toMatchObject([
      { method: 'PUT', path: '/auth/updateProfile', body: PROFILE, idempotencyKey: t.cmd.idempotencyKey },
    ]);
    expect(await getAuthUser(t.db)).toMatchObject({ _id: 'u1', city: 'York', address: '1 High Street' });
    expect(await t.db.outbox.count()).toBe(0);
  });

  it('offline: keeps the edit under the same key and the cached user as it was, then sends it', async () => {
    const t = await anEditQueued();
    t.server.failNext('network-before');
    expect(await t.flush()).toMatchObject({ sent: 0, interrupted: true, waitingFor: 'network' });
    expect(await cachedCity(t.db)).toBe('Leeds');
    expect(await t.db.outbox.toArray()).toMatchObject([
      { status: 'pending', idempotencyKey: t.cmd.idempotencyKey },
    ]);
    expect(await t.flush()).toMatchObject({ sent: 1 });
    expect(t.server.requests.map((r) => r.idempotencyKey)).toEqual([
      t.cmd.idempotencyKey,
      t.cmd.idempotencyKey,
    ]);
    expect(await cachedCity(t.db)).toBe('York');
  });

  it('refused: fails with the server’s message and leaves the cached user alone', async () => {
    const t = await anEditQueued({ ...PROFILE, postalCode: '??' });
    t.server.failNext({ status: 400, message: 'Post Code is not valid' });
    const result = await t.flush();
    expect(result.failed.map((c) => c.error)).toEqual(['Post Code is not valid']);
    expect(await t.db.outbox.toArray()).toMatchObject([
      { status: 'failed', error: 'Post Code is not valid' },
    ]);
    expect(await cachedCity(t.db)).toBe('Leeds');
    expect(t.server.ran).toEqual([]);
  });

  it.each([503, 429])(
    'retry: keeps the edit on a %i and applies it once when the server takes it',
    async (code) => {
      const t = await anEditQueued();
      t.server.failNext({ status: code, message: 'Try again soon' });
      expect(await t.flush()).toMatchObject({ sent: 0, waitingFor: 'server' });
      expect(await cachedCity(t.db)).toBe('Leeds');
      expect(await t.flush()).toMatchObject({ sent: 1 });
      expect(await t.flush()).toMatchObject({ sent: 0 });
      expect(t.server.ran).toHaveLength(1);
      expect(await cachedCity(t.db)).toBe('York');
    },
  );

  it('sends two edits in the order they were made: the later one is what stays', async () => {
    const t = await anEditQueued();
    await enqueue(updateProfileHandler, { ...PROFILE, city: 'Hull' }, { db: t.db });
    expect(await t.flush()).toMatchObject({ sent: 2 });
    expect(t.server.ran.map((c) => (c.body as ProfileInput).city)).toEqual(['York', 'Hull']);
    expect(await cachedCity(t.db)).toBe('Hull');
  });

  it('a crash after the server saved the edit, before its answer landed: the next page replays it, applied once', async () => {
    const t = await anEditQueued();
    t.server.failNext('crash-after');
    const first = await reloadPage(t.db.name);
    void first.outbox.flushOutbox(first.db, {
      send: t.server.send,
      handlers: aHandlerTable({ updateProfile: (await import('./sync')).updateProfileHandler }),
    });
    await expect.poll(() => t.server.requests.length).toBe(1);
    expect(await cachedCity(t.db)).toBe('Leeds');

    const next = await reloadPage(t.db.name);
    const result = await next.outbox.flushOutbox(next.db, {
      send: t.server.send,
      handlers: aHandlerTable({ updateProfile: (await import('./sync')).updateProfileHandler }),
    });
    expect(result).toMatchObject({ sent: 1 });
    expect(t.server.ran).toHaveLength(1);
    expect(t.server.requests.map((r) => r.idempotencyKey)).toEqual([
      t.cmd.idempotencyKey,
      t.cmd.idempotencyKey,
    ]);
    expect(await cachedCity(t.db)).toBe('York');
    expect(await t.db.outbox.count()).toBe(0);
  });
});
