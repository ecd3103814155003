import type { TransactionDto, UserDto } from '@ecu/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NetworkError } from '../local/api-client';
import { PortalDb, setAuthUser } from '../local/db';
import { syncNow } from '../local/sync-engine';
import { fakeFeed, transactionRow } from '../test/sync-feed';
import { transactionsNewestFirst } from './sync';

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

/** Payments reach the device through the feed only (docs/decisions/044-one-writer.md). */
describe('payment history in IndexedDB', () => {
  it('takes the feed’s payments, a later state over an earlier one, and lists them newest first', async () => {
    const feed = fakeFeed(transactionRow(tx(3, '2025-03-01T10:00:00.000Z', 'Pending')));
    await syncNow(db, feed.pull);
    feed.put(
      transactionRow(tx(3, '2025-03-01T10:00:00.000Z', 'Completed')),
      transactionRow(tx(1, '2025-01-01T10:00:00.000Z')),
      transactionRow(tx(2, '2025-01-01T10:00:00.000Z', 'Failed')),
    );
    await syncNow(db, feed.pull);
    const rows = await transactionsNewestFirst(db);
    expect(rows.map((r) => r.serialNo)).toEqual(['SN-000003', 'SN-000002', 'SN-000001']);
    expect(rows[0]?.status).toBe('Completed');
  });

  it('keeps what it has when the server cannot be asked', async () => {
    await syncNow(db, fakeFeed(transactionRow(tx(1, '2025-01-01T10:00:00.000Z'))).pull);
    await expect(
      syncNow(db, async () => {
        throw new NetworkError();
      }),
    ).rejects.toBeInstanceOf(NetworkError);
    expect(await transactionsNewestFirst(db)).toHaveLength(1);
  });

  it('forgets the history when another account signs in on the device', async () => {
    await syncNow(db, fakeFeed(transactionRow(tx(1, '2025-01-01T10:00:00.000Z'))).pull);
    await setAuthUser({ _id: 'u2' } as UserDto, db);
    expect(await transactionsNewestFirst(db)).toEqual([]);
  });
});
