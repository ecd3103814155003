import type { TransactionDto } from '@ecu/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '../accounts';
import { downloadEvents, users } from '../db/schema';
import { buyCredits, getBytes, pdfText } from '../test/credits-helpers';
import { adminUser, engineerUser, type TestUser, verifiedUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import { download, fileBytes, setStatus, submitTicket, uploadTunedMultipart } from '../test/ticket-helpers';

let server: TestServer;
let admin: TestUser;
let buyer: TestUser;
let payment: TransactionDto;
let ticketNumbers: number[];
let text: string;
let pdf: Awaited<ReturnType<typeof getBytes>>;

const evidenceUrl = (id: string) => `/api/admin/payments/${id}/evidence.pdf`;

/** A ticket of `who` with a tuned file, Unlocked, charged and downloaded once. */
async function downloadedTicket(who: TestUser): Promise<number> {
  const { ticket } = await submitTicket(who.client);
  const res = await uploadTunedMultipart(admin.client, ticket.ticketNumber, {
    bytes: fileBytes(3000),
    name: 't.bin',
  });
  expect(res.status, res.text).toBe(200);
  await setStatus(admin.client, ticket._id, 'Unlocked');
  const eligible = await who.client.post<{ eligible: boolean; url?: string }>(
    '/api/ecuFile/isEligibleToDownload',
    {
      ticketNumber: ticket.ticketNumber,
    },
  );
  expect(eligible.body.data.eligible, eligible.text).toBe(true);
  const got = await download(who.client, eligible.body.data.url!);
  expect(got.status).toBe(200);
  return ticket.ticketNumber;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminUser(server);
  buyer = await verifiedUser(server, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    country: 'GB',
    city: 'London',
    postalCode: 'W1 1AA',
    address: '12 Analytical Row',
  });
  payment = await buyCredits(buyer.client, '25credits');
  ticketNumbers = [await downloadedTicket(buyer), await downloadedTicket(buyer)];
  pdf = await getBytes(admin.client, evidenceUrl(payment._id));
  text = pdf.status === 200 ? await pdfText(pdf.bytes) : '';
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/admin/payments/:paymentId/evidence.pdf', () => {
  it('gives an admin a PDF attachment named after the serial number', () => {
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(
      `attachment; filename="evidence-${payment.serialNo}.pdf"`,
    );
    expect(pdf.headers.get('cache-control')).toContain('no-store');
  });

  it('names the order, the invoice and the customer', () => {
    expect(text).toContain('PAYMENT EVIDENCE');
    expect(text).toContain(`Order id: ${payment._id}`);
    expect(text).toContain(`Invoice number: ${payment.serialNo}`);
    expect(text).toContain('Status: Completed');
    expect(text).toMatch(/VAT \(20%\): £264\.00/);
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain(buyer.email);
    expect(text).toContain('12 Analytical Row, London, W1 1AA, United Kingdom');
  });

  it('names the terms version accepted at sign-up', () => {
    expect(text).toContain(`Terms version ${TERMS_VERSION}, accepted at sign-up on`);
  });

  it('lists the tickets charged after the payment with each download and its IP', async () => {
    for (const n of ticketNumbers) expect(text).toContain(`Ticket ${n}:`);
    const events = await server.deps.db
      .select()
      .from(downloadEvents)
      .where(eq(downloadEvents.userId, buyer.user._id));
    expect(events).toHaveLength(2);
    expect(events[0]!.ipAddress).toBe(buyer.client.ip);
    expect(text).toContain(`from IP ${buyer.client.ip}`);
  });

  it('lists the ledger lines from the payment on', () => {
    expect(text).toContain('Ledger from this payment on');
    expect(text).toMatch(/purchase \+25 balance 25/);
    expect(text).toMatch(/download_charge -\d+ balance \d+ ticket:/);
  });

  it("says 'not recorded' where the account predates the terms record", async () => {
    const older = await verifiedUser(server);
    await server.deps.db
      .update(users)
      .set({ termsVersion: null, termsAcceptedAt: null })
      .where(eq(users.id, older.user._id));
    const paid = await buyCredits(older.client, '1credit');
    const res = await getBytes(admin.client, evidenceUrl(paid._id));
    expect(res.status).toBe(200);
    const olderText = await pdfText(res.bytes);
    expect(olderText).toContain('Terms acceptance: not recorded');
    expect(olderText).toContain('No tuned file was charged after this payment.');
  });

  it('is a 403 for an engineer and for a customer, with no PDF', async () => {
    const engineer = await engineerUser(server);
    for (const who of [engineer, buyer]) {
      const res = await who.client.get(evidenceUrl(payment._id));
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'not_admin' });
      expect(res.text).not.toContain('Lovelace');
    }
  });

  it('is a 404 for an unknown payment id', async () => {
    const res = await admin.client.get(evidenceUrl('00000000-0000-4000-8000-000000000000'));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Payment not found', errors: [], code: 'not_found' });
  });

  it.each([['not-a-uuid'], [encodeURIComponent("1' or '1'='1")], ['-'.repeat(36)]])(
    'is a 400 for the id %s',
    async (id) => {
      const res = await admin.client.get(evidenceUrl(id));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Not a payment id');
    },
  );
});
