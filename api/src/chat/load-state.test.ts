import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as Y from 'yjs';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { startTestServer, type TestServer } from '../test/test-server';
import { appendChatUpdates, compactChat, loadChatState } from './persistence';
import { chatSetup, docOf, eventually, holdUpdatesTable } from './test/fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const onPostgres = inject('testDb').kind === 'postgres';

/** Two updates of one doc, as two clients' messages are appended. */
function twoUpdates(): { doc: Y.Doc; updates: Uint8Array[] } {
  const doc = new Y.Doc();
  const updates: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => updates.push(update));
  doc.getArray<string>('messages').push(['first']);
  doc.getArray<string>('messages').push(['second']);
  return { doc, updates };
}

/** Statements of other sessions waiting for a lock on chat_updates (PostgreSQL). */
async function waitingOnUpdates(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation
      where c.relname = 'chat_updates' and not l.granted`),
  );
  return row?.n ?? 0;
}

describe('loading a chat', () => {
  it('reads the snapshot and the appended updates from one state of the database, while another process compacts', async () => {
    const { ticket } = await chatSetup(server);
    const db = server.deps.db;
    const { doc, updates } = twoUpdates();
    await appendChatUpdates(
      db,
      updates.map((data) => ({ ticketId: ticket._id, data })),
    );

    // Another process compacts: it holds chat_updates against readers until it commits.
    const { release, held } = await holdUpdatesTable(db, {
      readers: true,
      beforeCommit: (tx) => compactChat(tx, ticket._id),
    });

    const loading = loadChatState(db, ticket._id);
    // On PostgreSQL the load is now waiting for the table, wherever it had got to; PGlite has
    // one connection, so the load waits for the whole transaction.
    if (onPostgres) await eventually(async () => (await waitingOnUpdates(db)) > 0);
    release();
    await held;
    const loaded = await loading;

    expect(loaded.appended).toBe(0);
    expect(docOf(loaded.updates).getArray('messages').toArray()).toEqual(['first', 'second']);
    expect(Y.encodeStateVector(docOf(loaded.updates))).toEqual(Y.encodeStateVector(doc));
  });

  it('gives the snapshot first, then the appended updates in the order they were written', async () => {
    const { ticket } = await chatSetup(server);
    const db = server.deps.db;
    const { doc, updates } = twoUpdates();
    await appendChatUpdates(db, [{ ticketId: ticket._id, data: updates[0]! }]);
    await compactChat(db, ticket._id);
    const more = new Y.Doc();
    Y.applyUpdate(more, Y.encodeStateAsUpdate(doc));
    const later: Uint8Array[] = [];
    more.on('update', (update: Uint8Array) => later.push(update));
    more.getArray<string>('messages').push(['third']);
    await appendChatUpdates(db, [
      { ticketId: ticket._id, data: updates[1]! },
      { ticketId: ticket._id, data: later[0]! },
    ]);

    const loaded = await loadChatState(db, ticket._id);
    expect(loaded.appended).toBe(2);
    expect(loaded.updates).toHaveLength(3);
    expect(docOf(loaded.updates).getArray('messages').toArray()).toEqual(['first', 'second', 'third']);
    expect(await loadChatState(db, '00000000-0000-4000-8000-000000000000')).toEqual({
      updates: [],
      appended: 0,
    });
  });
});
