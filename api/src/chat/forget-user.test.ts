import type { TicketDto } from '@ecu/shared';
import { chatPeopleOf } from '@ecu/shared/chat/doc';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatDocs, chatUpdates, pushSubscriptions } from '../db/schema';
import { adminUser, PROFILE, type TestUser, verifiedUser } from '../test/factories';
import { newPushReceiver } from '../test/push-decrypt';
import { startTestServer, type TestServer } from '../test/test-server';
import { submitTicket } from '../test/ticket-helpers';
import { DELETED_USER_NAME } from './forget-user';
import { type ChatClient, chatClient } from './test/chat-client';
import { eventually, indexedMessage, loadPayload, storedDoc } from './test/fixtures';

const FIRST = 'Zebediah';
const LAST = 'Quixotefield';

let server: TestServer;
let admin: TestUser;
const open: ChatClient[] = [];
beforeAll(async () => {
  server = await startTestServer();
  admin = await adminUser(server);
});
afterEach(() => {
  for (const client of open.splice(0)) client.destroy();
});
afterAll(async () => {
  await server?.close();
});

async function connect(who: TestUser, ticketNumber: number): Promise<ChatClient> {
  const client = chatClient(server.url, who.client, who.user._id, ticketNumber);
  open.push(client);
  await client.until(() => client.provider.synced);
  return client;
}

async function say(client: ChatClient, ticket: TicketDto, text: string) {
  const m = client.send(text);
  await eventually(
    async () => (await indexedMessage(server.deps.db, ticket._id, m.id)) !== undefined,
    15_000,
  );
}

function leave(client: ChatClient) {
  open.splice(open.indexOf(client), 1);
  client.destroy();
}

/** Whether the stored chat (snapshot and appended updates, as bytes) holds `text` anywhere. */
async function storedHolds(ticketId: string, text: string): Promise<boolean> {
  const db = server.deps.db;
  const [snapshot] = await db.select().from(chatDocs).where(eq(chatDocs.ticketId, ticketId));
  const appended = await db.select().from(chatUpdates).where(eq(chatUpdates.ticketId, ticketId));
  return [snapshot?.state, ...appended.map((row) => row.data)].some(
    (bytes) => bytes && Buffer.from(bytes).includes(text),
  );
}

const inboxText = async () => {
  const res = await admin.client.get('/api/admin/chat-inbox');
  expect(res.status).toBe(200);
  return res.text;
};

describe('deleting a user', () => {
  it('leaves no trace of their name in chats (loaded or not), the inbox, or push subscriptions', async () => {
    const tuner = await verifiedUser(server, { ...PROFILE, firstName: FIRST, lastName: LAST });
    const [{ ticket: stored }, { ticket: live }] = [
      await submitTicket(tuner.client),
      await submitTicket(tuner.client),
    ];

    // A chat that is only in the store when the account is deleted.
    const tunerOnStored = await connect(tuner, stored.ticketNumber);
    const adminOnStored = await connect(admin, stored.ticketNumber);
    await say(tunerOnStored, stored, 'Is my file ready?');
    await say(adminOnStored, stored, 'Tomorrow morning.');
    leave(tunerOnStored);
    leave(adminOnStored);
    await eventually(() => server.hub.peek(stored._id) === undefined, 15_000);

    // A chat loaded in this process, with support still on it.
    const tunerOnLive = await connect(tuner, live.ticketNumber);
    const adminOnLive = await connect(admin, live.ticketNumber);
    await say(tunerOnLive, live, 'Another question about the EGR.');
    leave(tunerOnLive);
    expect(server.hub.peek(live._id)).toBeDefined();

    const subscribed = await tuner.client.post('/api/notifications/subscription', {
      endpoint: 'http://127.0.0.1:9/push/tuner-phone',
      keys: newPushReceiver().keys,
    });
    expect(subscribed.status, subscribed.text).toBe(201);

    // What the test looks for is there before the deletion.
    for (const ticket of [stored, live]) {
      expect(JSON.stringify(await loadPayload(admin.client, ticket.ticketNumber))).toContain(FIRST);
    }
    expect(await storedHolds(stored._id, FIRST)).toBe(true);
    expect(await inboxText()).toContain(FIRST);

    const deleted = await admin.client.post('/api/admin/deleteUser', { userId: tuner.user._id });
    expect(deleted.status, deleted.text).toBe(200);

    // Support's open chat is told at once, as the server's own change.
    await adminOnLive.until(
      () => chatPeopleOf(adminOnLive.doc).get(tuner.user._id)?.firstName === DELETED_USER_NAME,
      15_000,
    );
    expect(chatPeopleOf(adminOnLive.doc).get(tuner.user._id)).toEqual({
      firstName: DELETED_USER_NAME,
      lastName: '',
      role: 'user',
    });

    for (const ticket of [stored, live]) {
      const payload = await loadPayload(admin.client, ticket.ticketNumber);
      const text = JSON.stringify(payload);
      expect(text).not.toContain(FIRST);
      expect(text).not.toContain(LAST);
      const theirs = payload.messages.filter((m) => m.sender._id === tuner.user._id);
      expect(theirs.length).toBeGreaterThan(0);
      for (const m of theirs) expect(m.sender).toMatchObject({ firstName: DELETED_USER_NAME, lastName: '' });
      // Nor in the stored bytes: the overwritten entry was collected when the chat was compacted.
      expect(await storedHolds(ticket._id, FIRST)).toBe(false);
      expect(await storedHolds(ticket._id, LAST)).toBe(false);
    }

    const inbox = await inboxText();
    expect(inbox).not.toContain(FIRST);
    expect(inbox).not.toContain(LAST);
    expect(inbox).not.toContain(tuner.email);

    const pushRows = await server.deps.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, tuner.user._id));
    expect(pushRows).toHaveLength(0);

    // And once support leaves, the room is stored without it too.
    leave(adminOnLive);
    await eventually(async () => {
      const appended = await server.deps.db
        .select()
        .from(chatUpdates)
        .where(eq(chatUpdates.ticketId, live._id));
      return server.hub.peek(live._id) === undefined && appended.length === 0;
    }, 15_000);
    expect(await storedHolds(live._id, FIRST)).toBe(false);
    expect(chatPeopleOf(await storedDoc(server.deps.db, live._id)).get(tuner.user._id)?.firstName).toBe(
      DELETED_USER_NAME,
    );
  });
});
