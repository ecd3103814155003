import { randomUUID } from 'node:crypto';
import { DTC_MESSAGES, type TicketDto } from '@ecu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, engineerUser, type TestUser, verifiedUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import {
  fileBytes,
  setStatus,
  submitTicket,
  ticketDetails,
  ticketFields,
  ticketForm,
  uploadTunedMultipart,
} from '../test/ticket-helpers';

/** Fault codes as a list (docs/decisions/092-fault-code-lists.md). */

let server: TestServer;
let admin: TestUser;
let engineer: TestUser;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminUser(server);
  engineer = await engineerUser(server);
  [owner, stranger] = await Promise.all([verifiedUser(server), verifiedUser(server)]);
});
afterAll(async () => {
  await server?.close();
});

const withDtcOff = { options: ['EGR OFF', 'DTC OFF'] };

function tick(who: TestUser, body: unknown) {
  return who.client.post<TicketDto>('/api/admin/tickets/dtc-codes', body);
}

const details = (who: TestUser, ticketNumber: number) => ticketDetails(who.client, ticketNumber);

describe('creating a ticket with fault codes', () => {
  it('JSON: the codes are normalised, de-duplicated and listed right after the options', async () => {
    const { ticket } = await submitTicket(owner.client, {
      fields: { ...withDtcOff, dtcCodes: [' p0420', 'P0420', 'P1234', 'u0100'] },
    });
    expect(ticket.dtcCodes).toEqual([
      { code: 'P0420', removed: false },
      { code: 'P1234', removed: false },
      { code: 'U0100', removed: false },
    ]);
    const keys = Object.keys(ticket);
    expect(keys[keys.indexOf('options') + 1]).toBe('dtcCodes');
    // A ticket without codes answers an empty list.
    const plain = await submitTicket(owner.client);
    expect(plain.ticket.dtcCodes).toEqual([]);
  });

  it('multipart: repeated parts and typed lists', async () => {
    // The fields come before the files.
    const form = ticketForm({ ...ticketFields(withDtcOff), clientId: randomUUID() }, {});
    form.append('dtcCodes', 'P0401, p0402\nP2002');
    form.append('dtcCodes', 'P244A');
    form.append('ecuFile', new Blob([new Uint8Array(fileBytes(4096))]), 'read.bin');
    const res = await owner.client.request<TicketDto>('POST', '/api/ecuFile/create-ecuFile', { body: form });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.dtcCodes.map((c) => c.code)).toEqual(['P0401', 'P0402', 'P2002', 'P244A']);
  });

  it('refuses codes without DTC OFF, and what is not a code, on both paths', async () => {
    const without = await submitTicket(owner.client, { fields: { dtcCodes: ['P0420'] } }).catch(
      (e: Error) => e,
    );
    expect(String(without)).toContain('400');
    expect(String(without)).toContain(DTC_MESSAGES.withoutDtcOff);

    const invalid = await submitTicket(owner.client, {
      fields: { ...withDtcOff, dtcCodes: ['P0420', 'hello'] },
    }).catch((e: Error) => e);
    expect(String(invalid)).toContain('400');
    expect(String(invalid)).toContain('"path":"dtcCodes.1"');
    expect(String(invalid)).toContain(JSON.stringify(DTC_MESSAGES.invalid('HELLO')).slice(1, -1));

    const form = ticketForm(
      { ...ticketFields(), dtcCodes: 'P0420', clientId: randomUUID() },
      { ecuFile: { bytes: fileBytes(4096), name: 'read.bin' } },
    );
    const res = await owner.client.request('POST', '/api/ecuFile/create-ecuFile', { body: form });
    expect(res.status, res.text).toBe(400);
    expect(res.text).toContain(DTC_MESSAGES.withoutDtcOff);
  });
});

describe('the checklist', () => {
  it('staff tick codes off and back; each change is a history line; the same tick again changes nothing', async () => {
    const { ticket } = await submitTicket(owner.client, {
      fields: { ...withDtcOff, dtcCodes: ['P0420', 'P0401'] },
    });
    const byEngineer = await tick(engineer, {
      ticketNumber: ticket.ticketNumber,
      code: 'p0420',
      removed: true,
    });
    expect(byEngineer.status, byEngineer.text).toBe(200);
    expect(byEngineer.body.message).toBe('P0420 ticked off as removed');
    expect(byEngineer.body.data.dtcCodes).toEqual([
      { code: 'P0420', removed: true },
      { code: 'P0401', removed: false },
    ]);
    const again = await tick(engineer, { ticketNumber: ticket.ticketNumber, code: 'P0420', removed: true });
    expect(again.body.message).toBe('P0420 is unchanged');
    const back = await tick(admin, { ticketNumber: ticket.ticketNumber, code: 'P0420', removed: false });
    expect(back.status, back.text).toBe(200);
    expect(back.body.data.dtcCodes[0]).toEqual({ code: 'P0420', removed: false });

    const seen = await details(owner, ticket.ticketNumber);
    expect(seen.history?.filter((e) => e.kind === 'dtc_code').map((e) => e.detail)).toEqual([
      { code: 'P0420', removed: true },
      { code: 'P0420', removed: false },
    ]);
    expect(seen.history?.find((e) => e.kind === 'dtc_code')?.by).toMatch(/\(engineer\)$/);
  });

  it('refuses a customer, a code the ticket does not list, a missing ticket and a malformed body', async () => {
    const { ticket } = await submitTicket(owner.client, { fields: { ...withDtcOff, dtcCodes: ['P0420'] } });
    const body = { ticketNumber: ticket.ticketNumber, code: 'P0420', removed: true };
    expect((await tick(owner, body)).status).toBe(403);
    expect((await tick(stranger, body)).status).toBe(403);
    const notListed = await tick(engineer, { ...body, code: 'P0401' });
    expect(notListed.status).toBe(404);
    expect(notListed.body.message).toBe(`Ticket #${ticket.ticketNumber} does not list the fault code P0401`);
    expect((await tick(engineer, { ...body, ticketNumber: 2_000_000_000 })).status).toBe(404);
    expect((await tick(engineer, { ...body, code: 'nope' })).status).toBe(400);
    expect((await tick(engineer, { ticketNumber: ticket.ticketNumber, code: 'P0420' })).status).toBe(400);
    expect((await details(owner, ticket.ticketNumber)).dtcCodes).toEqual([{ code: 'P0420', removed: false }]);
  });
});

describe('the delivery', () => {
  it('the Unlocked mail lists the removed codes with their descriptions', async () => {
    const { ticket } = await submitTicket(owner.client, {
      fields: { ...withDtcOff, dtcCodes: ['P0420', 'P0401', 'P1234'] },
    });
    for (const code of ['P0420', 'P1234']) {
      const res = await tick(engineer, { ticketNumber: ticket.ticketNumber, code, removed: true });
      expect(res.status, res.text).toBe(200);
    }
    const up = await uploadTunedMultipart(admin.client, ticket.ticketNumber, {
      bytes: fileBytes(2048),
      name: 't.bin',
    });
    expect(up.status, up.text).toBe(200);
    await setStatus(admin.client, ticket._id, 'Unlocked');
    const mail = await server.smtp.nextMailAbout(owner.email, `ticket ${ticket.ticketNumber}`);
    expect(mail.text).toContain(
      'Fault codes removed:\n- P0420 (Catalyst system efficiency below threshold (bank 1))\n- P1234 (manufacturer-specific)\n',
    );
    expect(mail.text).not.toContain('P0401');
    expect(mail.html).toContain('<li>P0420 (Catalyst system efficiency below threshold (bank 1))</li>');
  });

  it('a revision carries the codes over, none removed, when it keeps DTC OFF and names none', async () => {
    const { ticket } = await submitTicket(owner.client, {
      fields: { ...withDtcOff, dtcCodes: ['P0420', 'P0401'] },
    });
    await tick(engineer, { ticketNumber: ticket.ticketNumber, code: 'P0420', removed: true });
    const up = await uploadTunedMultipart(admin.client, ticket.ticketNumber, {
      bytes: fileBytes(2048),
      name: 't.bin',
    });
    expect(up.status, up.text).toBe(200);
    await setStatus(admin.client, ticket._id, 'Completed');
    const change = (body: Record<string, unknown>) =>
      owner.client.post<TicketDto>('/api/ecuFile/request-change', {
        parentTicketNumber: ticket.ticketNumber,
        stage: 'Stage 1',
        options: ['DTC OFF'],
        clientId: randomUUID(),
        ...body,
      });
    const carried = await change({});
    expect(carried.status, carried.text).toBe(201);
    expect(carried.body.data.dtcCodes).toEqual([
      { code: 'P0420', removed: false },
      { code: 'P0401', removed: false },
    ]);
    const refused = await change({ options: ['EGR OFF'], dtcCodes: ['P0420'] });
    expect(refused.status, refused.text).toBe(400);
  });
});
