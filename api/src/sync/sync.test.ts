import type { UserDto } from '@ecu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE, verifiedUser } from '../test/factories';
import type { ApiClient } from '../test/http-client';
import { startTestServer, type TestServer } from '../test/test-server';
import type { SyncChange } from './routes';

interface SyncPage {
  changes: SyncChange[];
  cursor: string;
  hasMore: boolean;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function sync(client: ApiClient, cursor?: string): Promise<SyncPage> {
  const res = await client.get<SyncPage>(cursor === undefined ? '/api/sync' : `/api/sync?cursor=${cursor}`);
  expect(res.status, res.text).toBe(200);
  expect(res.body.nextCursor).toBe(res.body.data.cursor);
  return res.body.data;
}

describe('GET /api/sync', () => {
  it("starts with the caller's own user row, once, in its current state", async () => {
    const { client, user, email } = await verifiedUser(server);
    const page = await sync(client);
    expect(page.hasMore).toBe(false);
    expect(page.cursor).toMatch(/^\d+$/);
    // Sign-up, onboarding and verification each changed the row; it comes once, as it is now.
    expect(page.changes).toEqual([
      {
        entity: 'user',
        id: user._id,
        deleted: false,
        value: expect.objectContaining({ _id: user._id, email, onBoarded: true, verified: true }),
      },
    ]);
  });

  it('from the last cursor returns nothing until something changes, then the changed row once', async () => {
    const { client, user } = await verifiedUser(server);
    const first = await sync(client);

    const quiet = await sync(client, first.cursor);
    expect(quiet.changes).toEqual([]);
    expect(quiet.cursor).toBe(first.cursor);

    const update = await client.put('/api/auth/updateProfile', { ...PROFILE, city: 'Manchester' });
    expect(update.status).toBe(200);
    const next = await sync(client, first.cursor);
    expect(next.changes).toHaveLength(1);
    expect(next.changes[0]).toMatchObject({ entity: 'user', id: user._id, deleted: false });
    expect((next.changes[0]!.value as UserDto).city).toBe('Manchester');
    expect(BigInt(next.cursor)).toBeGreaterThan(BigInt(first.cursor));

    expect((await sync(client, next.cursor)).changes).toEqual([]);
  });

  it("never shows another user's changes", async () => {
    const alice = await verifiedUser(server);
    const bob = await verifiedUser(server);
    const aliceStart = await sync(alice.client);
    const bobStart = await sync(bob.client);

    expect((await bob.client.put('/api/auth/updateProfile', { ...PROFILE, city: 'Leeds' })).status).toBe(200);
    expect((await alice.client.put('/api/auth/updateProfile', { ...PROFILE, city: 'York' })).status).toBe(
      200,
    );

    const aliceChanges = [...aliceStart.changes, ...(await sync(alice.client, aliceStart.cursor)).changes];
    const bobChanges = [...bobStart.changes, ...(await sync(bob.client, bobStart.cursor)).changes];
    expect(new Set(aliceChanges.map((c) => c.id))).toEqual(new Set([alice.user._id]));
    expect(new Set(bobChanges.map((c) => c.id))).toEqual(new Set([bob.user._id]));
    expect(JSON.stringify(aliceChanges)).not.toContain(bob.email);
    expect(JSON.stringify(bobChanges)).not.toContain(alice.email);
  });

  describe('a bad cursor', () => {
    let client: ApiClient;
    beforeAll(async () => {
      client = (await verifiedUser(server)).client;
    });

    it.each([['abc'], ['-1'], ['1.5'], ['1'.repeat(19)], ['0x10']])(
      '%s is refused with 400',
      async (cursor) => {
        const res = await client.get(`/api/sync?cursor=${encodeURIComponent(cursor)}`);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          success: false,
          message: 'cursor must be a number from an earlier sync',
          errors: [{ path: 'cursor', message: 'cursor must be a number from an earlier sync' }],
        });
      },
    );
  });
});
