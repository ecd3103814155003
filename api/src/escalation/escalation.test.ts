import type { EscalationSettings, TicketDto } from '@ecu/shared';
import type { ChatInboxRow } from '@ecu/shared/chat/payload';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, ticketEscalations, tickets } from '../db/schema';
import type { PushMessage } from '../notifications';
import { type ChatClient, chatClient, chatSetup, indexedMessage } from '../test/chat-helpers';
import { adminUser, engineerUser, type TestUser, verifiedUser } from '../test/factories';
import { jobsSettled } from '../test/jobs-settled';
import { decryptPush } from '../test/push-decrypt';
import { type LoopbackPushService, startPushService, subscribeDevice } from '../test/push-helpers';
import { startTestServer, type TestServer } from '../test/test-server';
import { submitTicket } from '../test/ticket-helpers';
import { ESCALATION_SCHEDULE, runEscalations } from '.';

/** Open all week, UTC: every minute counts, so the numbers below are plain arithmetic. */
const ALWAYS_OPEN = {
  timeZone: 'UTC',
  week: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
  holidays: [],
};
const THRESHOLDS: EscalationSettings = { pendingMinutes: 30, inProgressMinutes: 240, unansweredMinutes: 15 };
const MINUTE = 60_000;

let server: TestServer;
let push: LoopbackPushService;
let admin: TestUser;
let engineer: TestUser;
let adminDevice: Awaited<ReturnType<typeof subscribeDevice>>;
let engineerDevice: Awaited<ReturnType<typeof subscribeDevice>>;
const open: ChatClient[] = [];

beforeAll(async () => {
  [server, push] = await Promise.all([startTestServer(), startPushService()]);
  admin = await adminUser(server);
  engineer = await engineerUser(server);
  adminDevice = await subscribeDevice(admin.client, push, '/push/escalation-admin');
  engineerDevice = await subscribeDevice(engineer.client, push, '/push/escalation-engineer');
  await saveSettings({ hours: ALWAYS_OPEN, escalation: THRESHOLDS });
});
afterEach(() => {
  for (const client of open.splice(0)) client.destroy();
});
afterAll(async () => {
  await server?.close();
  await push?.close();
});

async function saveSettings(body: Record<string, unknown>) {
  const res = await admin.client.put('/api/admin/settings', body);
  expect(res.status, res.text).toBe(200);
}

/** The overdue pushes a device got about ticket n, decrypted. */
function overdueMessages(device: typeof adminDevice, n: number): PushMessage[] {
  return push
    .to(device.path)
    .map((d) => JSON.parse(decryptPush(device.receiver, d.body)) as PushMessage)
    .filter((m) => m.tag === `ticket-${n}-overdue`);
}

async function newTicket() {
  const tuner = await verifiedUser(server);
  const { ticket } = await submitTicket(tuner.client);
  const [row] = await server.deps.db.select().from(tickets).where(eq(tickets.id, ticket._id));
  return { tuner, ticket, createdAt: row!.createdAt };
}

/** The ticket was submitted `minutes` ago (time moves on only in the database). */
async function submittedAgo(ticketId: string, minutes: number) {
  await server.deps.db
    .update(tickets)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(tickets.id, ticketId));
}

async function listRow(ticketNumber: number): Promise<TicketDto> {
  const res = await admin.client.get<TicketDto[]>(`/api/admin/getAllEcuFiles?q=${ticketNumber}`);
  expect(res.status, res.text).toBe(200);
  const row = res.body.data.find((t) => t.ticketNumber === ticketNumber);
  expect(row).toBeDefined();
  return row!;
}

async function run(now: Date) {
  const queued = await runEscalations(server.deps, now);
  await jobsSettled(server.deps.jobs);
  return queued;
}

describe('escalation settings', () => {
  it('are saved and read back as the Escalation group', async () => {
    const res = await admin.client.get<{ settings: { escalation: EscalationSettings } }>(
      '/api/admin/settings',
    );
    expect(res.status).toBe(200);
    expect(res.body.data.settings.escalation).toEqual(THRESHOLDS);
  });

  it.each([
    [{ pendingMinutes: -1, inProgressMinutes: 0, unansweredMinutes: 0 }, 'Pending: 0 turns it off'],
    [
      { pendingMinutes: 0, inProgressMinutes: 2.5, unansweredMinutes: 0 },
      'In Progress: enter a whole number',
    ],
    [{ pendingMinutes: 0, inProgressMinutes: 0, unansweredMinutes: 99_999 }, 'at most 43200 minutes'],
    [{ pendingMinutes: 'soon', inProgressMinutes: 0, unansweredMinutes: 0 }, 'enter a whole number'],
    [{ pendingMinutes: 30 }, 'enter a whole number'],
  ])('refuse %j with a 400 that says why', async (escalation, message) => {
    const res = await admin.client.put('/api/admin/settings', { escalation });
    expect(res.status, res.text).toBe(400);
    expect(res.text).toContain(message);
    const after = await admin.client.get<{ settings: { escalation: EscalationSettings } }>(
      '/api/admin/settings',
    );
    expect(after.body.data.settings.escalation).toEqual(THRESHOLDS);
  });

  it('are not for engineers or customers', async () => {
    const tuner = await verifiedUser(server);
    for (const who of [engineer, tuner]) {
      const res = await who.client.put('/api/admin/settings', { escalation: THRESHOLDS });
      expect(res.status).toBeGreaterThanOrEqual(401);
      expect(res.status).toBeLessThan(500);
    }
  });
});

describe('the overdue field', () => {
  it('of the admin ticket list: open minutes past the threshold, null before it and when off', async () => {
    const { ticket } = await newTicket();
    expect((await listRow(ticket.ticketNumber)).overdue).toBeNull();

    await submittedAgo(ticket._id, 90);
    expect((await listRow(ticket.ticketNumber)).overdue).toBe(60);

    await saveSettings({ escalation: { ...THRESHOLDS, pendingMinutes: 0 } });
    try {
      expect((await listRow(ticket.ticketNumber)).overdue).toBeNull();
    } finally {
      await saveSettings({ escalation: THRESHOLDS });
    }
  });

  it('counts only working hours: the same wait while closed is not overdue', async () => {
    const { ticket } = await newTicket();
    await submittedAgo(ticket._id, 90);
    await saveSettings({ hours: { timeZone: 'UTC', week: [], holidays: [] } });
    try {
      expect((await listRow(ticket.ticketNumber)).overdue).toBeNull();
    } finally {
      await saveSettings({ hours: ALWAYS_OPEN });
    }
  });

  it('of the inbox: an unanswered customer message past its threshold', async () => {
    const { tuner, ticket } = await chatSetup(server, admin);
    const c = chatClient(server.url, tuner.client, tuner.user._id, ticket.ticketNumber);
    open.push(c);
    await c.until(() => c.provider.synced);
    const m = c.send('Any news on my file?');
    await c.untilAcked();
    expect(await indexedMessage(server.deps.db, ticket._id, m.id)).toBeDefined();
    const inboxRow = async () => {
      const res = await admin.client.get<{ rows: ChatInboxRow[] }>('/api/admin/chat-inbox');
      expect(res.status, res.text).toBe(200);
      return res.body.data.rows.find((r) => r.ticketNumber === ticket.ticketNumber);
    };
    expect((await inboxRow())?.overdue).toBeNull();

    await server.deps.db
      .update(chatMessages)
      .set({ receivedAt: sql`now() - interval '20 minutes'` })
      .where(and(eq(chatMessages.ticketId, ticket._id), eq(chatMessages.id, m.id)));
    expect((await inboxRow())?.overdue).toBe(5);
  });

  it('is not in a customer answer', async () => {
    const { tuner, ticket } = await newTicket();
    await submittedAgo(ticket._id, 90);
    const res = await tuner.client.get<TicketDto[]>('/api/ecuFile/my-files');
    expect(res.status, res.text).toBe(200);
    const mine = res.body.data.find((t) => t.ticketNumber === ticket.ticketNumber);
    expect(mine).toBeDefined();
    expect(mine).not.toHaveProperty('overdue');
  });
});

describe('the escalation schedule', () => {
  it('is a pg-boss schedule, so that one process runs each tick', () => {
    expect(server.deps.jobs.queueNames()).toContain(ESCALATION_SCHEDULE);
  });

  it('tells the assignee once, then the admins once after another full threshold', async () => {
    const { ticket, createdAt } = await newTicket();
    const assigned = await admin.client.post('/api/admin/tickets/assign', {
      ticketNumber: ticket.ticketNumber,
      userId: engineer.user._id,
    });
    expect(assigned.status, assigned.text).toBe(200);
    const n = ticket.ticketNumber;
    const after = (minutes: number) => new Date(createdAt.getTime() + minutes * MINUTE);

    await run(after(30));
    expect(overdueMessages(engineerDevice, n)).toEqual([]);

    await run(after(31));
    expect(overdueMessages(engineerDevice, n)).toEqual([
      {
        title: `Ticket ${n} is overdue`,
        body: 'Pending 1 min past the 30-minute limit (working hours).',
        url: `/ticket/${n}`,
        tag: `ticket-${n}-overdue`,
      },
    ]);
    expect(overdueMessages(adminDevice, n)).toEqual([]);

    // Reruns, also two at once (two processes), push nothing again.
    await run(after(45));
    await Promise.all([runEscalations(server.deps, after(50)), runEscalations(server.deps, after(50))]);
    await jobsSettled(server.deps.jobs);
    expect(overdueMessages(engineerDevice, n)).toHaveLength(1);
    expect(overdueMessages(adminDevice, n)).toEqual([]);

    await run(after(60));
    expect(overdueMessages(adminDevice, n)).toEqual([
      {
        title: `Ticket ${n} is still overdue`,
        body: 'Pending 30 min past the 30-minute limit (working hours).',
        url: `/ticket/${n}`,
        tag: `ticket-${n}-overdue`,
      },
    ]);
    await Promise.all([runEscalations(server.deps, after(90)), runEscalations(server.deps, after(95))]);
    await jobsSettled(server.deps.jobs);
    expect(overdueMessages(adminDevice, n)).toHaveLength(1);
    expect(overdueMessages(engineerDevice, n)).toHaveLength(1);

    const rows = await server.deps.db
      .select({ reason: ticketEscalations.reason, stage: ticketEscalations.stage })
      .from(ticketEscalations)
      .where(eq(ticketEscalations.ticketId, ticket._id))
      .orderBy(ticketEscalations.stage);
    expect(rows).toEqual([
      { reason: 'status', stage: 1 },
      { reason: 'status', stage: 2 },
    ]);
  });

  it('tells the admins when nobody is assigned, and again for a new status entry', async () => {
    const { ticket, createdAt } = await newTicket();
    const n = ticket.ticketNumber;
    await run(new Date(createdAt.getTime() + 40 * MINUTE));
    expect(overdueMessages(adminDevice, n).map((m) => m.title)).toEqual([`Ticket ${n} is overdue`]);
    expect(overdueMessages(engineerDevice, n)).toEqual([]);

    const moved = await admin.client.put('/api/admin/updateEcuFileStatus', {
      fileId: ticket._id,
      status: 'In Progress',
    });
    expect(moved.status, moved.text).toBe(200);
    // Within the 4 hours In Progress may take: nothing new.
    await run(new Date(Date.now() + 200 * MINUTE));
    expect(overdueMessages(adminDevice, n)).toHaveLength(1);
    await run(new Date(Date.now() + 250 * MINUTE));
    const titles = overdueMessages(adminDevice, n).map((m) => m.title);
    expect(titles).toHaveLength(2);
    expect(overdueMessages(adminDevice, n)[1]?.body).toMatch(
      /^In Progress \d+ min past the 240-minute limit/,
    );
  });

  it('queues nothing while every threshold is off', async () => {
    const { ticket, createdAt } = await newTicket();
    await saveSettings({ escalation: { pendingMinutes: 0, inProgressMinutes: 0, unansweredMinutes: 0 } });
    try {
      expect(await run(new Date(createdAt.getTime() + 600 * MINUTE))).toBe(0);
      expect(overdueMessages(adminDevice, ticket.ticketNumber)).toEqual([]);
      // The lists answer as they did before escalation existed: no overdue field.
      await submittedAgo(ticket._id, 90);
      expect(await listRow(ticket.ticketNumber)).not.toHaveProperty('overdue');
    } finally {
      await saveSettings({ escalation: THRESHOLDS });
    }
  });
});
