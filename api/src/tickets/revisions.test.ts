import { randomUUID } from 'node:crypto';
import { REQUEST_CHANGE_RATE, type TicketDto } from '@ecu/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../db/schema';
import { adminUser, type TestUser, verifiedUser } from '../test/factories';
import type { ApiClient } from '../test/http-client';
import { startTestServer, type TestServer } from '../test/test-server';
import {
  download,
  fileBytes,
  setStatus,
  sha256,
  submitTicket,
  uploadTunedMultipart,
} from '../test/ticket-helpers';

let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [owner, stranger, admin] = await Promise.all([
    verifiedUser(server),
    verifiedUser(server),
    adminUser(server),
  ]);
});
afterAll(async () => {
  await server?.close();
});

/** A ticket of the owner; delivered = a tuned file and Completed. */
async function parentTicket(fields: Record<string, unknown>, delivered = true, who = owner) {
  const submitted = await submitTicket(who.client, { fields });
  if (delivered) {
    const res = await uploadTunedMultipart(admin.client, submitted.ticket.ticketNumber, {
      bytes: fileBytes(2048),
      name: 'tuned.bin',
    });
    expect(res.status).toBe(200);
    await setStatus(admin.client, submitted.ticket._id, 'Completed');
  }
  return submitted;
}

function requestChange(client: ApiClient, parentTicketNumber: number, body: Record<string, unknown> = {}) {
  return client.post<TicketDto>('/api/ecuFile/request-change', {
    parentTicketNumber,
    stage: 'Eco',
    options: ['DTC OFF'],
    notes: 'More torque please.',
    clientId: randomUUID(),
    ...body,
  });
}

async function moveBack(ticketId: string, days: number) {
  await server.deps.db.execute(
    sql`update tickets set created_at = now() - make_interval(days => ${days}) where id = ${ticketId}`,
  );
}

const customerDetails = async (n: number) =>
  (await owner.client.get<TicketDto>(`/api/ecuFile/getTicketDetails/${n}`)).body.data;
const adminDetails = async (n: number) =>
  (await admin.client.get<TicketDto>(`/api/admin/getTicketDetails/${n}`)).body.data;

describe('request a change', () => {
  it('creates a revision with the parent’s vehicle and its original, chained on both tickets', async () => {
    const parent = await parentTicket({ make: 'BMW', masterSlave: 'Master' });
    const res = await requestChange(owner.client, parent.ticket.ticketNumber, { stage: 'Stage 2' });
    expect(res.status).toBe(201);
    const revision = res.body.data;
    for (const field of [
      'make',
      'model',
      'year',
      'registration',
      'ecuId',
      'transmission',
      'readTool',
      'readType',
    ])
      expect(revision[field as keyof TicketDto]).toEqual(parent.ticket[field as keyof TicketDto]);
    expect(revision).toMatchObject({
      stage: 'Stage 2',
      options: ['DTC OFF'],
      status: 'Pending',
      masterSlave: 'Master',
    });
    // BMW base 2 + DTC OFF 1: a Master pays every extra.
    expect(revision.creditsNeed).toBe(3);
    expect(revision.ecuFile!.sha256).toBe(sha256(parent.ecuBytes));
    expect(revision.ecuFile!.id).not.toBe(parent.ticket.ecuFile!.id);
    expect(revision.ecuTunedFile).toBeNull();
    const bytes = await download(owner.client, revision.ecuFile!.url);
    expect(sha256(bytes.bytes)).toBe(sha256(parent.ecuBytes));

    for (const details of [customerDetails, adminDetails]) {
      const child = await details(revision.ticketNumber);
      expect(child.revisionOf).toEqual({ ticketNumber: parent.ticket.ticketNumber });
      expect(child.ecuIdentification).toEqual((await details(parent.ticket.ticketNumber)).ecuIdentification);
      expect(child.history![0]).toMatchObject({
        kind: 'created',
        detail: { revisionOf: parent.ticket.ticketNumber, creditsNeed: 3 },
      });
      const root = await details(parent.ticket.ticketNumber);
      expect(root.revisionOf).toBeNull();
      expect(root.revisions).toEqual([
        { ticketNumber: revision.ticketNumber, status: 'Pending', createdAt: revision.createdAt },
      ]);
    }
  });

  it('prices a Slave revision within 21 days with its plain options free, a Master one in full', async () => {
    const parent = await parentTicket({ make: 'Ford', masterSlave: 'Slave' });
    const options = ['DTC OFF', 'IMMO OFF'];
    const slave = await requestChange(owner.client, parent.ticket.ticketNumber, { options });
    expect(slave.status).toBe(201);
    // Base 1 + DTC OFF free + IMMO OFF's surcharge 2.
    expect(slave.body.data).toMatchObject({ masterSlave: 'Slave', creditsNeed: 3 });
    await setStatus(admin.client, slave.body.data._id, 'Failed');
    const master = await requestChange(owner.client, parent.ticket.ticketNumber, {
      options,
      masterSlave: 'Master',
    });
    expect(master.body.data).toMatchObject({ masterSlave: 'Master', creditsNeed: 4 });
    const chain = (await customerDetails(parent.ticket.ticketNumber)).revisions!.map((r) => r.ticketNumber);
    expect(chain).toEqual([slave.body.data.ticketNumber, master.body.data.ticketNumber]);
  });

  it('adds 1 credit for a rework of a ticket created more than 21 days ago, Master and Slave', async () => {
    const parent = await parentTicket({ make: 'Ford', masterSlave: 'Slave' });
    await moveBack(parent.ticket._id, 22);
    // Base 1 + DTC OFF 1 (no free further solution any more) + rework 1.
    const slave = await requestChange(owner.client, parent.ticket.ticketNumber);
    expect(slave.body.data).toMatchObject({ masterSlave: 'Slave', creditsNeed: 3 });
    await setStatus(admin.client, slave.body.data._id, 'Failed');
    const master = await requestChange(owner.client, parent.ticket.ticketNumber, {
      masterSlave: 'Master',
      options: ['IMMO OFF'],
    });
    expect(master.body.data.creditsNeed).toBe(4);
    const created = (await adminDetails(master.body.data.ticketNumber)).history![0]!;
    expect(created.detail.quote).toContainEqual({ label: 'Rework after 21 days', credits: 1 });
  });

  it('counts a rework from the chain’s first ticket: revising a fresh revision of an old read costs the rework', async () => {
    const original = await parentTicket({ make: 'Ford', masterSlave: 'Slave' });
    await moveBack(original.ticket._id, 40);
    const first = await requestChange(owner.client, original.ticket.ticketNumber);
    expect(first.status).toBe(201);
    // The revision is delivered today; its own age is a day, its read's is 40 days.
    await uploadTunedMultipart(admin.client, first.body.data.ticketNumber, {
      bytes: fileBytes(512),
      name: 't.bin',
    });
    await setStatus(admin.client, first.body.data._id, 'Completed');
    const second = await requestChange(owner.client, first.body.data.ticketNumber);
    expect(second.status).toBe(201);
    expect(second.body.data.creditsNeed).toBe(3);
    const details = await customerDetails(second.body.data.ticketNumber);
    expect(details.chainStartedAt).toBe((await customerDetails(original.ticket.ticketNumber)).createdAt);
  });

  it('refuses a parent that is not delivered', async () => {
    const pending = await parentTicket({}, false);
    const res = await requestChange(owner.client, pending.ticket.ticketNumber);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('delivered');

    // Completed without a tuned file is not delivered either.
    await setStatus(admin.client, pending.ticket._id, 'Completed');
    expect((await requestChange(owner.client, pending.ticket.ticketNumber)).status).toBe(400);
    expect((await customerDetails(pending.ticket.ticketNumber)).revisions).toEqual([]);
  });

  it('answers 404 for another user’s ticket, as for a missing one', async () => {
    const parent = await parentTicket({});
    const res = await requestChange(stranger.client, parent.ticket.ticketNumber);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain(parent.ticket.registration);
    expect((await requestChange(owner.client, 2_000_000_000)).status).toBe(404);
    expect((await adminDetails(parent.ticket.ticketNumber)).revisions).toEqual([]);
  });

  it('creates one revision for a replay with the same clientId', async () => {
    // An account of its own: the owner's earlier calls count against the hourly limit.
    const tuner = await verifiedUser(server);
    const parent = await parentTicket({}, true, tuner);
    const clientId = randomUUID();
    const first = await requestChange(tuner.client, parent.ticket.ticketNumber, { clientId });
    const again = await requestChange(tuner.client, parent.ticket.ticketNumber, { clientId });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.data.ticketNumber).toBe(first.body.data.ticketNumber);
    const rows = await server.deps.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.parentTicketId, parent.ticket._id));
    expect(rows).toHaveLength(1);
  });

  it('takes the Idempotency-Key header as the clientId, and refuses one that differs from the body’s', async () => {
    // An account of its own: the owner's earlier calls count against the hourly limit.
    const tuner = await verifiedUser(server);
    const parent = await parentTicket({}, true, tuner);
    const key = randomUUID();
    const send = (body: Record<string, unknown>, header = key) =>
      tuner.client.post<TicketDto>(
        '/api/ecuFile/request-change',
        { parentTicketNumber: parent.ticket.ticketNumber, stage: 'Eco', options: ['DTC OFF'], ...body },
        { headers: { 'Idempotency-Key': header } },
      );
    const first = await send({});
    const again = await send({});
    expect(first.status, first.text).toBe(201);
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.ticketNumber).toBe(first.body.data.ticketNumber);
    const mismatch = await send({ clientId: randomUUID() });
    expect(mismatch.status, mismatch.text).toBe(400);
    expect(mismatch.body).toMatchObject({ code: 'idempotency_key_mismatch' });
    const rows = await server.deps.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.parentTicketId, parent.ticket._id));
    expect(rows).toHaveLength(1);
  });
});

describe('limits on requesting changes', () => {
  it('refuses a second change while a revision of the same ticket is open, with the envelope', async () => {
    const tuner = await verifiedUser(server);
    const parent = await parentTicket({}, true, tuner);
    const first = await requestChange(tuner.client, parent.ticket.ticketNumber);
    expect(first.status, first.text).toBe(201);
    const revision = first.body.data;
    for (const status of ['Pending', 'In Progress']) {
      if (status !== 'Pending') await setStatus(admin.client, revision._id, status);
      const again = await requestChange(tuner.client, parent.ticket.ticketNumber);
      expect(again.status, again.text).toBe(409);
      expect(again.body).toMatchObject({ success: false, code: 'conflict' });
      expect(again.body.message).toContain(`#${revision.ticketNumber}`);
    }
    // Once the revision is closed, the next change may be requested.
    await setStatus(admin.client, revision._id, 'Failed');
    expect((await requestChange(tuner.client, parent.ticket.ticketNumber)).status).toBe(201);
    const rows = await server.deps.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.parentTicketId, parent.ticket._id));
    expect(rows).toHaveLength(2);
  });

  it('creates one revision when several changes of one ticket are requested at once', async () => {
    const tuner = await verifiedUser(server);
    const parent = await parentTicket({}, true, tuner);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => requestChange(tuner.client, parent.ticket.ticketNumber)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const rows = await server.deps.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.parentTicketId, parent.ticket._id));
    expect(rows).toHaveLength(1);
  });

  it(`answers 429 with Retry-After past ${REQUEST_CHANGE_RATE.limit} calls an hour, per account`, async () => {
    const tuner = await verifiedUser(server);
    const parent = await parentTicket({}, true, tuner);
    const statuses: number[] = [];
    for (let i = 0; i < REQUEST_CHANGE_RATE.limit; i++)
      statuses.push((await requestChange(tuner.client, parent.ticket.ticketNumber)).status);
    expect(statuses).toEqual([201, ...Array(REQUEST_CHANGE_RATE.limit - 1).fill(409)]);
    const over = await requestChange(tuner.client, parent.ticket.ticketNumber);
    expect(over.status, over.text).toBe(429);
    expect(over.body).toMatchObject({ success: false, code: 'rate_limited' });
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(REQUEST_CHANGE_RATE.windowSeconds);
    // Another account is not held back by this one.
    const other = await parentTicket({}, true, stranger);
    expect((await requestChange(stranger.client, other.ticket.ticketNumber)).status).toBe(201);
  });
});
