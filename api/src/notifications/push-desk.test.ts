import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ChatClient, chatClient, chatSetup, indexedMessage } from '../test/chat-helpers';
import { adminUser, type TestUser, verifiedUser } from '../test/factories';
import { jobsSettled } from '../test/jobs-settled';
import { decryptPush } from '../test/push-decrypt';
import { startTestServer, type TestServer } from '../test/test-server';
import { submitTicket } from '../test/ticket-helpers';
import type { PushMessage } from './messages';
import { type LoopbackPushService, startPushService, subscribeDevice } from './test/push-service';

let server: TestServer;
let push: LoopbackPushService;
let admin: TestUser;
let adminDevice: Awaited<ReturnType<typeof subscribeDevice>>;
const open: ChatClient[] = [];
let device = 0;
const nextPath = () => `/push/desk-${++device}`;

beforeAll(async () => {
  [server, push] = await Promise.all([startTestServer(), startPushService()]);
  admin = await adminUser(server);
  adminDevice = await subscribeDevice(admin.client, push, '/push/admin');
});
afterEach(() => {
  for (const client of open.splice(0)) client.destroy();
});
afterAll(async () => {
  await server?.close();
  await push?.close();
});

async function connect(who: TestUser, ticketNumber: number): Promise<ChatClient> {
  const client = chatClient(server.url, who.client, who.user._id, ticketNumber);
  open.push(client);
  await client.until(() => client.provider.synced);
  return client;
}

/** Sends, waits until the server acknowledged it (stored, its pushes queued), then until they ran. */
async function say(client: ChatClient, ticketId: string, text: string) {
  const m = client.send(text);
  await client.untilAcked();
  expect(await indexedMessage(server.deps.db, ticketId, m.id)).toBeDefined();
  await jobsSettled(server.deps.jobs);
}

/** What the admin's device was told about ticket n, decrypted. */
function adminMessages(n: number): PushMessage[] {
  return push
    .to(adminDevice.path)
    .map((d) => JSON.parse(decryptPush(adminDevice.receiver, d.body)) as PushMessage)
    .filter((m) => m.url === `/ticket/${n}`);
}

describe('pushes to admins', () => {
  it('tell of a new ticket, opening the admin ticket page', async () => {
    const tuner = await verifiedUser(server);
    const { ticket } = await submitTicket(tuner.client, { fields: { make: 'Audi', model: 'A4' } });
    await jobsSettled(server.deps.jobs);
    expect(adminMessages(ticket.ticketNumber)).toEqual([
      {
        title: `New ticket ${ticket.ticketNumber}`,
        body: 'Ada Lovelace: Audi A4, Stage 1',
        url: `/ticket/${ticket.ticketNumber}`,
        tag: `ticket-${ticket.ticketNumber}-new`,
      },
    ]);
  });

  it('tell of a customer message unless the admin has that chat open', async () => {
    const { tuner, ticket } = await chatSetup(server, admin);
    const c = await connect(tuner, ticket.ticketNumber);
    await say(c, ticket._id, 'Is the DPF removal included?');
    expect(adminMessages(ticket.ticketNumber).filter((m) => m.tag.startsWith('chat-'))).toEqual([
      {
        title: `Ticket ${ticket.ticketNumber}: Ada Lovelace wrote`,
        body: 'Is the DPF removal included?',
        url: `/ticket/${ticket.ticketNumber}`,
        tag: `chat-${ticket.ticketNumber}`,
      },
    ]);

    await connect(admin, ticket.ticketNumber);
    await say(c, ticket._id, 'Thanks!');
    expect(adminMessages(ticket.ticketNumber).filter((m) => m.tag.startsWith('chat-'))).toHaveLength(1);
  });
});

describe('pushes to tuners', () => {
  it("tell of support's reply while the tuner is away, and not while the chat is open", async () => {
    const { tuner, ticket } = await chatSetup(server, admin);
    const phone = await subscribeDevice(tuner.client, push, nextPath());
    const a = await connect(admin, ticket.ticketNumber);
    await say(a, ticket._id, 'Your file is in the queue.');
    const [delivery, ...more] = push.to(phone.path);
    expect(more).toHaveLength(0);
    expect(JSON.parse(decryptPush(phone.receiver, delivery!.body))).toEqual({
      title: `Ticket ${ticket.ticketNumber}: a new message from support`,
      body: 'Your file is in the queue.',
      url: `/ticket-details/${ticket.ticketNumber}`,
      tag: `chat-${ticket.ticketNumber}`,
    });

    await connect(tuner, ticket.ticketNumber);
    await say(a, ticket._id, 'Started now.');
    expect(push.to(phone.path)).toHaveLength(1);
  });

  it('are not sent when the tuner turned support replies off', async () => {
    const { tuner, ticket } = await chatSetup(server, admin);
    const phone = await subscribeDevice(tuner.client, push, nextPath());
    const choices = { ticketStatus: true, supportReplies: false, newTickets: true, customerMessages: true };
    expect((await tuner.client.put('/api/notifications/preferences', choices)).status).toBe(200);
    const a = await connect(admin, ticket.ticketNumber);
    await say(a, ticket._id, 'A quiet reply.');
    expect(push.to(phone.path)).toHaveLength(0);
  });
});
