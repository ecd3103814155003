import type { AuditEntryDto, TransactionDto } from '@ecu/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, users } from '../../db/schema';
import { buyCredits, CARD_DECLINED, createPayment, getBytes } from '../../test/credits-helpers';
import { adminUser, newClient, PROFILE, signUpUser, type TestUser, verifiedUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';

const RANGE = 'from=2025-06-01&to=2025-06-30';

let server: TestServer;
let admin: TestUser;
/** A user whose name is a spreadsheet formula, and one with a comma and quotes in theirs. */
let mallory: TestUser;
let jane: TestUser;
let outside: TestUser;
let completed: TransactionDto;
let declinedId: string;

async function moveUser(id: string, at: string, deleted = false) {
  await server.deps.db
    .update(users)
    .set({ createdAt: new Date(at), ...(deleted ? { deletedAt: new Date() } : {}) })
    .where(eq(users.id, id));
}

async function movePayment(id: string, at: string) {
  await server.deps.db
    .update(payments)
    .set({ createdAt: new Date(at) })
    .where(eq(payments.id, id));
}

beforeAll(async () => {
  server = await startTestServer();
  [admin, mallory, jane, outside] = await Promise.all([
    adminUser(server),
    verifiedUser(server, { ...PROFILE, firstName: '=HYPERLINK("x")', lastName: '@SUM(A1)', city: '+44' }),
    verifiedUser(server, { ...PROFILE, firstName: 'Jane, "JJ"', lastName: 'Zoë-Smith' }),
    verifiedUser(server),
  ]);
  const gone = await signUpUser(server);
  await moveUser(mallory.user._id, '2025-06-01T00:30:00Z'); // 1 June, 01:30 BST
  await moveUser(jane.user._id, '2025-06-30T22:59:00Z'); // 30 June, 23:59 BST
  await moveUser(outside.user._id, '2025-06-30T23:00:00Z'); // 1 July, 00:00 BST: after the range
  await moveUser(gone.user._id, '2025-06-15T12:00:00Z', true); // deleted: never exported

  completed = await buyCredits(jane.client, '2credits');
  await movePayment(completed._id, '2025-06-10T09:15:00Z');
  const declined = await createPayment(mallory.client, '1credit', { sourceId: CARD_DECLINED });
  expect(declined.status).toBe(402);
  declinedId = declined.headers.get('x-payment-id')!;
  await movePayment(declinedId, '2025-06-11T10:00:00Z');
  const later = await buyCredits(jane.client, '1credit');
  await movePayment(later._id, '2025-07-01T10:00:00Z');
});
afterAll(async () => {
  await server?.close();
});

async function download(path: string) {
  const res = await getBytes(admin.client, path);
  expect(res.status, new TextDecoder().decode(res.bytes)).toBe(200);
  const raw = new TextDecoder('utf-8', { ignoreBOM: true }).decode(res.bytes);
  return { headers: res.headers, raw, text: raw.replace(/^\uFEFF/, '') };
}

/** The records of a CSV (CRLF-separated; these fixtures hold no line breaks inside cells). */
function records(text: string): string[] {
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  return text.slice(0, -2).split('\r\n');
}

describe('GET /api/admin/export/users.csv', () => {
  it('answers a CSV attachment named after the range, UTF-8 with a byte order mark', async () => {
    const { headers, raw } = await download(`/api/admin/export/users.csv?${RANGE}`);
    expect(headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(headers.get('content-disposition')).toBe(
      'attachment; filename="users-2025-06-01-to-2025-06-30.csv"',
    );
    expect(headers.get('cache-control')).toBe('private, no-store');
    expect(raw.startsWith('\uFEFFid,first name,')).toBe(true);
  });

  it('holds the accounts that joined in the range, oldest first, formulas neutralised', async () => {
    const { text } = await download(`/api/admin/export/users.csv?${RANGE}`);
    expect(records(text)).toEqual([
      'id,first name,last name,email,role,country,city,credits,per-credit price (GBP),money spent (GBP),files,verified,disabled,joined (UTC)',
      `${mallory.user._id},"'=HYPERLINK(""x"")",'@SUM(A1),${mallory.email},user,GB,'+44,0,60.00,0.00,0,yes,no,2025-06-01T00:30:00.000Z`,
      `${jane.user._id},"Jane, ""JJ""",Zoë-Smith,${jane.email},user,GB,London,3,60.00,216.00,0,yes,no,2025-06-30T22:59:00.000Z`,
    ]);
  });

  it('defaults to the last 30 days', async () => {
    const { headers, text } = await download('/api/admin/export/users.csv');
    expect(headers.get('content-disposition')).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // The admin joined today; the fixtures' accounts were moved to 2025.
    expect(text).toContain(admin.email);
    expect(text).not.toContain(jane.email);
  });
});

describe('GET /api/admin/export/transactions.csv', () => {
  it('holds every payment created in the range, whatever its status', async () => {
    const { headers, text } = await download(`/api/admin/export/transactions.csv?${RANGE}`);
    expect(headers.get('content-disposition')).toBe(
      'attachment; filename="transactions-2025-06-01-to-2025-06-30.csv"',
    );
    const [declined] = await server.deps.db.select().from(payments).where(eq(payments.id, declinedId));
    expect(records(text)).toEqual([
      'serial no,date (UTC),user email,name,package,credits,subtotal (GBP),VAT (GBP),amount (GBP),status',
      `${completed.serialNo},2025-06-10T09:15:00.000Z,${jane.email},"Jane, ""JJ"" Zoë-Smith",2credits,2,120.00,24.00,144.00,Completed`,
      `SN-${String(declined!.serialNo).padStart(6, '0')},2025-06-11T10:00:00.000Z,${mallory.email},"'=HYPERLINK(""x"") @SUM(A1)",1credit,1,60.00,12.00,72.00,Failed`,
    ]);
  });
});

describe('both exports', () => {
  const EXPORTS = ['/api/admin/export/users.csv', '/api/admin/export/transactions.csv'];

  it.each([
    [
      'an end before the start',
      'from=2025-06-30&to=2025-06-01',
      'The start date must be on or before the end date',
    ],
    ['a date that is not one', 'from=2025-06-31&to=2025-07-01', 'Use a real calendar date'],
    ['more than two years', 'from=2022-01-01&to=2025-01-01', 'Choose a range of at most two years'],
  ])('refuse %s with 400', async (_, query, message) => {
    for (const path of EXPORTS) {
      const res = await admin.client.get(`${path}?${query}`);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.body.message).toBe(message);
    }
  });

  it('refuse signed-out callers (401) and users (403), with no data', async () => {
    for (const path of EXPORTS) {
      const signedOut = await newClient(server).get(`${path}?${RANGE}`);
      expect(signedOut.status).toBe(401);
      const user = await jane.client.get(`${path}?${RANGE}`);
      expect(user.status).toBe(403);
      expect(user.body.message).toBe('Only admins can do this');
      expect(user.text).not.toContain(mallory.email);
    }
  });
});

describe('an export', () => {
  it('is written on the exporting admin’s audit trail: who, which export, the filter', async () => {
    const trail = async () => {
      const res = await admin.client.get<AuditEntryDto[]>(`/api/admin/users/${admin.user._id}/audit`);
      expect(res.status, res.text).toBe(200);
      return res.body.data.filter((e) => e.action.startsWith('export.'));
    };
    const before = (await trail()).length;
    await download(`/api/admin/export/users.csv?${RANGE}`);
    await download('/api/admin/export/transactions.csv?from=2025-06-10&to=2025-06-11');
    // A refused export gave nothing, and records nothing.
    expect((await admin.client.get('/api/admin/export/users.csv?from=2025-06-30&to=2025-06-01')).status).toBe(
      400,
    );

    const entries = await trail();
    expect(entries).toHaveLength(before + 2);
    const [transactions, users] = entries;
    expect(users).toMatchObject({
      action: 'export.users',
      actor: { _id: admin.user._id, email: admin.email },
      targetType: 'user',
      targetId: admin.user._id,
      after: { filter: { from: '2025-06-01', to: '2025-06-30' }, rows: 2 },
    });
    expect(transactions).toMatchObject({
      action: 'export.transactions',
      actor: { _id: admin.user._id },
      after: { filter: { from: '2025-06-10', to: '2025-06-11' }, rows: 2 },
    });
  });
});
