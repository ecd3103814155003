import { randomBytes } from 'node:crypto';
import { chatPeopleOf } from '@ecu/shared/chat/doc';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { adminUser, PROFILE, type TestUser } from '../test/factories';
import { openTestDatabase } from '../test/test-db';
import { startTestServer, type TestServer } from '../test/test-server';
import { submitTicket } from '../test/ticket-helpers';
import { DELETED_USER_NAME } from './forget-user';
import { type ChatClient, chatClient } from './test/chat-client';
import { eventually, indexedMessage, loadPayload, onServer, verifiedUserFromRandomIp } from './test/fixtures';

/** Two API servers on one database and the local Redis, as in chat-multiprocess.test.ts. */
const env = { REDIS_URL: 'redis://127.0.0.1:6379', AUTH_SECRET: randomBytes(32).toString('hex') };
const FIRST = 'Philomena';
const LAST = 'Vandersnoot';

let database: Database;
let serverA: TestServer;
let serverB: TestServer;
let admin: TestUser;
const open: ChatClient[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  serverA = await startTestServer({ database, env });
  serverB = await startTestServer({ database, env });
  admin = await adminUser(serverA);
});
afterEach(() => {
  for (const client of open.splice(0)) client.destroy();
});
afterAll(async () => {
  await serverA?.close();
  await serverB?.close();
  await database?.close();
});

async function connect(server: TestServer, who: TestUser, ticketNumber: number): Promise<ChatClient> {
  const client = chatClient(server.url, onServer(who.client, server), who.user._id, ticketNumber);
  open.push(client);
  await client.until(() => client.provider.synced);
  return client;
}

describe('deleting a user on one server', () => {
  it('takes their name out of a room loaded only on another server', async () => {
    const tuner = await verifiedUserFromRandomIp(serverA, { ...PROFILE, firstName: FIRST, lastName: LAST });
    const { ticket } = await submitTicket(tuner.client);
    const tunerOnA = await connect(serverA, tuner, ticket.ticketNumber);
    const m = tunerOnA.send('Is the map ready?');
    await eventually(async () => (await indexedMessage(database.db, ticket._id, m.id)) !== undefined, 15_000);
    open.splice(open.indexOf(tunerOnA), 1);
    tunerOnA.destroy();
    await eventually(() => serverA.hub.peek(ticket._id) === undefined, 15_000);

    const adminOnB = await connect(serverB, admin, ticket.ticketNumber);
    expect(chatPeopleOf(adminOnB.doc).get(tuner.user._id)?.firstName).toBe(FIRST);
    const adminClientB = onServer(admin.client, serverB);
    expect(JSON.stringify(await loadPayload(adminClientB, ticket.ticketNumber))).toContain(FIRST);

    const deleted = await admin.client.post('/api/admin/deleteUser', { userId: tuner.user._id });
    expect(deleted.status, deleted.text).toBe(200);
    expect(serverA.hub.peek(ticket._id)).toBeUndefined();

    await adminOnB.until(
      () => chatPeopleOf(adminOnB.doc).get(tuner.user._id)?.firstName === DELETED_USER_NAME,
      15_000,
    );
    const text = JSON.stringify(await loadPayload(adminClientB, ticket.ticketNumber));
    expect(text).not.toContain(FIRST);
    expect(text).not.toContain(LAST);
    expect(text).toContain(DELETED_USER_NAME);
  });
});
