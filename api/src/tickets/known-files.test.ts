import type { TicketDto } from '@ecu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, type TestUser, verifiedUser } from '../test/factories';
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
let first: TestUser;
let second: TestUser;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [first, second, admin] = await Promise.all([verifiedUser(server), verifiedUser(server), adminUser(server)]);
});
afterAll(async () => {
  await server?.close();
});

const adminDetails = async (ticketNumber: number) =>
  (await admin.client.get<TicketDto>(`/api/admin/getTicketDetails/${ticketNumber}`)).body.data;

/** A ticket with this original, tuned and delivered (Completed) by the admin. */
async function deliveredTicket(original: Buffer, plan: Record<string, unknown>) {
  const { ticket } = await submitTicket(first.client, { ecuBytes: original, fields: plan });
  const tuned = fileBytes(8192);
  const res = await uploadTunedMultipart(admin.client, ticket.ticketNumber, {
    bytes: tuned,
    name: 'tuned.bin',
  });
  expect(res.status).toBe(200);
  await setStatus(admin.client, ticket._id, 'Completed');
  return { ticket, tuned };
}

describe('known files', () => {
  it('flags a byte-identical original to the admin, with what was delivered; one byte changed is not flagged', async () => {
    const original = fileBytes(64 * 1024);
    const earlier = await deliveredTicket(original, { stage: 'Stage 1', options: ['EGR OFF'] });

    const { ticket: same } = await submitTicket(second.client, { ecuBytes: original });
    const known = (await adminDetails(same.ticketNumber)).knownOriginal;
    expect(known).toMatchObject({
      ticketNumber: earlier.ticket.ticketNumber,
      stage: 'Stage 1',
      options: ['EGR OFF'],
      status: 'Completed',
      tunedFile: { sha256: sha256(earlier.tuned), name: 'tuned.bin' },
    });

    const changed = Buffer.from(original);
    changed[1000] = (changed[1000]! + 1) % 256;
    const { ticket: other } = await submitTicket(second.client, { ecuBytes: changed });
    expect((await adminDetails(other.ticketNumber)).knownOriginal).toBeNull();

    // The customer's own details never say whose file it matched.
    const own = await second.client.get<TicketDto>(`/api/ecuFile/getTicketDetails/${same.ticketNumber}`);
    expect(own.body.data).not.toHaveProperty('knownOriginal');
    expect(own.text).not.toContain(String(earlier.ticket.ticketNumber));
  });

  it('does not offer an earlier ticket whose tuned file was not delivered', async () => {
    const original = fileBytes(32 * 1024);
    const { ticket } = await submitTicket(first.client, { ecuBytes: original });
    await uploadTunedMultipart(admin.client, ticket.ticketNumber, {
      bytes: fileBytes(1024),
      name: 'wip.bin',
    });
    await setStatus(admin.client, ticket._id, 'In Progress');
    const { ticket: again } = await submitTicket(second.client, { ecuBytes: original });
    expect((await adminDetails(again.ticketNumber)).knownOriginal).toBeNull();
  });

  it('reuses the tuned file in one call: a copy on the new ticket, recorded as the admin’s', async () => {
    const original = fileBytes(48 * 1024);
    const earlier = await deliveredTicket(original, { stage: 'Stage 2', options: ['DPF-FAP OFF'] });
    const { ticket } = await submitTicket(second.client, { ecuBytes: original });

    const refused = await second.client.post('/api/admin/reuseTunedFile', {
      ticketNumber: ticket.ticketNumber,
      fromTicketNumber: earlier.ticket.ticketNumber,
    });
    expect(refused.status).toBe(403);
    const wrong = await admin.client.post('/api/admin/reuseTunedFile', {
      ticketNumber: ticket.ticketNumber,
      fromTicketNumber: ticket.ticketNumber,
    });
    expect(wrong.status).toBe(400);
    expect((await adminDetails(ticket.ticketNumber)).ecuTunedFile).toBeNull();

    const res = await admin.client.post<TicketDto>('/api/admin/reuseTunedFile', {
      ticketNumber: ticket.ticketNumber,
      fromTicketNumber: earlier.ticket.ticketNumber,
    });
    expect(res.status).toBe(200);
    const tunedFile = res.body.data.ecuTunedFile!;
    expect(tunedFile.sha256).toBe(sha256(earlier.tuned));
    expect(tunedFile.id).not.toBe(res.body.data.knownOriginal!.tunedFile.id);
    const line = res.body.data.history!.find((h) => h.kind === 'file_uploaded');
    expect(line).toMatchObject({ detail: { reusedFrom: earlier.ticket.ticketNumber, kind: 'tuned' } });
    expect(line!.by).toContain('(admin)');

    // Named after this ticket, and the customer's own history never names the source ticket.
    expect(tunedFile.name).toBe(`tuned-${ticket.ticketNumber}.bin`);
    const own = await second.client.get<TicketDto>(`/api/ecuFile/getTicketDetails/${ticket.ticketNumber}`);
    const ownLine = own.body.data.history!.find((h) => h.kind === 'file_uploaded');
    expect(ownLine?.detail).not.toHaveProperty('reusedFrom');
    expect(own.text).not.toContain(`"reusedFrom"`);
    expect(own.text).not.toContain('tuned.bin');

    const bytes = await download(admin.client, tunedFile.url);
    expect(bytes.status).toBe(200);
    expect(sha256(bytes.bytes)).toBe(sha256(earlier.tuned));
  });
});
