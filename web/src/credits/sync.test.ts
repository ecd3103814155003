import type { TransactionDto, UserDto } from '@ecu/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PortalDb, setAuthUser } from '../local/db';
import { refreshPaymentHistory, storeTransaction, transactionsNewestFirst } from './sync';

let db: PortalDb;
let n = 0;

function tx(
  serial: number,
  createdAt: string,
  status: TransactionDto['status'] = 'Completed',
): TransactionDto {
  return {
    _id: `p${serial}`,
    serialNo: `SN-${String(serial).padStart(6, '0')}`,
    packageId: '25credits',
    credits: 25,
    amount: 1584,
    subtotal: 1320,
    vat: 264,
    currency: 'GBP',
    status,
    failureMessage: null,
    createdAt,
    completedAt: null,
    invoiceUrl: null,
  };
}

beforeEach(async () => {
  db = new PortalDb(`credits-sync-test-${n++}`);
  await db.open();
  await setAuthUser({ _id: 'u1' } as UserDto, db);
});
afterEach(async () => {
  await db.delete();
});

describe('payment history in IndexedDB', () => {
  it('merges the server history in and lists it newest first', async () => {
    await storeTransaction(tx(3, '2025-03-01T10:00:00.000Z', 'Pending'), db);
    const count = await refreshPaymentHistory(db, async () => [
      tx(3, '2025-03-01T10:00:00.000Z', 'Completed'),
      tx(1, '2025-01-01T10:00:00.000Z'),
      tx(2, '2025-01-01T10:00:00.000Z', 'Failed'),
    ]);
    expect(count).toBe(3);
    const rows = await transactionsNewestFirst(db);
    expect(rows.map((r) => r.serialNo)).toEqual(['SN-000003', 'SN-000002', 'SN-000001']);
    expect(rows[0]?.status).toBe('Completed');
  });

  it('keeps what it has when the server cannot be asked', async () => {
    await storeTransaction(tx(1, '2025-01-01T10:00:00.000Z'), db);
    await expect(
      refreshPaymentHistory(db, async () => {
        throw new Error('offline');
      }),
    ).rejects.toThrow('offline');
    expect(await transactionsNewestFirst(db)).toHaveLength(1);
  });

  it('forgets the history when another account signs in on the device', async () => {
    await storeTransaction(tx(1, '2025-01-01T10:00:00.000Z'), db);
    await setAuthUser({ _id: 'u2' } as UserDto, db);
    expect(await transactionsNewestFirst(db)).toEqual([]);
  });
});
