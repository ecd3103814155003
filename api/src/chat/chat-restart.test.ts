import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/test-db';
import { startTestServer, type TestServer } from '../test/test-server';
import { chatClient } from './test/chat-client';
import { chatSetup, eventually, indexedMessage, loadPayload, onServer, sleep } from './test/fixtures';

/** Sessions outlive the restart: both servers sign cookies with one secret. */
const env = { AUTH_SECRET: randomBytes(32).toString('hex') };

let database: Database;
const servers: TestServer[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const server of servers) await server.close().catch(() => {});
  await database?.close();
});

async function start(): Promise<TestServer> {
  const server = await startTestServer({ database, env });
  servers.push(server);
  return server;
}

describe('a server restart', () => {
  it('keeps the history, and a kept doc delivers its unsent message once', async () => {
    const first = await start();
    const { tuner, admin, ticket } = await chatSetup(first);
    const n = ticket.ticketNumber;
    // The tuner's doc outlives its connections, as the web client's IndexedDB copy does.
    const kept = new Y.Doc();
    const a = chatClient(first.url, tuner.client, tuner.user._id, n, { doc: kept });
    const b = chatClient(first.url, admin.client, admin.user._id, n);
    await a.until(() => a.provider.synced);
    await b.until(() => b.provider.synced);
    const m1 = a.send('Before the restart');
    await b.until(() => b.messages().some((m) => m.id === m1.id));
    const m2 = b.send('Support answers before the restart');
    await a.until(() => a.messages().some((m) => m.id === m2.id));
    // Its side effects (the e-mail decision) ran while the tuner was still connected.
    await eventually(async () => (await indexedMessage(first.deps.db, ticket._id, m2.id)) !== undefined);

    a.provider.disconnect();
    const unsent = a.send('Written offline, sent after the restart');
    a.destroy();
    b.destroy();
    await first.close();

    const second = await start();
    const tunerThere = onServer(tuner.client, second);
    const adminThere = onServer(admin.client, second);
    const survived = await loadPayload(adminThere, n);
    expect(survived.messages.map((m) => m._id)).toEqual([m1.id, m2.id]);

    const observer = chatClient(second.url, adminThere, admin.user._id, n);
    await observer.until(() => observer.provider.synced && observer.messages().length === 2);
    const again = chatClient(second.url, tunerThere, tuner.user._id, n, { doc: kept });
    await again.until(() => (again.acked().get(kept.clientID) ?? 0) >= Y.getState(kept.store, kept.clientID));
    await observer.until(() => observer.messages().some((m) => m.id === unsent.id));

    // Once, also across a further reconnect of the kept doc.
    again.provider.disconnect();
    again.provider.connect();
    await again.until(() => again.provider.synced);
    await sleep(300);
    const ids = [m1.id, m2.id, unsent.id];
    expect(observer.messages().map((m) => m.id)).toEqual(ids);
    expect(again.messages().map((m) => m.id)).toEqual(ids);
    expect((await loadPayload(tunerThere, n)).messages.map((m) => m._id)).toEqual(ids);
    await eventually(async () => (await indexedMessage(second.deps.db, ticket._id, unsent.id)) !== undefined);
    again.destroy();
    observer.destroy();
    await eventually(() => second.hub.loadedRooms === 0);
    kept.destroy();
  });
});
