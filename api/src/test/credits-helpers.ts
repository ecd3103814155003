import { findPackage, penceToPounds, quotePackage, type TransactionDto, type UserDto } from '@ecu/shared';
import { asc, eq } from 'drizzle-orm';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Db } from '../db/client';
import { creditLedger, users } from '../db/schema';
import type { ApiClient, ApiResponse } from './http-client';

/** The sandbox's test cards (Stripe's own payment-method names). */
export const CARD_OK = 'pm_card_visa';
export const CARD_DECLINED = 'pm_card_chargeDeclined';

export interface CreatePaymentAnswer {
  status: string;
  transaction: TransactionDto;
  user: UserDto | null;
}

/** The total in pounds that the checkout sends for a package at a per-credit price (pence). */
export function totalFor(packageId: string, perCreditPricePence = 6000): number {
  return penceToPounds(quotePackage(findPackage(packageId)!, perCreditPricePence).totalPence);
}

/** A checkout form as the web client sends it; `overrides` may replace or drop (undefined) fields. */
export function paymentBody(packageId: string, overrides: Record<string, unknown> = {}) {
  return {
    sourceId: CARD_OK,
    amount: totalFor(packageId),
    email: 'buyer@ecu.test',
    cardHolderName: 'Ada Lovelace',
    packageId,
    ...overrides,
  };
}

/** POST /api/payment/create-payment. */
export function createPayment(
  client: ApiClient,
  packageId: string,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<ApiResponse<CreatePaymentAnswer>> {
  return client.post<CreatePaymentAnswer>('/api/payment/create-payment', paymentBody(packageId, overrides), {
    headers,
  });
}

/** Buys a package with the test card that succeeds; fails the test unless it answers 200. */
export async function buyCredits(
  client: ApiClient,
  packageId: string,
  overrides: Record<string, unknown> = {},
): Promise<TransactionDto> {
  const res = await createPayment(client, packageId, overrides);
  if (res.status !== 200) throw new Error(`buy ${packageId}: expected 200, got ${res.status}: ${res.text}`);
  return res.body.data.transaction;
}

/** The user's row as stored (balance and money spent in pence). */
export async function storedUser(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`No user ${userId}`);
  return row;
}

/** The user's ledger, oldest first. */
export function ledgerOf(db: Db, userId: string) {
  return db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(asc(creditLedger.id));
}

/** A GET whose answer is bytes (an invoice PDF), with the client's cookies and IP. */
export async function getBytes(
  client: ApiClient,
  path: string,
): Promise<{ status: number; headers: Headers; bytes: Uint8Array }> {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(new URL(path, client.baseUrl), {
    headers: { 'x-forwarded-for': client.ip, ...(cookie ? { cookie } : {}) },
    redirect: 'manual',
  });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** The text of every page of a PDF, as a reader would extract it, one space between runs. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({
    // pdf.js takes ownership of (and detaches) the buffer it is given.
    data: bytes.slice(),
    verbosity: VerbosityLevel.ERRORS,
    isEvalSupported: false,
    useSystemFonts: false,
  }).promise;
  try {
    const runs: string[] = [];
    for (let n = 1; n <= pdf.numPages; n += 1) {
      const content = await (await pdf.getPage(n)).getTextContent();
      for (const item of content.items) if ('str' in item) runs.push(item.str);
    }
    return runs.join(' ').replace(/\s+/g, ' ');
  } finally {
    await pdf.destroy();
  }
}
