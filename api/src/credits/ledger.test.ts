import type { UserDto } from '@ecu/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { creditLedger, users } from '../db/schema';
import { AppError } from '../http/app-error';
import { ledgerOf, storedUser } from '../test/credits-helpers';
import { verifiedUser } from '../test/factories';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/test-server';
import { applyCreditChange, InsufficientCreditsError } from './ledger';

let server: TestServer;
let db: Db;
let adminId: string;
/** One fresh account per test, all made before the race so that no test waits on sign-ups. */
const accounts: UserDto[] = [];
const nextAccount = () => accounts.shift()!;

beforeAll(async () => {
  server = await startTestServer();
  db = server.deps.db;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, TEST_ADMIN.email));
  adminId = admin!.id;
  const made = await Promise.all(Array.from({ length: 7 }, () => verifiedUser(server)));
  accounts.push(...made.map((m) => m.user));
});
afterAll(async () => {
  await server?.close();
});

/** The messages of an error and of its causes (Drizzle wraps the driver's error). */
function messagesOf(err: unknown): string {
  const parts: string[] = [];
  for (let e = err; e instanceof Error; e = e.cause) parts.push(e.message);
  return parts.join(' <- ');
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the promise to reject');
}

describe('applyCreditChange', () => {
  it('lets exactly 10 of 100 parallel 1-credit debits through a balance of 10', async () => {
    const user = nextAccount();
    await applyCreditChange(db, { userId: user._id, actorId: user._id, kind: 'purchase', delta: 10 });

    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        applyCreditChange(db, {
          userId: user._id,
          actorId: user._id,
          kind: 'download_charge',
          delta: -1,
          reference: `ticket:race-${i}`,
        }),
      ),
    );

    const succeeded = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const failed = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(succeeded).toHaveLength(10);
    expect(failed).toHaveLength(90);
    for (const reason of failed) {
      expect(reason).toBeInstanceOf(InsufficientCreditsError);
      expect(reason).toMatchObject({ status: 409, balance: 0, needed: 1 });
    }
    expect(succeeded.map((s) => s.balanceAfter).sort((a, b) => a - b)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);

    expect((await storedUser(db, user._id)).credits).toBe(0);
    const charges = (await ledgerOf(db, user._id)).filter((e) => e.kind === 'download_charge');
    expect(charges).toHaveLength(10);
    expect(charges.every((e) => e.delta === -1 && e.actorId === user._id)).toBe(true);
    // In ledger order the balance walks down one step at a time: the writers really queued.
    expect(charges.map((e) => e.balanceAfter)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
  });

  it('keeps every balance_after equal to the running sum; a reset writes delta = -balance', async () => {
    const user = nextAccount();
    const id = user._id;
    await applyCreditChange(db, { userId: id, actorId: id, kind: 'purchase', delta: 25, reference: 'p1' });
    await applyCreditChange(db, { userId: id, actorId: adminId, kind: 'admin_adjustment', delta: 5 });
    await applyCreditChange(db, { userId: id, actorId: id, kind: 'download_charge', delta: -3 });
    await applyCreditChange(db, { userId: id, actorId: adminId, kind: 'refund', delta: 2 });
    await applyCreditChange(db, { userId: id, actorId: adminId, kind: 'admin_adjustment', delta: -1 });
    const reset = await applyCreditChange(db, {
      userId: id,
      actorId: adminId,
      kind: 'admin_reset',
      // Ignored for a reset: the balance goes to 0 whatever is passed.
      delta: 7,
      note: 'Chargeback',
    });
    expect(reset).toMatchObject({ delta: -28, balanceAfter: 0 });
    await applyCreditChange(db, { userId: id, actorId: id, kind: 'purchase', delta: 1, reference: 'p2' });

    const entries = await ledgerOf(db, id);
    expect(entries.map((e) => [e.kind, e.delta, e.balanceAfter])).toEqual([
      ['purchase', 25, 25],
      ['admin_adjustment', 5, 30],
      ['download_charge', -3, 27],
      ['refund', 2, 29],
      ['admin_adjustment', -1, 28],
      ['admin_reset', -28, 0],
      ['purchase', 1, 1],
    ]);
    let running = 0;
    for (const entry of entries) {
      running += entry.delta;
      expect(entry.balanceAfter).toBe(running);
    }
    expect((await storedUser(db, id)).credits).toBe(running);
    const resetEntry = entries.find((e) => e.kind === 'admin_reset')!;
    expect(resetEntry).toMatchObject({ actorId: adminId, note: 'Chargeback', id: reset.entryId });
  });

  it('refuses to go below zero and leaves the balance and the ledger as they were', async () => {
    const user = nextAccount();
    await applyCreditChange(db, { userId: user._id, actorId: adminId, kind: 'admin_adjustment', delta: 2 });
    const err = await rejectionOf(
      applyCreditChange(db, { userId: user._id, actorId: user._id, kind: 'download_charge', delta: -3 }),
    );
    expect(err).toBeInstanceOf(InsufficientCreditsError);
    expect((err as Error).message).toBe(
      'Not enough credits: this needs 3 and your balance is 2. 1 more credit needed.',
    );
    expect((await storedUser(db, user._id)).credits).toBe(2);
    expect(await ledgerOf(db, user._id)).toHaveLength(1);
  });

  it('rolls back with the caller’s transaction', async () => {
    const user = nextAccount();
    const err = await rejectionOf(
      db.transaction(async (tx) => {
        await applyCreditChange(tx, {
          userId: user._id,
          actorId: adminId,
          kind: 'admin_adjustment',
          delta: 5,
        });
        throw new Error('the caller gives up');
      }),
    );
    expect((err as Error).message).toBe('the caller gives up');
    expect((await storedUser(db, user._id)).credits).toBe(0);
    expect(await ledgerOf(db, user._id)).toEqual([]);
  });

  it('answers 404 for an unknown user and writes nothing', async () => {
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(creditLedger);
    const err = await rejectionOf(
      applyCreditChange(db, { userId: 'no-such-user', actorId: adminId, kind: 'admin_adjustment', delta: 1 }),
    );
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 404, message: 'User not found' });
    const after = await db.select({ n: sql<number>`count(*)::int` }).from(creditLedger);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe('the database itself', () => {
  it('refuses a negative balance even when the code is bypassed', async () => {
    const user = nextAccount();
    await applyCreditChange(db, { userId: user._id, actorId: adminId, kind: 'admin_adjustment', delta: 1 });
    const err = await rejectionOf(db.execute(sql`update users set credits = -1 where id = ${user._id}`));
    expect(messagesOf(err)).toContain('users_credits_non_negative');
    expect((await storedUser(db, user._id)).credits).toBe(1);
  });

  it('refuses a ledger row with a negative balance_after', async () => {
    const user = nextAccount();
    const err = await rejectionOf(
      db.insert(creditLedger).values({
        userId: user._id,
        actorId: adminId,
        kind: 'admin_adjustment',
        delta: -1,
        balanceAfter: -1,
      }),
    );
    expect(messagesOf(err)).toContain('credit_ledger_balance_after_non_negative');
    expect(await ledgerOf(db, user._id)).toEqual([]);
  });

  it('keeps the ledger append-only: an UPDATE and a DELETE of a row are refused', async () => {
    const user = nextAccount();
    await applyCreditChange(db, { userId: user._id, actorId: adminId, kind: 'admin_adjustment', delta: 3 });
    const [entry] = await ledgerOf(db, user._id);

    const edit = await rejectionOf(
      db.update(creditLedger).set({ delta: 300 }).where(eq(creditLedger.id, entry!.id)),
    );
    expect(messagesOf(edit)).toContain('credit_ledger is append-only: UPDATE refused');
    const removal = await rejectionOf(db.execute(sql`delete from credit_ledger where user_id = ${user._id}`));
    expect(messagesOf(removal)).toContain('credit_ledger is append-only: DELETE refused');
    expect(await ledgerOf(db, user._id)).toEqual([entry]);
    // A correction is a new row.
    await applyCreditChange(db, { userId: user._id, actorId: adminId, kind: 'admin_adjustment', delta: -1 });
    expect((await ledgerOf(db, user._id)).map((e) => e.balanceAfter)).toEqual([3, 2]);
  });
});
