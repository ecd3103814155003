import { randomUUID } from 'node:crypto';
import type { TicketDto, UserDto } from '@ecu/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { changes, tickets, users } from '../db/schema';
import { PROFILE, verifiedUser } from '../test/factories';
import type { ApiClient } from '../test/http-client';
import { startTestServer, type TestServer } from '../test/test-server';
import { submitTicket } from '../test/ticket-helpers';
import { SYNC_PAGE_SIZE, type SyncChange } from './routes';
import { feedSettled } from './test/settled';

interface SyncPage {
  changes: SyncChange[];
  cursor: string;
  hasMore: boolean;
  resync: boolean;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function sync(client: ApiClient, cursor?: string, settle = true): Promise<SyncPage> {
  if (settle) await feedSettled(server.deps.db, (await client.get('/api/auth/getMe')).body.data._id);
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
    expect(page.resync).toBe(false);
    expect(page.cursor).toMatch(/^[A-Za-z0-9_-]+$/);
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
    expect(next.cursor).not.toBe(first.cursor);

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

  it('pages through changes of several transactions by the (tx, seq) cursor, each once, in order', async () => {
    const { client, user } = await verifiedUser(server);
    const ids: string[] = [];
    // Three transactions whose changes span three pages (the last with the user row).
    const perTransaction = Math.ceil((2 * SYNC_PAGE_SIZE + 1) / 3);
    for (let t = 0; t < 3; t++) {
      const batch = Array.from({ length: perTransaction }, () => randomUUID());
      ids.push(...batch);
      await server.deps.db
        .insert(changes)
        .values(batch.map((entityId) => ({ userId: user._id, entity: 'ticket', entityId, deleted: true })));
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await sync(client, cursor);
      pages += 1;
      seen.push(...page.changes.filter((c) => c.entity === 'ticket').map((c) => c.id));
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(ids);
    expect((await sync(client, cursor)).changes).toEqual([]);
  });

  if (inject('testDb').kind === 'postgres') {
    it('never skips a change whose transaction commits after a later one (two interleaved transactions)', async () => {
      const { client, user } = await verifiedUser(server);
      const start = await sync(client);
      const pg = (server.database.db as unknown as { $client: Sql }).$client;
      const first = await pg.reserve();
      const second = await pg.reserve();
      try {
        // The first transaction writes its change first (lower seq) and commits last.
        const [gapFirst, gapSecond] = [randomUUID(), randomUUID()];
        await first`begin`;
        await first`insert into changes (user_id, entity, entity_id) values (${user._id}, 'ticket', ${gapFirst})`;
        await second`begin`;
        await second`insert into changes (user_id, entity, entity_id) values (${user._id}, 'ticket', ${gapSecond})`;
        await second`commit`;
        const middle = await sync(client, start.cursor, false);
        await first`commit`;
        const last = await sync(client, middle.cursor);
        const seen = [...middle.changes, ...last.changes].map((c) => c.id);
        expect(seen).toContain(gapFirst);
        expect(seen).toContain(gapSecond);
      } finally {
        await first`rollback`.catch(() => {});
        await second`rollback`.catch(() => {});
        first.release();
        second.release();
      }
    });
  }

  it("answers an installed client's numeric cursor with the whole feed and resync: true", async () => {
    const { client, user } = await verifiedUser(server);
    const page = await sync(client, '987654');
    expect(page.resync).toBe(true);
    expect(page.changes.map((c) => c.id)).toEqual([user._id]);
    const next = await sync(client, page.cursor);
    expect(next).toMatchObject({ resync: false, changes: [] });
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
          message: 'cursor must come from an earlier sync',
          errors: [{ path: 'cursor', message: 'cursor must come from an earlier sync' }],
          code: 'validation_failed',
        });
      },
    );
  });
});

/** The user's feed rows of `entity`. */
async function feedRows(userId: string, entity: string): Promise<number> {
  const [row] = await server.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(changes)
    .where(and(eq(changes.userId, userId), eq(changes.entity, entity)));
  return Number(row?.n);
}

describe('what the change feed records', () => {
  it("adds one 'ticket' change per new ticket and no 'user' change per ticket; the counter still syncs", async () => {
    const { client, user } = await verifiedUser(server);
    const start = await sync(client);
    expect(await feedRows(user._id, 'user')).toBeGreaterThan(0);

    const created: string[] = [];
    for (let i = 0; i < 3; i++) created.push((await submitTicket(client)).ticket._id);
    // Each creation bumped totalFilesSubmitted; the bump replaced the user's earlier rows.
    expect(await feedRows(user._id, 'ticket')).toBe(3);
    expect(await feedRows(user._id, 'user')).toBe(1);

    const next = await sync(client, start.cursor);
    expect(next.changes.filter((c) => c.entity === 'ticket').map((c) => c.id)).toEqual(created);
    const me = next.changes.filter((c) => c.entity === 'user');
    expect(me).toHaveLength(1);
    expect((me[0]!.value as UserDto).totalFilesSubmitted).toBe(3);

    // A profile edit still comes through, after the tickets.
    expect((await client.put('/api/auth/updateProfile', { ...PROFILE, city: 'Bristol' })).status).toBe(200);
    const edited = await sync(client, next.cursor);
    expect(edited.changes).toEqual([
      expect.objectContaining({
        entity: 'user',
        id: user._id,
        value: expect.objectContaining({ city: 'Bristol' }),
      }),
    ]);
    // From the start, a new device gets every ticket once and the user in its current state.
    const fresh = await sync(client);
    expect(fresh.changes.filter((c) => c.entity === 'ticket').map((c) => c.id)).toEqual(created);
    expect(fresh.changes.filter((c) => c.entity === 'user').map((c) => (c.value as UserDto).city)).toEqual([
      'Bristol',
    ]);
  });

  it('writes no change for an update a device cannot see, and one for an update it can', async () => {
    const { client, user } = await verifiedUser(server);
    const { ticket } = await submitTicket(client);
    const start = await sync(client);
    const { db } = server.deps;

    await db.update(tickets).set({ status: ticket.status }).where(eq(tickets.id, ticket._id));
    // better-auth's own columns: not in the user's answer.
    await db
      .update(users)
      .set({ name: 'Ada L', image: 'https://example.test/a.png' })
      .where(eq(users.id, user._id));
    expect((await sync(client, start.cursor)).changes).toEqual([]);

    await db.update(tickets).set({ notes: 'A new note' }).where(eq(tickets.id, ticket._id));
    const next = await sync(client, start.cursor);
    expect(next.changes).toHaveLength(1);
    expect((next.changes[0]!.value as TicketDto).notes).toBe('A new note');
  });
});

describe('GET /api/sync compression', () => {
  let client: ApiClient;
  let userId: string;
  beforeAll(async () => {
    const made = await verifiedUser(server);
    client = made.client;
    userId = made.user._id;
    for (let i = 0; i < 3; i++) await submitTicket(client);
  });

  it('gzips a page for a client that accepts gzip, and the page reads the same', async () => {
    await feedSettled(server.deps.db, userId);
    const plain = await client.get<SyncPage>('/api/sync', { headers: { 'accept-encoding': 'identity' } });
    const zipped = await client.get<SyncPage>('/api/sync', {
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toMatch(/accept-encoding/i);
    const wire = zipped.headers.get('content-length');
    expect(wire).not.toBeNull();
    expect(Number(wire)).toBeLessThan(plain.text.length / 2);
    expect(zipped.body).toEqual(plain.body);
  });

  it('sends brotli to a client that names br, and the page reads the same', async () => {
    await feedSettled(server.deps.db, userId);
    const plain = await client.get<SyncPage>('/api/sync', { headers: { 'accept-encoding': 'identity' } });
    const packed = await client.get<SyncPage>('/api/sync', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(packed.headers.get('content-encoding')).toBe('br');
    expect(Number(packed.headers.get('content-length'))).toBeLessThan(plain.text.length / 2);
    expect(packed.body).toEqual(plain.body);
  });

  it('sends a small answer as it is', async () => {
    await feedSettled(server.deps.db, userId);
    const first = await client.get<SyncPage>('/api/sync', { headers: { 'accept-encoding': 'gzip' } });
    const quiet = await client.get<SyncPage>(`/api/sync?cursor=${first.body.data.cursor}`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(quiet.status).toBe(200);
    expect(quiet.body.data.changes).toEqual([]);
    expect(quiet.headers.get('content-encoding')).toBeNull();
  });
});
