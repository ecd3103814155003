import { randomBytes } from 'node:crypto';
import { chatMessagesOf } from '@ecu/shared/chat/doc';
import { CHAT_CLOSE } from '@ecu/shared/chat/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { adminUser, type TestUser } from '../test/factories';
import { openTestDatabase } from '../test/test-db';
import { startTestServer, type TestServer } from '../test/test-server';
import { submitTicket } from '../test/ticket-helpers';
import { type ChatClient, chatClient } from './test/chat-client';
import {
  eventually,
  holdUpdatesTable,
  indexedMessage,
  loadPayload,
  onServer,
  sleep,
  storedDoc,
  verifiedUserFromRandomIp,
} from './test/fixtures';

/**
 * Two API servers on one database and the local Redis, as two processes behind a balancer
 * (docs/decisions/022-chat-on-yjs.md). On api-postgres they share one PostgreSQL database;
 * on api-pglite one PGlite (a PGlite cannot be opened by two processes, so both servers
 * hold the same Database object). Either way only Redis carries the chat between them.
 */
const env = { REDIS_URL: 'redis://127.0.0.1:6379', AUTH_SECRET: randomBytes(32).toString('hex') };

let database: Database;
let serverA: TestServer;
let serverB: TestServer;
let admin: TestUser;
const open: ChatClient[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  serverA = await startTestServer({ database, env });
  // One mail server for both: either process's mail worker may send what the other queued
  // (docs/decisions/070-durable-jobs.md).
  serverB = await startTestServer({ database, env: { ...env, SMTP_URL: serverA.smtp.url } });
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

/** A tuner (signed in on A) with a ticket. */
async function ticketOnA() {
  const tuner = await verifiedUserFromRandomIp(serverA);
  const { ticket } = await submitTicket(tuner.client);
  return { tuner, ticket };
}

async function connect(server: TestServer, who: TestUser, ticketNumber: number): Promise<ChatClient> {
  const client = chatClient(server.url, onServer(who.client, server), who.user._id, ticketNumber);
  open.push(client);
  await client.until(() => client.provider.synced);
  return client;
}

describe('two server processes', () => {
  it('relay messages between clients on different servers; each is stored once', async () => {
    const { tuner, ticket } = await ticketOnA();
    const n = ticket.ticketNumber;
    const a = await connect(serverA, tuner, n);
    const b = await connect(serverB, admin, n);
    const m1 = a.send('Sent through server A');
    await b.until(() => b.messages().some((m) => m.id === m1.id));
    const m2 = b.send('Answered through server B');
    await a.until(() => a.messages().some((m) => m.id === m2.id));
    expect(a.messages()).toEqual(b.messages());

    // A third client joining on B later loads the same history.
    const late = await connect(serverB, tuner, n);
    await late.until(() => late.messages().length === 2);
    expect(late.messages()).toEqual(a.messages());

    for (const client of open.splice(0)) client.destroy();
    await eventually(() => serverA.hub.loadedRooms === 0 && serverB.hub.loadedRooms === 0);
    // Both rooms store in the background once unloaded (relayed before stored).
    const storedIds = async () => chatMessagesOf(await storedDoc(database.db, ticket._id)).map((m) => m.id);
    await eventually(async () => (await storedIds()).length === 2);
    expect(await storedIds()).toEqual([m1.id, m2.id]);
    await eventually(async () => (await indexedMessage(database.db, ticket._id, m2.id)) !== undefined);
    expect(await indexedMessage(database.db, ticket._id, m1.id)).toMatchObject({ fromCustomer: true });
    expect(await indexedMessage(database.db, ticket._id, m2.id)).toMatchObject({ fromCustomer: false });
    const payload = await loadPayload(onServer(tuner.client, serverB), n);
    expect(payload.messages.map((m) => m._id)).toEqual([m1.id, m2.id]);
  });

  it('a room loading on B gets what A relayed before B subscribed but stored only after B read', async () => {
    const { tuner, ticket } = await ticketOnA();
    const a = await connect(serverA, tuner, ticket.ticketNumber);
    a.send('Stored normally');
    await a.until(() => (a.acked().get(a.doc.clientID) ?? 0) >= 1);
    // A relays at once and appends when the table is free; B loads its room meanwhile.
    const { release, held } = await holdUpdatesTable(database.db);
    const late = a.send('Relayed, not stored yet');
    await sleep(100);
    const b = chatClient(serverB.url, onServer(admin.client, serverB), admin.user._id, ticket.ticketNumber);
    open.push(b);
    await sleep(500); // (on PGlite the lock holds B's queries too, so B loads after it)
    release();
    await held;
    await b.until(() => b.provider.synced);
    const next = a.send('Sent after it');
    await b.until(() => b.messages().some((m) => m.id === next.id));
    expect(b.messages().map((m) => m.id)).toContain(late.id);
  });

  it("relay typing awareness from A's client to B's", async () => {
    const { tuner, ticket } = await ticketOnA();
    const a = await connect(serverA, tuner, ticket.ticketNumber);
    const b = await connect(serverB, admin, ticket.ticketNumber);
    a.provider.awareness.setLocalState({ user: { id: tuner.user._id }, typing: true });
    const stateOfA = () => b.provider.awareness.getStates().get(a.doc.clientID);
    await b.until(() => stateOfA()?.typing === true);
    a.provider.awareness.setLocalStateField('typing', false);
    await b.until(() => stateOfA()?.typing === false);
    a.destroy();
    await b.until(() => stateOfA() === undefined);
  });

  it('the owner connected on B suppresses the e-mail for an admin writing on A', async () => {
    const { tuner, ticket } = await ticketOnA();
    const mailSlot = () => serverA.deps.redis!.get(`rl:chat-mail:${ticket._id}`);
    const owner = await connect(serverB, tuner, ticket.ticketNumber);
    const b = await connect(serverA, admin, ticket.ticketNumber);
    const m = b.send('Are you still there?');
    await owner.until(() => owner.messages().some((x) => x.id === m.id));
    await eventually(async () => (await indexedMessage(database.db, ticket._id, m.id)) !== undefined);
    await sleep(300);
    expect(serverA.smtp.pending(tuner.email)).toEqual([]);
    expect(serverB.smtp.pending(tuner.email)).toEqual([]);
    expect(await mailSlot()).toBeNull(); // presence said "online": no mail was even considered

    owner.destroy();
    const presence = `chat:presence:${ticket._id}:${tuner.user._id}`;
    await eventually(async () => (await serverB.deps.redis!.zcard(presence)) === 0);
    b.send('I will e-mail you then.');
    const mail = await serverA.smtp.nextMail(tuner.email);
    expect(mail.text).toContain('I will e-mail you then.');
    expect(await mailSlot()).toBe('1');
  });
});

describe('an account change made on one server', () => {
  /** The bound: the sockets on every process end within a second. */
  const BOUND_MS = 1_000;

  /** Runs the change on A and measures until `client`'s socket on B is closed. */
  async function closedAfter(client: ChatClient, change: () => Promise<{ status: number }>, what: string) {
    const started = performance.now();
    const closed = client.closed();
    expect((await change()).status).toBe(200);
    const event = await closed;
    const ms = Math.round(performance.now() - started);
    console.info(`${what} on A: socket on B closed ${ms} ms after the request (bound ${BOUND_MS} ms)`);
    expect(ms).toBeLessThan(BOUND_MS);
    return event;
  }

  it('demoting an admin closes their support socket on the other server; what it sends after is not stored', async () => {
    const { tuner, ticket } = await ticketOnA();
    const second = await verifiedUserFromRandomIp(serverA);
    const promote = await admin.client.put('/api/admin/updateUserRole', {
      userId: second.user._id,
      role: 'admin',
    });
    expect(promote.status, promote.text).toBe(200);
    const onB = await connect(serverB, second, ticket.ticketNumber);
    let after: { id: string } | undefined;
    const event = await closedAfter(
      onB,
      async () => {
        const res = await admin.client.put('/api/admin/updateUserRole', {
          userId: second.user._id,
          role: 'user',
        });
        after = onB.send('Sent as support, once demoted');
        return res;
      },
      'demote',
    );
    expect(event.code).toBe(CHAT_CLOSE.forbidden);
    await eventually(() => serverB.hub.loadedRooms === 0);
    const payload = await loadPayload(onServer(tuner.client, serverA), ticket.ticketNumber);
    expect(payload.messages.map((m) => m._id)).not.toContain(after?.id);
    expect(await indexedMessage(database.db, ticket._id, after?.id ?? '')).toBeUndefined();
  });

  it('disabling, then deleting, a tuner closes their socket on the other server', async () => {
    const first = await ticketOnA();
    const disabled = await connect(serverB, first.tuner, first.ticket.ticketNumber);
    const byDisable = await closedAfter(
      disabled,
      () => admin.client.post('/api/admin/disableUser', { userId: first.tuner.user._id }),
      'disable',
    );
    expect(byDisable.code).toBe(CHAT_CLOSE.forbidden);

    const second = await ticketOnA();
    const deleted = await connect(serverB, second.tuner, second.ticket.ticketNumber);
    const byDelete = await closedAfter(
      deleted,
      () => admin.client.post('/api/admin/deleteUser', { userId: second.tuner.user._id }),
      'delete',
    );
    expect(byDelete.code).toBe(CHAT_CLOSE.forbidden);
  });
});
