import { randomBytes } from 'node:crypto';
import type { EcuIdentification, TicketDto } from '@ecu/shared';
import { MB, makeBinary, truncated } from '@ecu/shared/ecu-identify/test-binaries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, type TestUser, verifiedUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import { submitTicket } from '../test/ticket-helpers';

let server: TestServer;
let tuner: TestUser;
let stranger: TestUser;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [tuner, stranger, admin] = await Promise.all([
    verifiedUser(server),
    verifiedUser(server),
    adminUser(server),
  ]);
});
afterAll(async () => {
  await server?.close();
});

/** A Bosch EDC17 read of a real flash size, its identifiers where such reads print them. */
const boschRead = () =>
  makeBinary({
    size: 2 * MB,
    randomBytes: 'all',
    strings: [
      { offset: 0x40010, text: 'EDC17C46' },
      { offset: 0x40040, text: '0281019617' },
      { offset: 0x40060, text: '1037541778' },
      { offset: 0x40080, text: '03L906018JL' },
    ],
  });

async function details(client: TestUser['client'], ticketNumber: number) {
  return client.get<TicketDto>(`/api/ecuFile/getTicketDetails/${ticketNumber}`);
}

describe('the server identifies the stored ECU file', () => {
  it('keeps what the read says about itself on the ticket; owner and admin see it, others do not', async () => {
    const { ticket } = await submitTicket(tuner.client, {
      ecuBytes: boschRead(),
      fields: { ecuId: 'Bosch EDC17C46' },
    });
    // Lists stay lean: the identification comes with the details calls only.
    expect(ticket).not.toHaveProperty('ecuIdentification');

    const own = await details(tuner.client, ticket.ticketNumber);
    expect(own.status).toBe(200);
    const id = own.body.data.ecuIdentification as EcuIdentification;
    expect(id).toMatchObject({
      maker: 'Bosch',
      family: 'EDC17C46',
      hardwareNumber: '0281019617',
      softwareNumber: '1037541778',
      partNumber: '03L906018JL',
      fileSize: 2 * MB,
      flashSize: 2 * MB,
    });
    expect(id.warnings).toEqual([]);

    const adminView = await admin.client.get<TicketDto>(`/api/admin/getTicketDetails/${ticket.ticketNumber}`);
    expect(adminView.status).toBe(200);
    expect(adminView.body.data.ecuIdentification).toEqual(id);

    const other = await details(stranger.client, ticket.ticketNumber);
    expect(other.status).toBeGreaterThanOrEqual(400);
    expect(other.text).not.toContain('0281019617');
  });

  it('warns of a partial read and of a family other than the one picked, and still creates the ticket', async () => {
    const { ticket } = await submitTicket(tuner.client, {
      ecuBytes: truncated(boschRead(), 2 * MB - 64 * 1024),
      fields: { ecuId: 'Delphi DCM3.5' },
    });
    expect(ticket.status).toBe('Pending');
    const id = (await details(tuner.client, ticket.ticketNumber)).body.data.ecuIdentification!;
    expect(id.maker).toBe('Bosch');
    expect(id.flashSize).toBeNull();
    expect(id.warnings.map((w) => w.code)).toEqual(expect.arrayContaining(['partial-read', 'ecu-mismatch']));
  });

  it('finds nothing in a file with nothing recognisable, without a false maker', async () => {
    // Random bytes with the high bit set: no run of them is text, so no maker's string can turn
    // up by chance (plain random bytes once held a Marelli "MM 43GMS" and failed the test).
    const ecuBytes = randomBytes(512 * 1024).map((byte) => byte | 0x80);
    const { ticket } = await submitTicket(tuner.client, { ecuBytes });
    const id = (await details(tuner.client, ticket.ticketNumber)).body.data.ecuIdentification!;
    expect(id).toMatchObject({ maker: null, family: null, hardwareNumber: null, fileSize: 512 * 1024 });
  });
});
