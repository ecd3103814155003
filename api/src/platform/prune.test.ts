import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { changes, idempotencyKeys, rateLimits, uploads } from '../db/schema';
import { PROFILE, verifiedUser } from '../test/factories';
import type { ApiClient } from '../test/http-client';
import { feedSettled } from '../test/sync-helpers';
import { startTestServer, type TestServer } from '../test/test-server';
import { createTusUpload, uploadRow } from '../test/ticket-helpers';
import { pruneTables } from './prune';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

async function sync(client: ApiClient, cursor?: string) {
  await feedSettled(server.deps.db, (await client.get('/api/auth/getMe')).body.data._id);
  const res = await client.get(cursor === undefined ? '/api/sync' : `/api/sync?cursor=${cursor}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data as {
    changes: { entity: string; id: string; value: Record<string, unknown> }[];
    cursor: string;
    resync: boolean;
  };
}

describe('the pruning job', () => {
  it('removes spent rate limits, old keys, superseded and old deleted changes, expired uploads; keeps the rest', async () => {
    const { db } = server.deps;
    const { client, user } = await verifiedUser(server);
    await db.insert(rateLimits).values([
      { key: `prune:spent:${user._id}`, count: 3, resetAt: daysAgo(1) },
      { key: `prune:live:${user._id}`, count: 3, resetAt: new Date(Date.now() + 60_000) },
    ]);
    await db.insert(idempotencyKeys).values([
      { userId: user._id, key: 'old-key', method: 'POST', path: '/api/x', createdAt: daysAgo(40) },
      { userId: user._id, key: 'new-key', method: 'POST', path: '/api/x', createdAt: daysAgo(2) },
    ]);
    const [edited, removed, quiet, recent] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const row = (entityId: string, createdAt: Date, deleted = false) => ({
      userId: user._id,
      entity: 'ticket',
      entityId,
      deleted,
      createdAt,
    });
    const inserted = await db
      .insert(changes)
      .values([
        row(edited, daysAgo(50)),
        row(edited, daysAgo(45)),
        row(removed, daysAgo(44)),
        row(removed, daysAgo(40), true),
        row(quiet, daysAgo(60)),
        row(recent, daysAgo(3)),
        row(recent, daysAgo(1)),
        row(edited, daysAgo(35)),
      ])
      .returning({ seq: changes.seq });
    const created = await createTusUpload(client, 100);
    const uploadId = created.headers.get('location')!.split('/').pop()!;
    await db
      .update(uploads)
      .set({ expiresAt: daysAgo(1) })
      .where(eq(uploads.id, uploadId));

    await feedSettled(db, user._id);
    const result = await pruneTables(server.deps);
    expect(result).toMatchObject({ rateLimits: 1, idempotencyKeys: 1, changes: 4, uploads: 1 });

    const seqs = inserted.map((r) => r.seq);
    const left = await db
      .select({ seq: changes.seq })
      .from(changes)
      .where(inArray(changes.seq, seqs))
      .orderBy(changes.seq);
    // Kept: the latest change of `edited`, `quiet`, and both recent ones (too new to go).
    expect(left.map((r) => r.seq)).toEqual([seqs[4], seqs[5], seqs[6], seqs[7]]);
    const limits = await db.select({ key: rateLimits.key }).from(rateLimits);
    expect(limits.map((l) => l.key)).toContain(`prune:live:${user._id}`);
    expect(limits.map((l) => l.key)).not.toContain(`prune:spent:${user._id}`);
    const keys = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, user._id)));
    expect(keys.map((k) => k.key)).toEqual(['new-key']);
    expect(await uploadRow(db, uploadId)).toBeUndefined();
  });

  it('tells a device whose cursor is older than the pruned feed to resync, and gives it the whole feed', async () => {
    const { client, user } = await verifiedUser(server);
    const before = await sync(client);
    for (const city of ['Bath', 'Derby']) {
      expect((await client.put('/api/auth/updateProfile', { ...PROFILE, city })).status).toBe(200);
    }
    await server.deps.db
      .update(changes)
      .set({ createdAt: daysAgo(40) })
      .where(eq(changes.userId, user._id));
    expect((await pruneTables(server.deps))?.changes).toBeGreaterThan(0);

    const behind = await sync(client, before.cursor);
    expect(behind.resync).toBe(true);
    expect(behind.changes).toEqual([
      expect.objectContaining({
        entity: 'user',
        id: user._id,
        value: expect.objectContaining({ city: 'Derby' }),
      }),
    ]);
    const after = await sync(client, behind.cursor);
    expect(after).toMatchObject({ resync: false, changes: [] });
  });

  if (inject('testDb').kind === 'postgres') {
    it('runs in one process at a time: while another holds its lock, a run does nothing', async () => {
      await server.deps.db.insert(rateLimits).values({ key: 'prune:held', count: 1, resetAt: daysAgo(1) });
      const pg = (server.database.db as unknown as { $client: Sql }).$client;
      const other = await pg.reserve();
      try {
        await other`begin`;
        await other`select pg_advisory_xact_lock(7302002)`;
        expect(await pruneTables(server.deps)).toBeNull();
        expect(
          await server.deps.db.select().from(rateLimits).where(eq(rateLimits.key, 'prune:held')),
        ).toHaveLength(1);
      } finally {
        await other`rollback`.catch(() => {});
        other.release();
      }
      expect(await pruneTables(server.deps)).toMatchObject({ rateLimits: 1 });
    });
  }
});
