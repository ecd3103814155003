import type { ChatInboxRow } from '@ecu/shared/chat/payload';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema';
import { mailQueue } from '../platform/mail';
import { adminUser, newClient, type TestUser } from '../test/factories';
import { jobsSettled } from '../test/jobs-settled';
import { startTestServer, type TestServer } from '../test/test-server';
import { type ChatClient, chatClient } from './test/chat-client';
import { chatSetup, eventually, indexedMessage, sleep } from './test/fixtures';

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

/** Sends and waits until the server indexed the message and queued its e-mail, if any. */
async function say(client: ChatClient, ticketId: string, text: string) {
  const m = client.send(text);
  await eventually(async () => (await indexedMessage(server.deps.db, ticketId, m.id)) !== undefined);
  await client.untilAcked();
  return m;
}

const mailSlots = async (ticketId: string) =>
  (
    await server.deps.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `chat-mail:${ticketId}`))
  )[0]?.count ?? 0;

describe('"support replied" e-mail', () => {
  it('goes to an absent owner once per 15 minutes, with the text and a link to the ticket', async () => {
    const { tuner, ticket } = await chatSetup(server, admin);
    const b = await connect(admin, ticket.ticketNumber);
    const first = await say(b, ticket._id, 'Your tuned file is ready; please check the notes.');
    const mail = await server.smtp.nextMail(tuner.email);
    // Queued under a key of its message: a job that runs again does not mail again.
    const [job, ...more] = await server.deps.jobs.boss.findJobs(mailQueue.name, {
      key: `mail:chat-away:chat:${ticket._id}:${first.id}`,
    });
    expect(more).toEqual([]);
    expect(job?.data).toMatchObject({ about: { userId: tuner.user._id } });
    expect(mail.text).toContain('Your tuned file is ready; please check the notes.');
    expect(mail.text).toContain(`${server.config.appUrl}/ticket-details/${ticket.ticketNumber}`);
    expect(mail.html).toContain(`${server.config.appUrl}/ticket-details/${ticket.ticketNumber}`);
    expect(mail.subject).toContain(String(ticket.ticketNumber));

    await say(b, ticket._id, 'One more thing about the EGR.');
    // The second reply was counted against the ticket's window, and refused a mail.
    await eventually(async () => (await mailSlots(ticket._id)) === 2);
    await jobsSettled(server.deps.jobs);
    expect(server.smtp.pending(tuner.email)).toEqual([]);
  });

  it('is not sent while the owner has the chat open, and is once the owner left', async () => {
    const { tuner, ticket } = await chatSetup(server, admin);
    const a = await connect(tuner, ticket.ticketNumber);
    const b = await connect(admin, ticket.ticketNumber);
    await say(b, ticket._id, 'Are you there?');
    await a.until(() => a.messages().length === 1);
    await jobsSettled(server.deps.jobs);
    expect(server.smtp.pending(tuner.email)).toEqual([]);
    expect(await mailSlots(ticket._id)).toBe(0);

    a.destroy();
    await sleep(200); // the server sees the close
    await say(b, ticket._id, 'Write when you are back.');
    expect((await server.smtp.nextMail(tuner.email)).text).toContain('Write when you are back.');
  });

  it("is never sent for the customer's own messages", async () => {
    const { tuner, ticket } = await chatSetup(server, admin);
    const a = await connect(tuner, ticket.ticketNumber);
    await say(a, ticket._id, 'Hello?');
    await jobsSettled(server.deps.jobs);
    expect(server.smtp.pending(tuner.email)).toEqual([]);
    expect(await mailSlots(ticket._id)).toBe(0);
  });
});

describe('support inbox', () => {
  const inboxRows = async () => {
    const res = await admin.client.get<{ rows: ChatInboxRow[] }>('/api/admin/chat-inbox');
    expect(res.status).toBe(200);
    return res.body.data.rows;
  };
  /** The inbox once it has settled: the badge's count agrees with the list. */
  const inbox = async () => {
    const rows = await inboxRows();
    const count = await admin.client.get<{ count: number }>('/api/admin/chat-inbox/count');
    expect(count.body.data.count).toBe(rows.length);
    return rows;
  };
  const rowOf = (rows: ChatInboxRow[], ticketId: string) => rows.find((r) => r.ticketId === ticketId);

  it('lists tickets with unread customer messages, oldest waiting first, until support reads', async () => {
    const first = await chatSetup(server, admin);
    const second = await chatSetup(server, admin);
    const quiet = await chatSetup(server, admin);
    const a1 = await connect(first.tuner, first.ticket.ticketNumber);
    const a2 = await connect(second.tuner, second.ticket.ticketNumber);
    await say(a1, first.ticket._id, 'First question');
    await say(a1, first.ticket._id, 'Second question');
    await say(a2, second.ticket._id, 'Another customer asks');
    // Support writing on a ticket does not make it wait.
    await say(await connect(admin, quiet.ticket.ticketNumber), quiet.ticket._id, 'A note from support');

    let rows = await inbox();
    const ours = rows.filter((r) => [first, second, quiet].some((s) => s.ticket._id === r.ticketId));
    expect(ours.map((r) => r.ticketId)).toEqual([first.ticket._id, second.ticket._id]);
    expect(ours[0]).toMatchObject({
      ticketNumber: first.ticket.ticketNumber,
      customer: {
        id: first.tuner.user._id,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: first.tuner.email,
      },
      vehicle: `${first.ticket.make} ${first.ticket.model}`,
      unreadCount: 2,
      lastMessage: 'Second question',
    });
    expect(ours[1]).toMatchObject({ unreadCount: 1, lastMessage: 'Another customer asks' });
    expect(Date.parse(ours[0]!.waitingSince)).toBeLessThan(Date.parse(ours[1]!.waitingSince));

    // The admin's client reports it read the first chat: that ticket leaves the inbox.
    const b = await connect(admin, first.ticket.ticketNumber);
    await b.until(() => b.messages().length === 2);
    b.markRead(2);
    await eventually(async () => !rowOf(await inboxRows(), first.ticket._id));
    rows = await inbox();
    expect(rowOf(rows, second.ticket._id)?.unreadCount).toBe(1);

    // A new customer message brings it back, now behind the one waiting longer.
    await say(a1, first.ticket._id, 'Any news?');
    rows = await inbox();
    expect(rowOf(rows, first.ticket._id)).toMatchObject({ unreadCount: 1, lastMessage: 'Any news?' });
    const order = rows
      .map((r) => r.ticketId)
      .filter((id) => id === first.ticket._id || id === second.ticket._id);
    expect(order).toEqual([second.ticket._id, first.ticket._id]);
  });

  it('is for admins only (403 for users, 401 signed out)', async () => {
    const { tuner } = await chatSetup(server, admin);
    expect((await tuner.client.get('/api/admin/chat-inbox')).status).toBe(403);
    expect((await tuner.client.get('/api/admin/chat-inbox/count')).status).toBe(403);
    expect((await newClient(server).get('/api/admin/chat-inbox')).status).toBe(401);
  });
});
