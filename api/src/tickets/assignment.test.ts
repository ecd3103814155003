import type { AssigneesDto, TicketDto } from '@ecu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, disabledUser, engineerUser, type TestUser, verifiedUser } from '../test/factories';
import { jobsSettled } from '../test/jobs-settled';
import { startTestServer, type TestServer } from '../test/test-server';
import { setStatus, submitTicket } from '../test/ticket-helpers';

let server: TestServer;
let admin: TestUser;
let engineer: TestUser;
let second: TestUser;
let customer: TestUser;

/** Open every hour of every day: 'on shift' is the desk's working hours (docs/decisions/087-assignment.md). */
const ALWAYS_OPEN = {
  timeZone: 'UTC',
  week: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
  holidays: [],
};

beforeAll(async () => {
  server = await startTestServer();
  [admin, customer] = await Promise.all([adminUser(server), verifiedUser(server)]);
  engineer = await engineerUser(server);
  second = await engineerUser(server);
});
afterAll(async () => {
  await server?.close();
});

async function newTicket(): Promise<TicketDto> {
  return (await submitTicket(customer.client)).ticket;
}

async function assign(who: TestUser, ticketNumber: number, userId: string | null) {
  return who.client.post<TicketDto>('/api/admin/tickets/assign', { ticketNumber, userId });
}

async function adminDetails(who: TestUser, ticketNumber: number): Promise<TicketDto> {
  const res = await who.client.get<TicketDto>(`/api/admin/getTicketDetails/${ticketNumber}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

async function queue(who: TestUser, assigned: string): Promise<number[]> {
  const res = await who.client.get<TicketDto[]>(`/api/admin/getAllEcuFiles?limit=200&assigned=${assigned}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data.map((t) => t.ticketNumber);
}

async function saveAssignment(automaticAssignment: boolean, openTicketLimit: number) {
  const res = await admin.client.put('/api/admin/settings', {
    hours: ALWAYS_OPEN,
    assignment: { automaticAssignment, openTicketLimit },
  });
  expect(res.status, res.text).toBe(200);
}

const nameOf = (u: TestUser) => `${u.user.firstName} ${u.user.lastName}`.trim();

describe('taking, assigning and unassigning', () => {
  it('an engineer takes a ticket; the history says who took it and when; they let go again', async () => {
    const ticket = await newTicket();
    expect((await adminDetails(admin, ticket.ticketNumber)).assignee).toBeNull();

    const taken = await assign(engineer, ticket.ticketNumber, engineer.user._id);
    expect(taken.status, taken.text).toBe(200);
    expect(taken.body.data.assignee).toEqual({ _id: engineer.user._id, name: nameOf(engineer) });
    const line = taken.body.data.history!.find((h) => h.kind === 'assigned');
    expect(line).toMatchObject({
      by: `${nameOf(engineer)} (engineer)`,
      detail: { to: { id: engineer.user._id, name: nameOf(engineer) }, from: null, how: 'desk' },
    });
    expect(Date.parse(line!.at)).not.toBeNaN();

    // Saying it again changes nothing and writes no second line.
    const again = await assign(engineer, ticket.ticketNumber, engineer.user._id);
    expect(again.status).toBe(200);
    expect(again.body.data.history!.filter((h) => h.kind === 'assigned')).toHaveLength(1);

    const released = await assign(engineer, ticket.ticketNumber, null);
    expect(released.status, released.text).toBe(200);
    expect(released.body.data.assignee).toBeNull();
    expect(released.body.data.history!.filter((h) => h.kind === 'assigned').at(-1)!.detail).toMatchObject({
      to: null,
      from: { id: engineer.user._id },
    });
  });

  it('an admin assigns to an engineer, reassigns to themselves, and unassigns', async () => {
    const ticket = await newTicket();
    expect((await assign(admin, ticket.ticketNumber, second.user._id)).body.data.assignee?._id).toBe(
      second.user._id,
    );
    const mine = await assign(admin, ticket.ticketNumber, admin.user._id);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.data.assignee?._id).toBe(admin.user._id);
    const lines = mine.body.data.history!.filter((h) => h.kind === 'assigned');
    expect(
      lines.map((l) => [
        (l.detail.from as { id: string } | null)?.id ?? null,
        (l.detail.to as { id: string }).id,
      ]),
    ).toEqual([
      [null, second.user._id],
      [second.user._id, admin.user._id],
    ]);
    expect((await assign(admin, ticket.ticketNumber, null)).body.data.assignee).toBeNull();
  });

  it('an engineer neither gives a ticket to another nor takes another’s (403)', async () => {
    const ticket = await newTicket();
    const give = await assign(engineer, ticket.ticketNumber, second.user._id);
    expect(give.status).toBe(403);
    expect(give.body).toMatchObject({ message: 'Only an admin assigns tickets to others' });
    expect((await assign(second, ticket.ticketNumber, second.user._id)).status).toBe(200);
    expect((await assign(engineer, ticket.ticketNumber, engineer.user._id)).status).toBe(403);
    expect((await assign(engineer, ticket.ticketNumber, null)).status).toBe(403);
    expect((await adminDetails(admin, ticket.ticketNumber)).assignee?._id).toBe(second.user._id);
  });

  it('refuses customers, disabled and unknown accounts and bad input with a clear 4xx', async () => {
    const ticket = await newTicket();
    const disabled = await disabledUser(server);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ticketNumber: ticket.ticketNumber, userId: customer.user._id }, 400, 'not to customers'],
      // A disabled customer is still a customer.
      [{ ticketNumber: ticket.ticketNumber, userId: disabled.user._id }, 400, 'not to customers'],
      [{ ticketNumber: ticket.ticketNumber, userId: 'no-such-account' }, 400, 'No such account'],
      [{ ticketNumber: ticket.ticketNumber }, 400, 'userId'],
      [{ ticketNumber: 'x', userId: null }, 400, 'Ticket number'],
      [{ ticketNumber: 2_000_000_000, userId: admin.user._id }, 404, 'Ticket not found'],
    ];
    for (const [body, status, message] of cases) {
      const res = await admin.client.post('/api/admin/tickets/assign', body);
      expect(res.status, res.text).toBe(status);
      expect(res.text).toContain(message);
    }
    expect((await adminDetails(admin, ticket.ticketNumber)).assignee).toBeNull();
    // A customer may not assign at all.
    const asCustomer = await assign(customer, ticket.ticketNumber, customer.user._id);
    expect(asCustomer.status).toBe(403);
  });

  it('refuses a disabled engineer by name', async () => {
    const ticket = await newTicket();
    const gone = await engineerUser(server);
    expect((await admin.client.post('/api/admin/disableUser', { userId: gone.user._id })).status).toBe(200);
    const res = await assign(admin, ticket.ticketNumber, gone.user._id);
    expect(res.status).toBe(400);
    expect(res.text).toContain('This account is disabled');
  });
});

describe('the queue', () => {
  it("filters 'mine', 'unassigned' and 'all', shows each row's assignee, counts open tickets", async () => {
    const [a, b, c] = [await newTicket(), await newTicket(), await newTicket()];
    await assign(engineer, a.ticketNumber, engineer.user._id);
    await assign(admin, b.ticketNumber, second.user._id);

    const mine = await queue(engineer, 'mine');
    expect(mine).toContain(a.ticketNumber);
    expect(mine).not.toContain(b.ticketNumber);
    expect(mine).not.toContain(c.ticketNumber);
    const unassigned = await queue(engineer, 'unassigned');
    expect(unassigned).toContain(c.ticketNumber);
    expect(unassigned).not.toContain(a.ticketNumber);
    expect(unassigned).not.toContain(b.ticketNumber);
    expect(await queue(engineer, 'all')).toEqual(
      expect.arrayContaining([a.ticketNumber, b.ticketNumber, c.ticketNumber]),
    );
    // The search path filters the same way.
    const searched = await engineer.client.get<TicketDto[]>(
      `/api/admin/getAllEcuFiles?assigned=mine&q=${a.ticketNumber}`,
    );
    expect(searched.body.data.map((t) => t.ticketNumber)).toEqual([a.ticketNumber]);

    const all = await engineer.client.get<TicketDto[]>('/api/admin/getAllEcuFiles?limit=200');
    const row = all.body.data.find((t) => t.ticketNumber === b.ticketNumber)!;
    expect(row.assignee).toEqual({ _id: second.user._id, name: nameOf(second) });

    const before = await engineer.client.get<AssigneesDto>('/api/admin/tickets/assignees');
    expect(before.status, before.text).toBe(200);
    const countOf = (d: AssigneesDto, u: TestUser) =>
      d.assignees.find((s) => s.id === u.user._id)?.openTickets;
    const secondOpen = countOf(before.body.data, second)!;
    expect(secondOpen).toBeGreaterThan(0);
    expect(before.body.data.assignees.map((s) => s.id)).not.toContain(customer.user._id);
    // Delivered tickets are not open.
    await setStatus(admin.client, b._id, 'Completed');
    const after = await engineer.client.get<AssigneesDto>('/api/admin/tickets/assignees');
    expect(countOf(after.body.data, second)).toBe(secondOpen - 1);
  });

  it('refuses an unknown filter with 400', async () => {
    const res = await engineer.client.get('/api/admin/getAllEcuFiles?assigned=theirs');
    expect(res.status).toBe(400);
    expect(res.text).toContain('assigned must be all, mine or unassigned');
  });
});

describe('automatic assignment', () => {
  it('gives a new ticket to the least-loaded engineer under the limit, once, and to nobody at the limit', async () => {
    // Start level: nobody holds an open ticket.
    const held = await admin.client.get<TicketDto[]>('/api/admin/getAllEcuFiles?limit=200');
    for (const t of held.body.data) {
      if (t.assignee) expect((await assign(admin, t.ticketNumber, null)).status).toBe(200);
    }
    const busy = await newTicket();
    await assign(admin, busy.ticketNumber, engineer.user._id);

    await saveAssignment(true, 1);
    const first = await newTicket();
    await jobsSettled(server.deps.jobs);
    const details = await adminDetails(admin, first.ticketNumber);
    expect(details.assignee).toEqual({ _id: second.user._id, name: nameOf(second) });
    expect(details.history!.filter((h) => h.kind === 'assigned')).toEqual([
      expect.objectContaining({
        by: null,
        detail: expect.objectContaining({ how: 'automatic', from: null }),
      }),
    ]);

    // Both engineers are at the limit of 1: the next ticket waits unassigned.
    const full = await newTicket();
    expect((await adminDetails(admin, full.ticketNumber)).assignee).toBeNull();

    // Off: nobody is picked even with room.
    await saveAssignment(false, 10);
    expect((await adminDetails(admin, (await newTicket()).ticketNumber)).assignee).toBeNull();
  });

  it('waits while the desk is closed (no per-person shifts: the working hours are the shift)', async () => {
    const res = await admin.client.put('/api/admin/settings', {
      hours: { timeZone: 'UTC', week: [], holidays: [] },
      assignment: { automaticAssignment: true, openTicketLimit: 100 },
    });
    expect(res.status, res.text).toBe(200);
    expect((await adminDetails(admin, (await newTicket()).ticketNumber)).assignee).toBeNull();
    await saveAssignment(false, 10);
  });

  it('refuses bad settings with 400 and keeps them from engineers', async () => {
    const bad = await admin.client.put('/api/admin/settings', {
      assignment: { automaticAssignment: true, openTicketLimit: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('The limit is at least 1 ticket');
    const asEngineer = await engineer.client.put('/api/admin/settings', {
      assignment: { automaticAssignment: true, openTicketLimit: 5 },
    });
    expect(asEngineer.status).toBe(403);
  });
});

describe('the assignee never reaches the customer', () => {
  it('is in no customer answer: details, list, sync', async () => {
    await saveAssignment(false, 10);
    const ticket = await newTicket();
    expect((await assign(admin, ticket.ticketNumber, engineer.user._id)).status).toBe(200);
    await jobsSettled(server.deps.jobs);
    for (const path of [
      `/api/ecuFile/getTicketDetails/${ticket.ticketNumber}`,
      '/api/ecuFile/my-files?limit=200',
      '/api/sync',
    ]) {
      const res = await customer.client.get(path);
      expect(res.status, `${path}: ${res.text.slice(0, 200)}`).toBe(200);
      expect(res.text, path).toContain(String(ticket.ticketNumber));
      expect(res.text, path).not.toContain(engineer.user._id);
      expect(res.text, path).not.toContain('assigne');
      expect(res.text, path).not.toContain('"assigned"');
    }
  });
});
