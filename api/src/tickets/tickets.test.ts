import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { TicketDto } from '@ecu/shared';
import { quoteTicket } from '@ecu/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../db/schema';
import { adminUser, PROFILE, type TestUser, verifiedUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import {
  createTusUpload,
  fileBytes,
  postTicket,
  sha256,
  submitTicket,
  ticketFields,
  ticketForm,
  tusUpload,
  uploadRow,
} from '../test/ticket-helpers';

let server: TestServer;
let tuner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [tuner, other, admin] = await Promise.all([
    verifiedUser(server),
    verifiedUser(server, { ...PROFILE, firstName: 'Grace', lastName: 'Hopper' }),
    adminUser(server),
  ]);
});
afterAll(async () => {
  await server?.close();
});

/** A finished tus upload of the tuner (or `who`); its id. */
async function finishedUpload(who: TestUser = tuner, purpose = 'ecu', size = 2048): Promise<string> {
  return (await tusUpload(who.client, fileBytes(size), { metadata: { filename: `${purpose}.bin`, purpose } }))
    .uploadId;
}

async function filesSubmitted(who: TestUser): Promise<number> {
  return (await who.client.get('/api/auth/getMe')).body.data.totalFilesSubmitted;
}

describe('POST /api/ecuFile/create-ecuFile (JSON naming finished uploads)', () => {
  it('creates a ticket priced by quoteTicket, with its files and their SHA-256', async () => {
    const ecu = fileBytes(8192);
    const extras = [fileBytes(300), fileBytes(700)];
    const ecuUpload = await tusUpload(tuner.client, ecu, {
      metadata: { filename: 'EDC17.bin', purpose: 'ecu' },
    });
    const extraUploads = await Promise.all(
      extras.map((bytes, i) =>
        tusUpload(tuner.client, bytes, { metadata: { filename: `dyno-${i}.csv`, purpose: 'common' } }),
      ),
    );
    const res = await postTicket(tuner.client, {
      ...ticketFields({ registration: 'BM19 WXY' }),
      ecuFileUploadId: ecuUpload.uploadId,
      commonFileUploadIds: extraUploads.map((u) => u.uploadId),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.message).toBe('ECU file submitted successfully');
    const t = res.body.data;
    expect(t.ticketNumber).toBeGreaterThanOrEqual(100001);
    const quote = quoteTicket({
      make: 'BMW',
      stage: 'Stage 1',
      options: ['EGR OFF', 'IMMO OFF'],
      masterSlave: 'Master',
    });
    expect(quote.total).toBe(4);
    expect(t.creditsNeed).toBe(4);
    expect(t).toMatchObject({
      make: 'BMW',
      model: '320d',
      registration: 'BM19 WXY',
      stage: 'Stage 1',
      options: ['EGR OFF', 'IMMO OFF'],
      status: 'Pending',
      charged: false,
      ecuTunedFile: null,
    });
    expect(t.ecuFile).toEqual({
      id: expect.any(String),
      name: 'EDC17.bin',
      size: ecu.length,
      sha256: sha256(ecu),
      url: `/api/files/${t.ecuFile!.id}`,
    });
    expect(t.commonFiles.map((f) => [f.name, f.size, f.sha256])).toEqual([
      ['dyno-0.csv', 300, sha256(extras[0]!)],
      ['dyno-1.csv', 700, sha256(extras[1]!)],
    ]);
    for (const id of [ecuUpload.uploadId, ...extraUploads.map((u) => u.uploadId)]) {
      expect((await uploadRow(server.deps.db, id))?.status).toBe('attached');
    }
  });

  it.each([
    ['options as a comma string', { options: 'EGR OFF, DPF-FAP OFF,, ' }, ['EGR OFF', 'DPF-FAP OFF']],
    [
      'modificationOptions as an array',
      { modificationOptions: [' DPF-FAP OFF', 'EGR OFF '] },
      ['DPF-FAP OFF', 'EGR OFF'],
    ],
    [
      'modificationOptions as a comma string',
      { modificationOptions: 'LAUNCH CONTROL,EGR OFF' },
      ['LAUNCH CONTROL', 'EGR OFF'],
    ],
  ])('normalises %s', async (_label, spelling, stored) => {
    const fields = ticketFields({ registration: `NO${randomUUID().slice(0, 4)}` });
    delete fields.options;
    const res = await postTicket(tuner.client, {
      ...fields,
      ...spelling,
      ecuFileUploadId: await finishedUpload(),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.options).toEqual(stored);
    // BMW base 2; free solutions cost nothing with Stage 1.
    expect(res.body.data.creditsNeed).toBe(2);
  });

  it('creates one ticket for the same clientId sent twice (the replay answers 200)', async () => {
    const before = await filesSubmitted(tuner);
    const body = {
      ...ticketFields({ registration: 'ID12 EMP' }),
      clientId: randomUUID(),
      ecuFileUploadId: await finishedUpload(),
    };
    const first = await postTicket(tuner.client, body);
    expect(first.status, first.text).toBe(201);
    const replay = await postTicket(tuner.client, body);
    expect(replay.status, replay.text).toBe(200);
    expect(replay.body.message).toBe('This ticket was already submitted');
    expect(replay.body.data.ticketNumber).toBe(first.body.data.ticketNumber);
    expect(replay.body.data.ecuFile?.id).toBe(first.body.data.ecuFile?.id);
    expect(await filesSubmitted(tuner)).toBe(before + 1);
    const rows = await server.deps.db.select().from(tickets).where(eq(tickets.clientId, body.clientId));
    expect(rows).toHaveLength(1);
  });

  describe('the Idempotency-Key header as the clientId (docs/decisions/041-outbox-commands.md)', () => {
    const postWithKey = (body: Record<string, unknown>, key: string) =>
      tuner.client.post<TicketDto>('/api/ecuFile/create-ecuFile', body, {
        headers: { 'Idempotency-Key': key },
      });

    it('creates one ticket for the same header sent twice, filed under it as the clientId', async () => {
      const before = await filesSubmitted(tuner);
      const key = randomUUID();
      const body = { ...ticketFields({ registration: 'HD12 KEY' }), ecuFileUploadId: await finishedUpload() };
      const first = await postWithKey(body, key);
      expect(first.status, first.text).toBe(201);
      expect(first.body.message).toBe('ECU file submitted successfully');
      const replay = await postWithKey(body, key);
      expect(replay.status, replay.text).toBe(200);
      expect(replay.body.message).toBe('This ticket was already submitted');
      expect(replay.body.data.ticketNumber).toBe(first.body.data.ticketNumber);
      expect(await filesSubmitted(tuner)).toBe(before + 1);
      const rows = await server.deps.db.select().from(tickets).where(eq(tickets.clientId, key));
      expect(rows.map((r) => r.ticketNumber)).toEqual([first.body.data.ticketNumber]);
    });

    it('is the same ticket whether the clientId came in the header or in the body', async () => {
      const key = randomUUID();
      const body = { ...ticketFields({ registration: 'HD12 BOD' }), ecuFileUploadId: await finishedUpload() };
      const byHeader = await postWithKey(body, key);
      expect(byHeader.status, byHeader.text).toBe(201);
      const byBody = await postTicket(tuner.client, { ...body, clientId: key });
      expect(byBody.status, byBody.text).toBe(200);
      expect(byBody.body.data.ticketNumber).toBe(byHeader.body.data.ticketNumber);
      // Both at once, agreeing, is the same ticket as well.
      const both = await postWithKey({ ...body, clientId: key }, key);
      expect(both.status, both.text).toBe(200);
      expect(both.body.data.ticketNumber).toBe(byHeader.body.data.ticketNumber);
    });

    it('refuses a header and a body clientId that differ (400 idempotency_key_mismatch), creating nothing', async () => {
      const before = await filesSubmitted(tuner);
      const clientId = randomUUID();
      const res = await postWithKey(
        { ...ticketFields(), clientId, ecuFileUploadId: await finishedUpload() },
        randomUUID(),
      );
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        code: 'idempotency_key_mismatch',
        message: "The Idempotency-Key header and the body's clientId name different tickets",
      });
      expect(await filesSubmitted(tuner)).toBe(before);
      expect(await server.deps.db.select().from(tickets).where(eq(tickets.clientId, clientId))).toEqual([]);
    });

    it('refuses a header that is no UUID, since it would be the clientId', async () => {
      const res = await postWithKey(
        { ...ticketFields(), ecuFileUploadId: await finishedUpload() },
        'not-a-uuid-but-a-key',
      );
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({ code: 'bad_request' });
      expect(res.body.message).toMatch(/Idempotency-Key of a ticket must be a UUID/);
    });

    it('takes the header as the clientId of a multipart form too', async () => {
      const key = randomUUID();
      const send = () =>
        tuner.client.request<TicketDto>('POST', '/api/ecuFile/create-ecuFile', {
          body: ticketForm(ticketFields({ registration: 'HD12 FRM' }), {
            ecuFile: { bytes: fileBytes(300), name: 'read.bin' },
          }),
          headers: { 'Idempotency-Key': key },
        });
      const first = await send();
      expect(first.status, first.text).toBe(201);
      const replay = await send();
      expect(replay.status, replay.text).toBe(200);
      expect(replay.body.data.ticketNumber).toBe(first.body.data.ticketNumber);
    });
  });

  it('refuses an upload that already belongs to a ticket', async () => {
    const uploadId = await finishedUpload();
    const first = await postTicket(tuner.client, { ...ticketFields(), ecuFileUploadId: uploadId });
    expect(first.status).toBe(201);
    const second = await postTicket(tuner.client, {
      ...ticketFields(),
      clientId: randomUUID(),
      ecuFileUploadId: uploadId,
    });
    expect(second.status).toBe(400);
    expect(second.body.message).toBe(`Upload ${uploadId} already belongs to a ticket`);
  });

  it('lets only one of two tickets sent at once take the same upload', async () => {
    const before = await filesSubmitted(tuner);
    const uploadId = await finishedUpload();
    const answers = await Promise.all(
      [randomUUID(), randomUUID()].map((clientId) =>
        postTicket(tuner.client, {
          ...ticketFields({ registration: 'RA12 CED' }),
          clientId,
          ecuFileUploadId: uploadId,
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(await filesSubmitted(tuner)).toBe(before + 1);
  });

  it("refuses someone else's upload, which stays theirs", async () => {
    const theirs = await finishedUpload(other);
    const res = await postTicket(tuner.client, { ...ticketFields(), ecuFileUploadId: theirs });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Upload not found');
    expect((await uploadRow(server.deps.db, theirs))?.status).toBe('complete');
  });

  it('refuses an unfinished upload, and an additional file named as the ECU file', async () => {
    const created = await createTusUpload(tuner.client, 5000);
    expect(created.status).toBe(201);
    const unfinished = created.headers.get('location')!.split('/').pop()!;
    const res = await postTicket(tuner.client, { ...ticketFields(), ecuFileUploadId: unfinished });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The upload has not finished yet');

    const common = await finishedUpload(tuner, 'common');
    const wrongKind = await postTicket(tuner.client, { ...ticketFields(), ecuFileUploadId: common });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.message).toBe(`Upload ${common} is not an ECU file`);
  });

  it('charges no options for a Slave of the same registration within 21 days, and again after', async () => {
    // Eco: no free solutions, so each option costs 1 unless it is a Slave's further solution.
    const plan = { make: 'BMW', stage: 'Eco', options: ['EGR OFF', 'DPF-FAP OFF'] };
    const create = async (registration: string, masterSlave: string) => {
      const res = await postTicket(tuner.client, {
        ...ticketFields({ ...plan, registration, masterSlave }),
        ecuFileUploadId: await finishedUpload(),
      });
      expect(res.status, res.text).toBe(201);
      return res.body.data;
    };
    const master = await create('SL12 AVE', 'Master');
    expect(master.creditsNeed).toBe(4);
    const slave = await create(' sl12ave', 'Slave');
    expect(slave.creditsNeed).toBe(2);
    // A Master pays every extra, in the window or not.
    expect((await create('SL12AVE', 'Master')).creditsNeed).toBe(4);
    // Another registration is no further solution.
    expect((await create('OT12 HER', 'Slave')).creditsNeed).toBe(4);

    // 22 days later (moved back in the database: the API never lets a client date a ticket).
    await server.deps.db
      .update(tickets)
      .set({ createdAt: sql`now() - interval '22 days'` })
      .where(sql`upper(replace(${tickets.registration}, ' ', '')) = 'SL12AVE'`);
    expect((await create('Sl 12 Ave', 'Slave')).creditsNeed).toBe(4);
    expect((await create('SL12 AVE', 'Slave')).creditsNeed).toBe(2);
  });

  it.each([
    ['transmission', { transmission: undefined }, 'Please select a transmission'],
    ['transmission', { transmission: 'CVT' }, 'Please select a transmission'],
    ['readTool', { readTool: undefined }, 'Please select read tool'],
    ['readType', { readType: '' }, 'Please select a read type'],
    ['stage', { stage: undefined }, 'Please select a stage'],
    ['options', { options: [] }, 'Please select any option'],
    ['options', { options: ' , ' }, 'Please select any option'],
  ])('refuses a missing or unknown %s (%j) with %j', async (field, change, message) => {
    const uploadId = await sharedUpload();
    const res = await postTicket(tuner.client, { ...ticketFields(change), ecuFileUploadId: uploadId });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toContainEqual({ path: field, message });
    // A refused ticket does not use up the upload.
    expect((await uploadRow(server.deps.db, uploadId))?.status).toBe('complete');
  });

  it('takes no options for the stages without options', async () => {
    const res = await postTicket(tuner.client, {
      ...ticketFields({ stage: 'ECU Cloning', make: 'Audi', options: [] }),
      ecuFileUploadId: await finishedUpload(),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.options).toEqual([]);
    expect(res.body.data.creditsNeed).toBe(1);
  });
});

let validationUpload: string | undefined;
/** One finished upload for the validation cases, which never attach it. */
async function sharedUpload(): Promise<string> {
  validationUpload ??= await finishedUpload();
  return validationUpload;
}

describe('POST /api/ecuFile/create-ecuFile (the multipart form)', () => {
  const filesDir = () => path.join(server.config.dataDir, 'files');

  it('creates a ticket from the form, options from a comma string, additional files repeated', async () => {
    const ecu = fileBytes(5000);
    const extras = [fileBytes(10), fileBytes(20)];
    const form = ticketForm(
      ticketFields({ registration: 'MP19 ART', options: 'EGR OFF, IMMO OFF', clientId: randomUUID() }),
      {
        ecuFile: { bytes: ecu, name: '../../read.bin' },
        commonFiles: extras.map((bytes, i) => ({ bytes, name: `log-${i}.txt` })),
      },
    );
    const res = await tuner.client.request<TicketDto>('POST', '/api/ecuFile/create-ecuFile', { body: form });
    expect(res.status, res.text).toBe(201);
    const t = res.body.data;
    expect(t.options).toEqual(['EGR OFF', 'IMMO OFF']);
    expect(t.creditsNeed).toBe(4);
    expect(t.ecuFile).toMatchObject({ name: 'read.bin', size: 5000, sha256: sha256(ecu) });
    expect(t.commonFiles.map((f) => f.sha256).sort()).toEqual(extras.map((b) => sha256(b)).sort());
  });

  it("accepts the 'commonFiles[]' spelling once per file", async () => {
    const form = ticketForm(ticketFields({ registration: 'MP19 BRA' }), {
      ecuFile: { bytes: fileBytes(100), name: 'read.bin' },
    });
    form.append('commonFiles[]', new Blob([fileBytes(11)]), 'a.txt');
    form.append('commonFiles[]', new Blob([fileBytes(12)]), 'b.txt');
    const res = await tuner.client.request<TicketDto>('POST', '/api/ecuFile/create-ecuFile', { body: form });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.commonFiles.map((f) => f.name).sort()).toEqual(['a.txt', 'b.txt']);
  });

  it('answers a replayed form (same clientId) with the first ticket and keeps no second copy', async () => {
    const clientId = randomUUID();
    const ecu = { bytes: fileBytes(700), name: 'read.bin' };
    const send = () =>
      tuner.client.request<TicketDto>('POST', '/api/ecuFile/create-ecuFile', {
        body: ticketForm(ticketFields({ registration: 'MP19 REP', clientId }), { ecuFile: ecu }),
      });
    const first = await send();
    expect(first.status, first.text).toBe(201);
    const stored = await readdir(filesDir());
    const replay = await send();
    expect(replay.status, replay.text).toBe(200);
    expect(replay.body.data.ticketNumber).toBe(first.body.data.ticketNumber);
    expect(await readdir(filesDir())).toEqual(stored);
  });

  it.each([
    [{ clientId: 'abc' }, 'clientId must be a UUID'],
    [{ clientId: '00000000000000000000000000000000000' }, 'clientId must be a UUID'],
    [{ make: 'Ford\u0000' }, 'Text must not contain NUL characters'],
    [{ notes: 'a\u0000b' }, 'Text must not contain NUL characters'],
  ])('refuses the form field %j with a 400 (%s), never a 500', async (change, message) => {
    const res = await tuner.client.request('POST', '/api/ecuFile/create-ecuFile', {
      body: ticketForm(ticketFields(change), { ecuFile: { bytes: fileBytes(10), name: 'r.bin' } }),
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('holds the JSON form of create-ecuFile to the 1 MB JSON limit (413)', async () => {
    const res = await tuner.client.request('POST', '/api/ecuFile/create-ecuFile', {
      body: JSON.stringify({ ...ticketFields(), notes: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The request is too large');
  });

  it("refuses a form without transmission ('Please select a transmission') or without an ECU file", async () => {
    const noTransmission = await tuner.client.request('POST', '/api/ecuFile/create-ecuFile', {
      body: ticketForm(ticketFields({ transmission: undefined }), {
        ecuFile: { bytes: fileBytes(10), name: 'r.bin' },
      }),
    });
    expect(noTransmission.status).toBe(400);
    expect(noTransmission.body.message).toBe('Please select a transmission');
    const noFile = await tuner.client.request('POST', '/api/ecuFile/create-ecuFile', {
      body: ticketForm(ticketFields(), {}),
    });
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe('Please upload a ecu-file');
  });
});

describe('reading tickets', () => {
  it("lists only the caller's tickets, newest first", async () => {
    const mine = [await submitTicket(other.client), await submitTicket(other.client)];
    const res = await other.client.get<TicketDto[]>('/api/ecuFile/my-files');
    expect(res.status).toBe(200);
    const numbers = res.body.data.map((t) => t.ticketNumber);
    expect(numbers).toEqual(mine.map((m) => m.ticket.ticketNumber).reverse());
    const tunersList = await tuner.client.get<TicketDto[]>('/api/ecuFile/my-files');
    const tunerNumbers = tunersList.body.data.map((t) => t.ticketNumber);
    expect(tunerNumbers.length).toBeGreaterThan(5);
    expect(tunerNumbers).toEqual([...tunerNumbers].sort((a, b) => b - a));
    expect(tunerNumbers.some((n) => numbers.includes(n))).toBe(false);
  });

  it('pages My Files by ticket number: every ticket once, newest first, nextCursor null at the end', async () => {
    const all = (await tuner.client.get<TicketDto[]>('/api/ecuFile/my-files')).body;
    expect(all.nextCursor).toBeNull();
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const page = await tuner.client.get<TicketDto[]>(`/api/ecuFile/my-files${query}`);
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.map((t) => t.ticketNumber));
      cursor = page.body.nextCursor ?? null;
    } while (cursor);
    expect(seen).toEqual(all.data.map((t) => t.ticketNumber));
    // The same DTOs as the whole list (files included).
    const firstPage = await tuner.client.get<TicketDto[]>('/api/ecuFile/my-files?limit=3');
    expect(firstPage.body.data).toEqual(all.data.slice(0, 3));
  });

  it.each([
    ['limit=0', 'limit must be at least 1'],
    ['limit=501', 'limit must be at most 500'],
    ['limit=abc', 'limit must be a whole number'],
    ['cursor=abc', 'cursor must be the nextCursor of an earlier page'],
    ['cursor=99999999999', 'cursor must be the nextCursor of an earlier page'],
  ])('refuses My Files with %s (400, %j)', async (query, message) => {
    const res = await tuner.client.get(`/api/ecuFile/my-files?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('shows a ticket with its history to its owner and answers 404 to anyone else', async () => {
    const { ticket } = await submitTicket(tuner.client);
    const res = await tuner.client.get<TicketDto>(`/api/ecuFile/getTicketDetails/${ticket.ticketNumber}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ticketNumber: ticket.ticketNumber, ecuFile: ticket.ecuFile });
    expect(res.body.data.history?.map((h) => h.kind)).toEqual(['created']);
    expect(res.body.data.history?.[0]).toMatchObject({
      by: 'Ada Lovelace',
      detail: { creditsNeed: 4, files: 1 },
    });

    const theirs = await other.client.get(`/api/ecuFile/getTicketDetails/${ticket.ticketNumber}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Ticket not found');
    const missing = await tuner.client.get('/api/ecuFile/getTicketDetails/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(theirs.body);
  });

  it.each(['abc', '-1', '0', '1.5', '%20', '1e400', '99999999999', '100001abc'])(
    'answers 400 or 404 (never 500) to the ticket number %j',
    async (raw) => {
      const res = await tuner.client.get(`/api/ecuFile/getTicketDetails/${raw}`);
      expect([400, 404]).toContain(res.status);
      expect(res.body.success).toBe(false);
    },
  );

  it('sends the new ticket through GET /api/sync', async () => {
    const { cursor } = (await tuner.client.get('/api/sync')).body.data;
    const { ticket } = await submitTicket(tuner.client);
    const res = await tuner.client.get(`/api/sync?cursor=${cursor}`);
    expect(res.status).toBe(200);
    const change = res.body.data.changes.find((c: { entity: string; id: string }) => c.entity === 'ticket');
    expect(change).toMatchObject({ entity: 'ticket', id: ticket._id, deleted: false });
    expect(change.value).toMatchObject({ ticketNumber: ticket.ticketNumber, ecuFile: ticket.ecuFile });
    // Nobody else hears of it.
    const theirs = (await other.client.get('/api/sync')).body.data.changes;
    expect(theirs.some((c: { id: string }) => c.id === ticket._id)).toBe(false);
  });

  it("refuses admins on the customer's /api/ecuFile/* calls (403) but shows them any ticket's details", async () => {
    const { ticket } = await submitTicket(tuner.client);
    const details = await admin.client.get<TicketDto>(`/api/ecuFile/getTicketDetails/${ticket.ticketNumber}`);
    expect(details.status).toBe(200);
    expect(details.body.data).toMatchObject({
      ticketNumber: ticket.ticketNumber,
      userId: { _id: tuner.user._id },
    });
    const calls = [
      admin.client.get('/api/ecuFile/my-files'),
      admin.client.post('/api/ecuFile/isEligibleToDownload', { ticketNumber: ticket.ticketNumber }),
      admin.client.post('/api/ecuFile/create-ecuFile', {
        ...ticketFields(),
        ecuFileUploadId: 'A'.repeat(24),
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('This is for customer accounts');
    }
  });
});
