import type { UserDto } from '@ecu/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PortalDb, setAuthUser } from '../../local/db';
import { pullChanges } from '../../local/sync-engine';
import { fakeFeed, ticketRow } from '../../test/sync-feed';
import { keepTicketDetails, parseTicketNumber, type TicketView } from './api';
import { localTicket, localTicketDetails, matchesTicket, ticketsNewestFirst } from './local-tickets';

function ticket(n: number, createdAt: string, extra: Partial<TicketView> = {}): TicketView {
  return {
    _id: `t${n}`,
    ticketNumber: n,
    make: 'BMW',
    model: '320d',
    year: '2019',
    registration: 'AB12 CDE',
    ecuId: 'Bosch EDC17C50',
    transmission: 'Automatic',
    readTool: 'KESS',
    readType: 'OBD',
    masterSlave: 'Master',
    stage: 'Stage 1',
    options: ['EGR OFF'],
    dtcCodes: [],
    notes: null,
    creditsNeed: 2,
    status: 'Pending',
    charged: false,
    createdAt,
    updatedAt: createdAt,
    ecuFile: null,
    commonFiles: [],
    ecuTunedFile: null,
    ...extra,
  };
}

describe('parseTicketNumber', () => {
  it.each([
    ['100001', 100001],
    [' 100002 ', 100002],
    ['0', null],
    ['-1', null],
    ['12a', null],
    ['', null],
    [undefined, null],
    ['1e5', null],
  ])('%s -> %s', (raw, n) => {
    expect(parseTicketNumber(raw)).toBe(n);
  });
});

describe('matchesTicket (My Files search)', () => {
  const t = ticket(100001, '2025-01-01T10:00:00Z', {
    make: 'Volkswagen',
    model: 'Golf GTI',
    year: '2018',
    registration: 'AB12 CDE',
    status: 'Unlocked',
  });
  it.each([
    ['', true],
    ['volks', true],
    ['GOLF', true],
    ['golf 2018', true],
    ['ab12cde', true],
    ['AB12 CDE', true],
    ['12 cd', true],
    ['kess', true],
    ['100001', true],
    ['unlocked', true],
    ['audi', false],
    ['golf audi', false],
  ])('%s -> %s', (q, hit) => {
    expect(matchesTicket(t, q)).toBe(hit);
  });
  it('finds a ticket without a status as Pending', () => {
    expect(matchesTicket(ticket(1, '2025-01-01T00:00:00Z', { status: '' }), 'pending')).toBe(true);
  });
});

describe('tickets in IndexedDB', () => {
  let db: PortalDb;
  let n = 0;
  beforeEach(async () => {
    db = new PortalDb(`tickets-api-test-${n++}`);
    await db.open();
    await setAuthUser({ _id: 'u1' } as UserDto, db);
  });
  afterEach(async () => {
    await db.delete();
  });

  /** The rows arrive the only way they can: through the feed. */
  const synced = (...rows: TicketView[]) => pullChanges(db, fakeFeed(...rows.map(ticketRow)).pull);
  const history = [{ kind: 'created', at: '2025-01-01T10:00:00.000Z', by: 'Ann', detail: {} }];

  it('lists newest first, same-second tickets by number', async () => {
    await synced(
      ticket(100001, '2025-01-01T10:00:00.000Z'),
      ticket(100003, '2025-01-02T10:00:00.000Z'),
      ticket(100002, '2025-01-02T10:00:00.000Z'),
    );
    expect((await ticketsNewestFirst(db)).map((t) => t.ticketNumber)).toEqual([100003, 100002, 100001]);
  });

  it('finds a ticket by its number', async () => {
    await synced(ticket(100007, '2025-01-01T10:00:00.000Z'));
    expect((await localTicket(100007, db))?._id).toBe('t100007');
    expect(await localTicket(100008, db)).toBeNull();
  });

  it('keeps what only the details answer carries, beside the row and without touching it', async () => {
    await synced(ticket(100001, '2025-01-01T10:00:00.000Z'));
    const pulls: PortalDb[] = [];
    const answer = ticket(100001, '2025-01-01T10:00:00.000Z', { history, chainStartedAt: 'x' });
    await keepTicketDetails(answer, {
      db,
      pull: async (d) => {
        pulls.push(d);
      },
    });
    expect(await localTicketDetails(100001, db)).toEqual({
      _id: 't100001',
      ticketNumber: 100001,
      updatedAt: '2025-01-01T10:00:00.000Z',
      history,
      ecuIdentification: undefined,
      revisionOf: undefined,
      revisions: undefined,
      chainStartedAt: 'x',
    });
    expect((await localTicket(100001, db))?.history).toBeUndefined();
    // The synced row is as new as the answer: nothing to pull.
    expect(pulls).toHaveLength(0);
    expect(await localTicketDetails(100002, db)).toBeNull();
  });

  it('asks the feed when the answer is newer than the synced row, or the row is not here yet', async () => {
    const feed = fakeFeed(ticketRow(ticket(100001, '2025-01-01T10:00:00.000Z')));
    await pullChanges(db, feed.pull);
    const changed = ticket(100001, '2025-01-01T10:00:00.000Z', {
      status: 'Unlocked',
      updatedAt: '2025-01-03T09:00:00.000Z',
    });
    const fresh = ticket(100002, '2025-01-04T10:00:00.000Z');
    const pull = async (d: PortalDb) => {
      await pullChanges(d, feed.pull);
    };
    feed.put(ticketRow(changed));
    await keepTicketDetails({ ...changed, history }, { db, pull });
    expect((await localTicket(100001, db))?.status).toBe('Unlocked');
    feed.put(ticketRow(fresh));
    await keepTicketDetails(fresh, { db, pull });
    expect((await localTicket(100002, db))?._id).toBe('t100002');
    expect(feed.asked).toEqual(['0', '1', '2']);
  });

  it('drops the kept details with the ticket when the feed removes it', async () => {
    await synced(ticket(100001, '2025-01-01T10:00:00.000Z'));
    await keepTicketDetails(ticket(100001, '2025-01-01T10:00:00.000Z', { history }), {
      db,
      pull: async () => {},
    });
    await pullChanges(db, async () => ({
      changes: [{ entity: 'ticket', id: 't100001', deleted: true, value: null }],
      cursor: '9',
      hasMore: false,
    }));
    expect(await localTicket(100001, db)).toBeNull();
    expect(await localTicketDetails(100001, db)).toBeNull();
  });

  it('forgets the kept details when the session ends', async () => {
    await keepTicketDetails(ticket(100001, '2025-01-01T10:00:00.000Z', { history }), {
      db,
      pull: async () => {},
    });
    await setAuthUser(null, db);
    expect(await db.ticketDetails.count()).toBe(0);
  });
});
