import type { InternalNoteDto, TicketDto, TicketNotesDto } from '@ecu/shared';
import { boschEdc17Read, KB } from '@ecu/shared/ecu-identify/test-binaries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, engineerUser, type TestUser, verifiedUser } from '../test/factories';
import { jobsSettled } from '../test/jobs-settled';
import { startTestServer, type TestServer } from '../test/test-server';
import { setStatus, submitTicket, uploadTunedMultipart } from '../test/ticket-helpers';

let server: TestServer;
let admin: TestUser;
let engineer: TestUser;
let customer: TestUser;
let other: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [admin, customer, other] = await Promise.all([
    adminUser(server),
    verifiedUser(server),
    verifiedUser(server),
  ]);
  engineer = await engineerUser(server);
});
afterAll(async () => {
  await server?.close();
});

let nextSoftware = 1037560000;
const newSoftware = () => String(++nextSoftware);

/** A ticket of `who` whose read identifies as this Bosch software, once its jobs have run. */
async function ticketWithSoftware(who: TestUser, software: string, seed = 3): Promise<TicketDto> {
  const read = boschEdc17Read({ size: 512 * KB, seed, software, vin: 'WVWZZZ1KZAW000001' });
  const { ticket } = await submitTicket(who.client, {
    ecuBytes: read,
    fields: { stage: 'Stage 1', options: ['EGR OFF'], notes: '', ecuId: '' },
  });
  await jobsSettled(server.deps.jobs);
  return ticket;
}

async function notesOf(who: TestUser, ticketNumber: number): Promise<TicketNotesDto> {
  const res = await who.client.get<TicketNotesDto>(`/api/admin/tickets/notes?ticketNumber=${ticketNumber}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

describe('internal notes on a ticket', () => {
  it('an engineer writes one, an admin reads it with its author, oldest first', async () => {
    const ticket = await ticketWithSoftware(customer, newSoftware());
    const first = await engineer.client.post<TicketNotesDto>('/api/admin/tickets/notes', {
      ticketNumber: ticket.ticketNumber,
      text: '  Customer says the car has a remapped TCU too  ',
    });
    expect(first.status, first.text).toBe(201);
    const second = await admin.client.post('/api/admin/tickets/notes', {
      ticketNumber: ticket.ticketNumber,
      text: 'Checked: TCU is stock',
    });
    expect(second.status, second.text).toBe(201);

    const notes = await notesOf(admin, ticket.ticketNumber);
    expect(notes.ticketNotes.map((n: InternalNoteDto) => [n.text, n.author])).toEqual([
      [
        'Customer says the car has a remapped TCU too',
        `${engineer.user.firstName} ${engineer.user.lastName}`,
      ],
      ['Checked: TCU is stock', `${admin.user.firstName} ${admin.user.lastName}`.trim()],
    ]);
    expect(await notesOf(engineer, ticket.ticketNumber)).toEqual(notes);
  });

  it.each([
    [{ ticketNumber: 100001 }, 400, 'Write a note'],
    [{ ticketNumber: 100001, text: '   ' }, 400, 'Write a note'],
    [{ ticketNumber: 'abc', text: 'x' }, 400, 'Ticket number missing!'],
    [{ ticketNumber: 100001, text: 'x'.repeat(4001) }, 400, 'A note is at most 4000 characters'],
    [{ ticketNumber: 2_000_000_000, text: 'x' }, 404, 'Ticket not found'],
  ])('refuses %j with %s', async (body, status, message) => {
    const res = await engineer.client.post('/api/admin/tickets/notes', body);
    expect(res.status, res.text).toBe(status);
    expect(res.text).toContain(message);
  });

  it('answers a clear 4xx to a read without a ticket number or of an unknown ticket', async () => {
    expect((await engineer.client.get('/api/admin/tickets/notes')).status).toBe(400);
    expect((await engineer.client.get('/api/admin/tickets/notes?ticketNumber=2000000000')).status).toBe(404);
  });
});

describe('internal notes on a software version', () => {
  it('show on every ticket whose read has that software number, and on no other', async () => {
    const software = newSoftware();
    const [mine, theirs, unrelated] = [
      await ticketWithSoftware(customer, software, 5),
      await ticketWithSoftware(other, software, 6),
      await ticketWithSoftware(other, newSoftware(), 7),
    ];
    const res = await engineer.client.post<InternalNoteDto>('/api/admin/software-notes', {
      softwareNumber: software,
      text: 'This SW needs the immo bytes at 0x1C000 left alone',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.text).toBe('This SW needs the immo bytes at 0x1C000 left alone');

    for (const ticket of [mine, theirs]) {
      const notes = await notesOf(admin, ticket.ticketNumber);
      expect(notes.softwareNumber).toBe(software);
      expect(notes.softwareNotes.map((n) => n.text)).toEqual([
        'This SW needs the immo bytes at 0x1C000 left alone',
      ]);
    }
    expect((await notesOf(admin, unrelated.ticketNumber)).softwareNotes).toEqual([]);
  });

  it('refuses a software number with characters a software number does not have', async () => {
    const res = await engineer.client.post('/api/admin/software-notes', { softwareNumber: '<x>', text: 'n' });
    expect(res.status).toBe(400);
  });
});

describe('a note never reaches a customer', () => {
  it('is in no answer of any customer call, the sync feed, the chat or a mail', async () => {
    const software = newSoftware();
    const ticket = await ticketWithSoftware(customer, software, 9);
    const SECRET_TICKET = 'INTERNAL-TICKET-9f3a: leave the DPF map';
    const SECRET_SOFTWARE = 'INTERNAL-SW-77c1: immo at 0x1C000';
    expect(
      (
        await engineer.client.post('/api/admin/tickets/notes', {
          ticketNumber: ticket.ticketNumber,
          text: SECRET_TICKET,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await engineer.client.post('/api/admin/software-notes', {
          softwareNumber: software,
          text: SECRET_SOFTWARE,
        })
      ).status,
    ).toBe(201);
    // The ticket moves on as a customer sees it: a tuned file and a status change (mails).
    const tuned = await uploadTunedMultipart(engineer.client, ticket.ticketNumber, {
      bytes: new Uint8Array(512 * KB).fill(7),
      name: 'tuned.bin',
    });
    expect(tuned.status, tuned.text).toBe(200);
    await setStatus(engineer.client, ticket._id, 'Completed');
    await jobsSettled(server.deps.jobs);

    const detail = await customer.client.get<TicketDto>(
      `/api/ecuFile/getTicketDetails/${ticket.ticketNumber}`,
    );
    const { ecuFile, ecuTunedFile, commonFiles } = detail.body.data;
    const fileIds = [ecuFile, ecuTunedFile, ...commonFiles].flatMap((f) => (f ? [f.id] : []));
    expect(fileIds).toHaveLength(2);
    // Every GET a customer can make (the route table's own list), with this ticket's numbers.
    const paths = new Set<string>();
    for (const { method, path } of server.app.routes) {
      if (
        method !== 'GET' ||
        !path.startsWith('/api/') ||
        path.startsWith('/api/admin') ||
        path.endsWith('*')
      )
        continue;
      const values = path.includes(':fileId') ? fileIds : ['1'];
      for (const value of values)
        paths.add(
          path
            .replace(':ticketNumber', String(ticket.ticketNumber))
            .replace(':fileId', value)
            .replace(/:[A-Za-z]+/g, '1'),
        );
    }
    paths.add('/api/sync');
    paths.add('/api/ecuFile/my-files?limit=200');
    expect(paths.size).toBeGreaterThan(10);
    for (const path of paths) {
      const res = await customer.client.get(path);
      expect(res.status, `${path}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
      expect(res.text, path).not.toContain('INTERNAL-');
    }

    for (const mail of server.smtp.received.filter((m) => m.to.includes(customer.email.toLowerCase()))) {
      expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain('INTERNAL-');
    }
    // And the customer cannot ask for them.
    const asked = await customer.client.get(`/api/admin/tickets/notes?ticketNumber=${ticket.ticketNumber}`);
    expect(asked.status).toBe(403);
    expect(asked.text).not.toContain('INTERNAL-');
  });
});
