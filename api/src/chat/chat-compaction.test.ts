import { chatMessagesOf } from '@ecu/shared/chat/doc';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, type TestUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import { CHAT_COMPACTION_SCHEDULE } from '.';
import { compactLeftoverChats } from './persistence';
import { type ChatClient, chatClient } from './test/chat-client';
import {
  appendedUpdates,
  chatSetup,
  eventually,
  hasSnapshot,
  indexedMessage,
  loadPayload,
  storedDoc,
} from './test/fixtures';

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

const MINUTE = 60_000;
const textsOf = (messages: { text: string }[]) => messages.map((m) => m.text);

describe('the chat-compaction schedule', () => {
  it('is a schedule of the job queue, run by one process per tick', () => {
    expect(server.deps.jobs.queueNames()).toContain(CHAT_COMPACTION_SCHEDULE);
  });

  it('merges the updates a room left appended, and the open room goes on as before', async () => {
    const { tuner, ticket } = await chatSetup(server, admin);
    const client = chatClient(server.url, tuner.client, tuner.user._id, ticket.ticketNumber);
    open.push(client);
    await client.until(() => client.provider.synced);
    const sent = [client.send('First'), client.send('Second'), client.send('Third')];
    for (const m of sent)
      await eventually(async () => (await indexedMessage(server.deps.db, ticket._id, m.id)) !== undefined);
    await eventually(async () => (await appendedUpdates(server.deps.db, ticket._id)).length >= 3);

    // Updates younger than the cut-off are left to the room.
    expect(await compactLeftoverChats(server.deps.db, new Date(Date.now() - 15 * MINUTE))).toBe(0);
    expect((await appendedUpdates(server.deps.db, ticket._id)).length).toBeGreaterThanOrEqual(3);

    expect(await compactLeftoverChats(server.deps.db, new Date(Date.now() + MINUTE))).toBeGreaterThanOrEqual(
      1,
    );
    expect(await appendedUpdates(server.deps.db, ticket._id)).toEqual([]);
    expect(await hasSnapshot(server.deps.db, ticket._id)).toBe(true);
    expect(textsOf(chatMessagesOf(await storedDoc(server.deps.db, ticket._id)).toArray())).toEqual([
      'First',
      'Second',
      'Third',
    ]);

    const fourth = client.send('Fourth');
    await eventually(async () => (await indexedMessage(server.deps.db, ticket._id, fourth.id)) !== undefined);
    const payload = await loadPayload(admin.client, ticket.ticketNumber);
    expect(payload.messages.map((m) => m.message)).toEqual(['First', 'Second', 'Third', 'Fourth']);
  });
});
