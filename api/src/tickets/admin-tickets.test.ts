import { randomUUID } from 'node:crypto';
import type { TicketDto } from '@ecu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, newClient, PROFILE, type TestUser, verifiedUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import {
  fileBytes,
  MiB,
  setStatus,
  sha256,
  submitTicket,
  tusUpload,
  uploadRow,
  uploadTunedMultipart,
} from '../test/ticket-helpers';

let server: TestServer;
let admin: TestUser;
let grace: TestUser;
let ada: TestUser;
/** The file's tickets, in the order they were made (ascending ticket numbers). */
const made: TicketDto[] = [];

const VEHICLES = [
  { who: 'grace', make: 'Audi', model: 'A4 Avant', registration: 'KX19 ABC' },
  { who: 'grace', make: 'Volkswagen', model: 'Golf GTI', registration: 'LM20 XYZ' },
  { who: 'ada', make: 'BMW', model: '330i', registration: 'ZZ99 QQQ' },
  { who: 'ada', make: 'Ford', model: 'Focus ST', registration: 'FD11 AAA' },
  { who: 'ada', make: 'Ford', model: 'Focus ST', registration: 'FD11 BBB' },
  { who: 'ada', make: 'Ford', model: 'Focus ST', registration: 'FD11 CCC' },
  { who: 'grace', make: 'Ford', model: 'Fiesta', registration: 'FD11 DDD' },
] as const;

beforeAll(async () => {
  server = await startTestServer();
  [admin, grace, ada] = await Promise.all([
    adminUser(server),
    verifiedUser(server, { ...PROFILE, firstName: 'Grace', lastName: 'Hopper' }),
    verifiedUser(server),
  ]);
  for (const v of VEHICLES) {
    const { ticket } = await submitTicket((v.who === 'grace' ? grace : ada).client, {
      fields: { make: v.make, model: v.model, registration: v.registration, stage: 'Stage 2' },
    });
    made.push(ticket);
  }
});
afterAll(async () => {
  await server?.close();
});

function list(query: string) {
  return admin.client.get<TicketDto[]>(`/api/admin/getAllEcuFiles${query}`);
}

async function numbersFor(query: string): Promise<number[]> {
  const res = await list(query);
  expect(res.status, res.text).toBe(200);
  return res.body.data.map((t) => t.ticketNumber);
}

/** The ticket numbers of VEHICLES rows matching `pick`, newest first. */
function expected(pick: (v: (typeof VEHICLES)[number]) => boolean): number[] {
  return made
    .filter((_, i) => pick(VEHICLES[i]!))
    .map((t) => t.ticketNumber)
    .reverse();
}

describe('GET /api/admin/getAllEcuFiles', () => {
  it('pages with limit and nextCursor, newest first, without duplicates or gaps', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: Awaited<ReturnType<typeof list>> = await list(
        `?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(3);
      seen.push(...res.body.data.map((t) => t.ticketNumber));
      cursor = res.body.nextCursor ?? null;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(Math.ceil(made.length / 3));
    expect(seen).toEqual(made.map((t) => t.ticketNumber).reverse());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('shows each ticket with its customer nested as userId', async () => {
    const res = await list('?limit=200');
    const byNumber = new Map(res.body.data.map((t) => [t.ticketNumber, t]));
    expect(byNumber.get(made[0]!.ticketNumber)?.userId).toEqual({
      _id: grace.user._id,
      firstName: 'Grace',
      lastName: 'Hopper',
      email: grace.email,
      locale: 'en',
    });
    expect(byNumber.get(made[2]!.ticketNumber)?.userId?._id).toBe(ada.user._id);
  });

  it('finds tickets by number, registration (with or without spaces), make, model, e-mail and name', async () => {
    const second = made[1]!.ticketNumber;
    expect(await numbersFor(`?q=${second}`)).toEqual([second]);
    for (const q of ['KX19 ABC', 'kx19abc', 'KX19ABC', 'x19 a']) {
      expect(await numbersFor(`?q=${encodeURIComponent(q)}`), q).toEqual(
        expected((v) => v.registration === 'KX19 ABC'),
      );
    }
    expect(await numbersFor('?q=volkswagen')).toEqual(expected((v) => v.make === 'Volkswagen'));
    expect(await numbersFor('?q=ford')).toEqual(expected((v) => v.make === 'Ford'));
    expect(await numbersFor('?q=focus%20st')).toEqual(expected((v) => v.model === 'Focus ST'));
    const graces = expected((v) => v.who === 'grace');
    expect(await numbersFor(`?q=${encodeURIComponent(grace.email)}`)).toEqual(graces);
    expect(await numbersFor('?q=hopper')).toEqual(graces);
    expect(await numbersFor('?q=Grace%20Hopper')).toEqual(graces);
    expect(await numbersFor('?q=no-such-thing')).toEqual([]);
    // % and _ are what the admin typed, not wildcards.
    expect(await numbersFor('?q=%25')).toEqual([]);
    expect(await numbersFor('?q=KX19_ABC')).toEqual([]);
  });

  it('answers an empty list (never 500) to a number no ticket can have', async () => {
    expect(await numbersFor('?q=99999999999')).toEqual([]);
    expect(await numbersFor('?q=123456789012345678901234567890')).toEqual([]);
    // A cursor past every ticket number is the first page.
    expect(await numbersFor('?limit=200&cursor=99999999999')).toEqual(await numbersFor('?limit=200'));
  });

  it('filters by status, with or without a search, and refuses an unknown status', async () => {
    const target = made[3]!;
    await setStatus(admin.client, target._id, 'In Progress');
    expect(await numbersFor('?status=In%20Progress')).toEqual([target.ticketNumber]);
    expect(await numbersFor('?status=In%20Progress&q=ford')).toEqual([target.ticketNumber]);
    expect(await numbersFor('?status=In%20Progress&q=audi')).toEqual([]);
    const pending = await numbersFor('?status=Pending&limit=200');
    expect(pending).not.toContain(target.ticketNumber);
    expect(pending.filter((n) => made.some((t) => t.ticketNumber === n))).toHaveLength(made.length - 1);
    const bogus = await list('?status=Lost');
    expect(bogus.status).toBe(400);
    expect(bogus.body.message).toBe('Unknown status');
  });

  it('refuses a limit over 200', async () => {
    expect((await list('?limit=201')).status).toBe(400);
  });
});

describe('PUT /api/admin/updateEcuFileStatus', () => {
  it("records each change in the ticket's history under the admin's name", async () => {
    const { ticket } = await submitTicket(ada.client);
    await setStatus(admin.client, ticket._id, 'In Progress');
    await setStatus(admin.client, ticket._id, 'Completed');
    const details = await admin.client.get<TicketDto>(`/api/admin/getTicketDetails/${ticket.ticketNumber}`);
    expect(details.status).toBe(200);
    expect(details.body.data.status).toBe('Completed');
    expect(details.body.data.userId?._id).toBe(ada.user._id);
    const changes = details.body.data.history?.filter((h) => h.kind === 'status_changed');
    expect(changes?.map((h) => [h.by, h.detail])).toEqual([
      ['Portal Admin (admin)', { from: 'Pending', to: 'In Progress' }],
      ['Portal Admin (admin)', { from: 'In Progress', to: 'Completed' }],
    ]);
    // The owner sees the same history.
    const own = await ada.client.get<TicketDto>(`/api/ecuFile/getTicketDetails/${ticket.ticketNumber}`);
    expect(own.body.data.history?.map((h) => h.kind)).toEqual([
      'created',
      'status_changed',
      'status_changed',
    ]);
  });

  it('refuses an unknown status (400), an unknown ticket (404) and a malformed id (400)', async () => {
    const { ticket } = await submitTicket(ada.client);
    const unknownStatus = await admin.client.put('/api/admin/updateEcuFileStatus', {
      fileId: ticket._id,
      status: 'Shipped',
    });
    expect(unknownStatus.status).toBe(400);
    expect(unknownStatus.body.message).toBe(
      'Choose a status: Pending, In Progress, Completed, Failed or Unlocked',
    );
    const unknownTicket = await admin.client.put('/api/admin/updateEcuFileStatus', {
      fileId: randomUUID(),
      status: 'Completed',
    });
    expect(unknownTicket.status).toBe(404);
    expect(unknownTicket.body.message).toBe('Ticket not found');
    const malformed = await admin.client.put('/api/admin/updateEcuFileStatus', {
      fileId: '42',
      status: 'Completed',
    });
    expect(malformed.status).toBe(400);
    const after = await admin.client.get<TicketDto>(`/api/admin/getTicketDetails/${ticket.ticketNumber}`);
    expect(after.body.data.status).toBe('Pending');
  });
});

describe('PUT /api/admin/uploadTunedFile', () => {
  it("stores a multipart tuned file, shown as ecuTunedFile in the owner's ticket", async () => {
    const { ticket } = await submitTicket(grace.client);
    const tuned = fileBytes(9000);
    const res = await uploadTunedMultipart(admin.client, ticket.ticketNumber, {
      bytes: tuned,
      name: 'stage2.bin',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('Tuned file uploaded successfully');
    expect(res.body.data.ecuTunedFile).toMatchObject({
      name: 'stage2.bin',
      size: 9000,
      sha256: sha256(tuned),
    });

    const own = await grace.client.get<TicketDto>(`/api/ecuFile/getTicketDetails/${ticket.ticketNumber}`);
    expect(own.body.data.ecuTunedFile).toEqual(res.body.data.ecuTunedFile);
    const uploaded = own.body.data.history?.find((h) => h.kind === 'file_uploaded');
    expect(uploaded).toMatchObject({
      by: 'Portal Admin (admin)',
      detail: { kind: 'tuned', name: 'stage2.bin' },
    });
  });

  it("stores a finished tus upload of purpose 'tuned' named as JSON, once", async () => {
    const { ticket } = await submitTicket(grace.client);
    const tuned = fileBytes(12_345);
    const upload = await tusUpload(admin.client, tuned, {
      metadata: { filename: 'tuned-v2.bin', purpose: 'tuned' },
    });
    const body = { ticketNumber: ticket.ticketNumber, tunedFileUploadId: upload.uploadId };
    const res = await admin.client.put<TicketDto>('/api/admin/uploadTunedFile', body);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.ecuTunedFile).toMatchObject({
      name: 'tuned-v2.bin',
      size: 12_345,
      sha256: sha256(tuned),
    });
    expect((await uploadRow(server.deps.db, upload.uploadId))?.status).toBe('attached');
    const own = await grace.client.get<TicketDto>(`/api/ecuFile/getTicketDetails/${ticket.ticketNumber}`);
    expect(own.body.data.ecuTunedFile?.sha256).toBe(sha256(tuned));

    // The same upload cannot be attached twice.
    const { ticket: another } = await submitTicket(grace.client);
    const again = await admin.client.put('/api/admin/uploadTunedFile', {
      ...body,
      ticketNumber: another.ticketNumber,
    });
    expect(again.status).toBe(400);
    const untouched = await grace.client.get<TicketDto>(
      `/api/ecuFile/getTicketDetails/${another.ticketNumber}`,
    );
    expect(untouched.body.data.ecuTunedFile).toBeNull();
  });

  it("refuses an upload that is not a tuned file of the admin's", async () => {
    const { ticket } = await submitTicket(grace.client);
    const ecuKind = await tusUpload(admin.client, fileBytes(100), {
      metadata: { filename: 'x.bin', purpose: 'ecu' },
    });
    const usersOwn = await tusUpload(grace.client, fileBytes(100), {
      metadata: { filename: 'y.bin', purpose: 'ecu' },
    });
    for (const id of [ecuKind.uploadId, usersOwn.uploadId]) {
      const res = await admin.client.put('/api/admin/uploadTunedFile', {
        ticketNumber: ticket.ticketNumber,
        tunedFileUploadId: id,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please select a tuned file');
    }
  });

  it("refuses a form without a file ('Please select a tuned file'), a ticket number, or with a file over 20 MB", async () => {
    const { ticket } = await submitTicket(grace.client);
    const noFile = await uploadTunedMultipart(admin.client, ticket.ticketNumber, undefined);
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe('Please select a tuned file');
    expect(noFile.body.errors).toEqual([{ path: 'tunedFile', message: 'Please select a tuned file' }]);
    const noNumber = await uploadTunedMultipart(admin.client, undefined, {
      bytes: fileBytes(10),
      name: 't.bin',
    });
    expect(noNumber.status).toBe(400);
    expect(noNumber.body.message).toBe('Ticket number missing!');
    const unknown = await uploadTunedMultipart(admin.client, 999_999, {
      bytes: fileBytes(10),
      name: 't.bin',
    });
    expect(unknown.status).toBe(404);
    const tooBig = await uploadTunedMultipart(admin.client, ticket.ticketNumber, {
      bytes: fileBytes(20 * MiB + 1),
      name: 'huge.bin',
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('File size should be less than 20.00 MB.');
    const own = await grace.client.get<TicketDto>(`/api/ecuFile/getTicketDetails/${ticket.ticketNumber}`);
    expect(own.body.data.ecuTunedFile).toBeNull();
  });
});

describe('the admin file desk refuses everyone else', () => {
  it.each([
    ['a user', 403, 'Only admins can do this'],
    ['signed out', 401, 'Please sign in to continue'],
  ] as const)('answers %s with %i', async (who, status, message) => {
    const ticket = made[0]!;
    const client = who === 'a user' ? grace.client : newClient(server);
    const form = new FormData();
    form.append('ticketNumber', String(ticket.ticketNumber));
    form.append('tunedFile', new Blob([fileBytes(10)]), 't.bin');
    const calls = [
      client.get('/api/admin/getAllEcuFiles'),
      client.get('/api/admin/getAllEcuFiles?q=ford&status=Pending'),
      client.get(`/api/admin/getTicketDetails/${ticket.ticketNumber}`),
      client.put('/api/admin/updateEcuFileStatus', { fileId: ticket._id, status: 'Unlocked' }),
      client.put('/api/admin/uploadTunedFile', {
        ticketNumber: ticket.ticketNumber,
        tunedFileUploadId: 'A'.repeat(24),
      }),
      client.request('PUT', '/api/admin/uploadTunedFile', { body: form }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(status);
      expect(res.body.message).toBe(message);
    }
    const after = await admin.client.get<TicketDto>(`/api/admin/getTicketDetails/${ticket.ticketNumber}`);
    expect(after.body.data.status).toBe('Pending');
    expect(after.body.data.ecuTunedFile).toBeNull();
  });
});
