import type { TransactionDto } from '@ecu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyCredits, CARD_DECLINED, createPayment, getBytes, pdfText } from '../test/credits-helpers';
import { adminUser, newClient, type TestUser, verifiedUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';

/** The seller block comes from configuration: give it values no default could produce. */
const COMPANY = {
  COMPANY_NAME: 'Invoice Test Motors Ltd',
  COMPANY_ADDRESS: '42 Dyno Lane, Coventry, CV1 2AB',
  COMPANY_VAT_ID: 'GB987654321',
};
const BUYER_PROFILE = {
  firstName: 'Grace',
  lastName: 'Hopper',
  country: 'GB',
  city: 'Bristol',
  postalCode: 'BS1 4DJ',
  address: '7 Harbour Walk',
};

let server: TestServer;
let buyer: TestUser;
let completed: TransactionDto;
let failedId: string;

beforeAll(async () => {
  server = await startTestServer({ env: COMPANY });
  buyer = await verifiedUser(server, BUYER_PROFILE);
  completed = await buyCredits(buyer.client, '25credits');
  const declined = await createPayment(buyer.client, '1credit', { sourceId: CARD_DECLINED });
  expect(declined.status).toBe(402);
  failedId = declined.headers.get('x-payment-id')!;
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/payment/invoice/:paymentId', () => {
  let owner: Awaited<ReturnType<typeof getBytes>>;
  let text: string;
  beforeAll(async () => {
    owner = await getBytes(buyer.client, completed.invoiceUrl!);
    text = owner.status === 200 ? await pdfText(owner.bytes) : '';
  });

  it('gives the owner a PDF attachment named after the serial number', () => {
    expect(completed.invoiceUrl).toBe(`/api/payment/invoice/${completed._id}`);
    expect(owner.status).toBe(200);
    expect(owner.headers.get('content-type')).toBe('application/pdf');
    expect(completed.serialNo).toMatch(/^SN-\d{6}$/);
    expect(owner.headers.get('content-disposition')).toBe(
      `attachment; filename="invoice-${completed.serialNo}.pdf"`,
    );
    expect(owner.headers.get('cache-control')).toContain('no-store');
    expect(Buffer.from(owner.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  });

  it('names the seller from the COMPANY_* settings', () => {
    expect(text).toContain('VAT INVOICE');
    expect(text).toContain(COMPANY.COMPANY_NAME);
    expect(text).toContain(COMPANY.COMPANY_ADDRESS);
    expect(text).toContain(`VAT number: ${COMPANY.COMPANY_VAT_ID}`);
    expect(text).toContain(`Invoice number: ${completed.serialNo}`);
  });

  it('names the buyer with their address', () => {
    expect(text).toContain('Bill To');
    expect(text).toContain('Grace Hopper');
    expect(text).toContain('7 Harbour Walk, Bristol, BS1 4DJ, United Kingdom');
    expect(text).toContain(buyer.email);
  });

  it('shows the package, the subtotal, the VAT and the total in pounds', () => {
    expect(text).toContain('ECU tuning credits (25credits)');
    expect(text).toMatch(/Subtotal £1,320\.00/);
    expect(text).toMatch(/VAT \(20%\) £264\.00/);
    expect(text).toMatch(/Total £1,584\.00/);
  });

  it('is served to an admin, still billed to the buyer', async () => {
    const admin = await adminUser(server);
    const res = await getBytes(admin.client, completed.invoiceUrl!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const adminText = await pdfText(res.bytes);
    expect(adminText).toContain('Grace Hopper');
    expect(adminText).toContain(buyer.email);
    expect(adminText).not.toContain(admin.email);
  });

  it('is a 404 for another user, as if it did not exist', async () => {
    const other = await verifiedUser(server);
    const res = await other.client.get(completed.invoiceUrl!);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Invoice not found', errors: [], code: 'not_found' });
    expect(res.text).not.toContain('Grace');
  });

  it.each([
    ['a failed payment', () => `/api/payment/invoice/${failedId}`],
    ['an unknown payment id', () => '/api/payment/invoice/00000000-0000-4000-8000-000000000000'],
    ['an id that is not a payment id', () => '/api/payment/invoice/not-a-uuid'],
    ['36 dashes', () => `/api/payment/invoice/${'-'.repeat(36)}`],
    ['36 hex digits without dashes', () => `/api/payment/invoice/${'a'.repeat(36)}`],
    ['an id with SQL in it', () => `/api/payment/invoice/${encodeURIComponent("1' or '1'='1")}`],
  ])('is a 404 for %s', async (_, path) => {
    const res = await buyer.client.get(path());
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Invoice not found', errors: [], code: 'not_found' });
  });

  it('asks a signed-out caller to sign in', async () => {
    const res = await newClient(server).get(completed.invoiceUrl!);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Please sign in to continue');
  });
});

describe('an invoice for a name outside Latin-1', () => {
  it('prints Ł, Ń, ř, ş and İ as they were typed, in an embedded Unicode font', async () => {
    const named = await verifiedUser(server, {
      ...BUYER_PROFILE,
      firstName: 'Łukasz',
      lastName: 'Ńowak-Řezník Şahin İnce',
      city: 'Łódź',
    });
    const payment = await buyCredits(named.client, '1credit');
    const res = await getBytes(named.client, payment.invoiceUrl!);
    expect(res.status).toBe(200);
    const text = await pdfText(res.bytes);
    expect(text).toContain('Łukasz Ńowak-Řezník Şahin İnce');
    expect(text).toContain('7 Harbour Walk, Łódź, BS1 4DJ, United Kingdom');
    expect(text).toContain('VAT INVOICE');
    // The font travels inside the file (no reader has to stand in its own for a standard one).
    expect(Buffer.from(res.bytes).toString('latin1')).toMatch(/\/FontFile2 \d+ 0 R/);
    expect(Buffer.from(res.bytes).toString('latin1')).not.toContain('/BaseFont /Helvetica');
  });
});
