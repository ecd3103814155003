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

describe("an invoice in its buyer's language (docs/decisions/093-languages.md)", () => {
  async function invoiceIn(locale: string, profile = BUYER_PROFILE) {
    const tuner = await verifiedUser(server, profile);
    expect((await tuner.client.put('/api/auth/locale', { locale })).status).toBe(200);
    const payment = await buyCredits(tuner.client, '25credits');
    const res = await getBytes(tuner.client, payment.invoiceUrl!);
    expect(res.status).toBe(200);
    return { text: await pdfText(res.bytes), payment, tuner };
  }

  it('is Polish for a Polish customer, with its letters as written', async () => {
    const { text, payment } = await invoiceIn('pl', { ...BUYER_PROFILE, country: 'PL', city: 'Łódź' });
    expect(text).toContain('FAKTURA VAT');
    expect(text).toContain(`Numer faktury: ${payment.serialNo}`);
    expect(text).toContain('Sprzedawca');
    expect(text).toContain('Nabywca');
    expect(text).toContain('7 Harbour Walk, Łódź, BS1 4DJ, Polska');
    expect(text).toContain('Ilość');
    expect(text).toContain('Kredyty na tuning ECU (25credits)');
    // Polish writes pounds as '1320,00 GBP' (its own format of the same amount).
    expect(text).toMatch(/Wartość netto 1\s?320,00\sGBP/);
    expect(text).toMatch(/VAT \(20%\) 264,00\sGBP/);
    expect(text).toMatch(/Razem 1\s?584,00\sGBP/);
    expect(text).toContain('Zapłacono kartą dnia');
    expect(text).toContain('Płatności za kredyty nie podlegają zwrotowi');
    expect(text).not.toContain('VAT INVOICE');
    expect(text).not.toContain('Subtotal');
  });

  it('is Turkish for a Turkish customer, with ş ğ ı İ ç as written', async () => {
    const { text, payment } = await invoiceIn('tr', { ...BUYER_PROFILE, country: 'TR', city: 'İzmir' });
    expect(text).toContain('KDV FATURASI');
    expect(text).toContain(`Fatura numarası: ${payment.serialNo}`);
    expect(text).toContain('Satıcı');
    expect(text).toContain('Alıcı');
    expect(text).toContain('7 Harbour Walk, İzmir, BS1 4DJ, Türkiye');
    expect(text).toContain('Açıklama');
    expect(text).toMatch(/Ara toplam £1\.320,00/);
    expect(text).toMatch(/KDV \(%20\) £264,00/);
    expect(text).toMatch(/Genel toplam £1\.584,00/);
    expect(text).toContain('İngiliz sterlini');
    expect(text).toContain('başkasına');
    expect(text).toContain('çözülemediği');
    expect(text).not.toContain('VAT INVOICE');
  });

  it('stays English for an Arabic customer (pdfkit cannot set Arabic), and is English as before', async () => {
    const { text } = await invoiceIn('ar');
    expect(text).toContain('VAT INVOICE');
    expect(text).toMatch(/Total £1,584\.00/);
    const english = await invoiceIn('en');
    expect(english.text).toContain('VAT INVOICE');
    expect(english.text).toContain('Bill To');
    expect(english.text).toContain('Date: ');
    expect(english.text).toMatch(/Date: \d{2} [A-Z][a-z]{2} \d{4}/);
    expect(english.text).toContain('7 Harbour Walk, Bristol, BS1 4DJ, United Kingdom');
    expect(english.text).toMatch(/Subtotal £1,320\.00 VAT \(20%\) £264\.00 Total £1,584\.00/);
    expect(english.text).toContain('Paid by card on ');
    expect(english.text).toContain(
      'Amounts in GBP. Credit payments are non-refundable and non-transferable; credits are refunded if a file issue cannot be resolved.',
    );
  });
});
