import type { SyncChangeDto, SyncPageDto, TicketDto, TransactionDto, UserDto } from '@ecu/shared';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFeed, ticketRow } from '../test/sync-feed';
import { NetworkError } from './api-client';
import { getAuthUser, PortalDb, setAuthUser, waitingForSignIn } from './db';
import { PULL_AFTER_WRITE_WAIT_MS, pullAfterWrite, pullChanges, syncNow } from './sync-engine';

let db: PortalDb;
let n = 0;

const me = { _id: 'u1', firstName: 'Ann', lastName: 'Lee', credits: 0 } as UserDto;

/** A whole ticket row as the feed carries it; only the fields a test looks at vary. */
function ticket(_id: string, ticketNumber = 100001): TicketDto {
  return {
    _id,
    ticketNumber,
    make: 'BMW',
    model: '320d',
    year: '2019',
    registration: 'AB12 CDE',
    ecuId: null,
    transmission: null,
    readTool: null,
    readType: null,
    masterSlave: null,
    stage: 'Stage 1',
    options: [],
    dtcCodes: [],
    notes: null,
    creditsNeed: 1,
    status: 'Pending',
    charged: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ecuFile: null,
    commonFiles: [],
    ecuTunedFile: null,
  };
}

const payment = (_id: string) => ({ _id }) as TransactionDto;
const ticketChange = (value: TicketDto): SyncChangeDto => ({
  entity: 'ticket',
  id: value._id,
  deleted: false,
  value,
});
const userChange = (value: UserDto): SyncChangeDto => ({
  entity: 'user',
  id: value._id,
  deleted: false,
  value,
});

beforeEach(async () => {
  db = new PortalDb(`sync-test-${n++}`);
  await db.open();
  await setAuthUser(me, db);
});
afterEach(async () => {
  await db.delete();
});

describe('pullChanges', () => {
  it('applies every page, follows hasMore and stores the cursor', async () => {
    const cursors: string[] = [];
    const pages: SyncPageDto[] = [
      { changes: [ticketChange(ticket('t1'))], cursor: '5', hasMore: true },
      { changes: [userChange({ ...me, credits: 25 })], cursor: '9', hasMore: false },
    ];
    const applied = await pullChanges(db, async (cursor) => {
      cursors.push(cursor);
      return pages.shift()!;
    });
    expect(applied).toBe(2);
    expect(cursors).toEqual(['0', '5']);
    expect((await db.meta.get('syncCursor'))?.value).toBe('9');
    expect(await db.tickets.get('t1')).toMatchObject({ ticketNumber: 100001 });
    expect((await getAuthUser(db))?.credits).toBe(25);
  });

  it('resumes from the stored cursor and removes tombstoned rows', async () => {
    await db.tickets.put(ticket('t1'));
    await db.meta.put({ key: 'syncCursor', value: '12' });
    const asked: string[] = [];
    await pullChanges(db, async (cursor) => {
      asked.push(cursor);
      return {
        changes: [{ entity: 'ticket', id: 't1', deleted: true, value: null }],
        cursor: '13',
        hasMore: false,
      };
    });
    expect(asked).toEqual(['12']);
    expect(await db.tickets.get('t1')).toBeUndefined();
  });

  it('never applies another user row over the signed-in user', async () => {
    await pullChanges(db, async () => ({
      changes: [userChange({ ...me, _id: 'someone-else', credits: 99 })],
      cursor: '1',
      hasMore: false,
    }));
    expect((await getAuthUser(db))?._id).toBe('u1');
    expect((await getAuthUser(db))?.credits).toBe(0);
  });

  it('on resync: true drops the synced rows the server no longer sends, then applies the whole feed', async () => {
    await db.tickets.bulkPut([ticket('gone'), ticket('t1', 1)]);
    await db.transactions.put(payment('old-payment'));
    await db.meta.put({ key: 'syncCursor', value: '12' });
    const asked: string[] = [];
    const pages: SyncPageDto[] = [
      { changes: [ticketChange(ticket('t1', 2))], cursor: 'a', hasMore: true, resync: true },
      { changes: [], cursor: 'b', hasMore: false, resync: false },
    ];
    await pullChanges(db, async (cursor) => {
      asked.push(cursor);
      return pages.shift()!;
    });
    expect(asked).toEqual(['12', 'a']);
    expect(await db.tickets.toArray()).toEqual([ticket('t1', 2)]);
    expect(await db.transactions.count()).toBe(0);
    expect((await db.meta.get('syncCursor'))?.value).toBe('b');
    expect((await getAuthUser(db))?._id).toBe('u1');
  });

  it('keeps the old cursor when a page fails, so nothing is skipped', async () => {
    await db.meta.put({ key: 'syncCursor', value: '3' });
    await expect(
      pullChanges(db, async () => {
        throw new Error('offline');
      }),
    ).rejects.toThrow('offline');
    expect((await db.meta.get('syncCursor'))?.value).toBe('3');
  });
});

/** A pull the test releases page by page. */
function heldFeed() {
  const feed = fakeFeed();
  const waiting: (() => void)[] = [];
  const pull = async (cursor: string) => {
    await new Promise<void>((resolve) => waiting.push(resolve));
    return feed.pull(cursor);
  };
  const release = async () => {
    while (waiting.length === 0) await new Promise((r) => setTimeout(r, 1));
    waiting.shift()?.();
  };
  return { feed, pull, release, waiting };
}

describe('syncNow', () => {
  it('pulls the feed into the tables', async () => {
    const feed = fakeFeed(ticketRow(ticket('t1')));
    expect(await syncNow(db, feed.pull)).toBe(1);
    expect(await db.tickets.get('t1')).toMatchObject({ ticketNumber: 100001 });
  });

  it('never runs two pulls at once; a call during a pull gets one more pull after it, shared', async () => {
    const held = heldFeed();
    const first = syncNow(db, held.pull);
    // The server changes after the first pull read its page: the callers must see the change.
    const second = syncNow(db, held.pull);
    const third = syncNow(db, held.pull);
    expect(third).toBe(second);
    await held.release();
    await first;
    held.feed.put(ticketRow(ticket('t2', 100002)));
    expect(held.waiting).toHaveLength(0);
    await held.release();
    expect(await second).toBe(1);
    expect(held.feed.asked).toEqual(['0', '0']);
    expect(await db.tickets.get('t2')).toBeTruthy();
    // Done: the next call starts a fresh pull.
    const next = syncNow(db, held.pull);
    await held.release();
    expect(await next).toBe(0);
    expect(held.feed.asked).toEqual(['0', '0', '1']);
  });

  it('rejects when offline and keeps the cursor; the next call pulls again', async () => {
    await expect(
      syncNow(db, async () => {
        throw new NetworkError();
      }),
    ).rejects.toBeInstanceOf(NetworkError);
    expect(await db.meta.get('syncCursor')).toBeUndefined();
    expect(await syncNow(db, fakeFeed(ticketRow(ticket('t1'))).pull)).toBe(1);
  });
});

describe('pullAfterWrite', () => {
  it('never fails: offline, the row comes with the next sync', async () => {
    await expect(
      pullAfterWrite(db, async () => {
        throw new NetworkError();
      }),
    ).resolves.toBeUndefined();
    await pullAfterWrite(db, fakeFeed(ticketRow(ticket('t1'))).pull);
    expect(await db.tickets.count()).toBe(1);
  });

  it('waits for a slow network at most PULL_AFTER_WRITE_WAIT_MS', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let done = false;
      const waiting = pullAfterWrite(db, () => new Promise(() => {})).then(() => {
        done = true;
      });
      await vi.advanceTimersByTimeAsync(PULL_AFTER_WRITE_WAIT_MS - 1);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await waiting;
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the database upgrade to version 5', () => {
  it('keeps every table and its rows, and adds ticketDetails', async () => {
    const name = `upgrade-test-${n++}`;
    const old = new Dexie(name);
    old.version(1).stores({
      meta: 'key',
      outbox: '++id, kind, status',
      tickets: '_id, ticketNumber, createdAt',
      transactions: '_id, serialNo, createdAt',
    });
    old.version(2).stores({ localFiles: 'id, clientId, status, createdAt' });
    old.version(3).stores({ queryCache: 'key' });
    old.version(4).stores({ wizardDrafts: 'userId' });
    await old.open();
    await old.table('tickets').put(ticket('t1'));
    await old.table('transactions').put(payment('p1'));
    await old.table('meta').put({ key: 'syncCursor', value: '7' });
    await old.table('outbox').add(queuedTicket('k1'));
    await old.table('localFiles').put(queuedFile('f1'));
    await old.table('queryCache').put({ key: 'q', value: '{}' });
    await old.table('wizardDrafts').put({ userId: 'u1', clientId: 'c1' });
    old.close();

    const upgraded = new PortalDb(name);
    try {
      await upgraded.open();
      expect(upgraded.verno).toBe(5);
      expect(await upgraded.tickets.get('t1')).toEqual(ticket('t1'));
      expect(await upgraded.transactions.get('p1')).toEqual(payment('p1'));
      expect((await upgraded.meta.get('syncCursor'))?.value).toBe('7');
      expect(await upgraded.outbox.count()).toBe(1);
      expect(await upgraded.localFiles.count()).toBe(1);
      expect(await upgraded.queryCache.count()).toBe(1);
      expect(await upgraded.wizardDrafts.get('u1')).toMatchObject({ clientId: 'c1' });
      await upgraded.ticketDetails.put({ _id: 't1', ticketNumber: 100001, updatedAt: 'x', history: [] });
      expect((await upgraded.ticketDetails.where('ticketNumber').equals(100001).first())?._id).toBe('t1');
    } finally {
      await upgraded.delete();
    }
  });
});

function queuedFile(id: string) {
  return {
    id,
    clientId: 'c1',
    purpose: 'ecu' as const,
    name: 'a.bin',
    size: 1,
    type: '',
    blob: new Blob(['x']),
    status: 'queued' as const,
    bytesUploaded: 0,
    createdAt: 0,
  };
}

function queuedTicket(key: string) {
  return {
    idempotencyKey: key,
    kind: 'createTicket' as const,
    method: 'POST' as const,
    path: '/ecuFile/create-ecuFile',
    body: {},
    status: 'pending' as const,
    attempts: 0,
    createdAt: 0,
  };
}

describe('setAuthUser', () => {
  it('keeps the queued tickets and files when the session expires (signed out by a 401)', async () => {
    await db.outbox.add(queuedTicket('k1'));
    await db.localFiles.put(queuedFile('f1'));
    await db.tickets.put(ticket('t1'));
    await setAuthUser(null, db);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.localFiles.count()).toBe(1);
    expect(await waitingForSignIn(db)).toEqual({ tickets: 1, ownerId: 'u1' });
    // The account's synced copy does not stay on screen for whoever picks up the device.
    expect(await db.tickets.count()).toBe(0);

    // The same tuner signs in again: the queue is theirs and goes out.
    await setAuthUser(me, db);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.localFiles.count()).toBe(1);
    expect(await waitingForSignIn(db)).toEqual({ tickets: 0, ownerId: undefined });
  });

  it('drops the queue of an expired session when a different user signs in', async () => {
    await db.outbox.add(queuedTicket('k1'));
    await db.localFiles.put(queuedFile('f1'));
    await setAuthUser(null, db);
    await setAuthUser({ ...me, _id: 'u2' }, db);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.localFiles.count()).toBe(0);
    expect(await waitingForSignIn(db)).toEqual({ tickets: 0, ownerId: undefined });
  });

  it('clears the previous account’s local data when another account signs in', async () => {
    await db.tickets.put(ticket('t1'));
    await db.localFiles.put({
      id: 'f1',
      clientId: 'c1',
      purpose: 'ecu',
      name: 'a.bin',
      size: 1,
      type: '',
      blob: new Blob(['x']),
      status: 'queued',
      bytesUploaded: 0,
      createdAt: 0,
    });
    await db.meta.put({ key: 'syncCursor', value: '4' });
    await setAuthUser({ ...me, _id: 'u2' }, db);
    expect(await db.tickets.count()).toBe(0);
    expect(await db.localFiles.count()).toBe(0);
    expect(await db.meta.get('syncCursor')).toBeUndefined();
  });
});
