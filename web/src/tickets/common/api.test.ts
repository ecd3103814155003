import type { UserDto } from '@ecu/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PortalDb, setAuthUser } from '../../local/db';
import {
  loadAllMyFiles,
  localTicket,
  matchesTicket,
  parseTicketNumber,
  refreshMyFiles,
  storeTickets,
  type TicketView,
  ticketsNewestFirst,
} from './api';

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

  it('lists newest first, same-second tickets by number', async () => {
    await storeTickets(
      [
        ticket(100001, '2025-01-01T10:00:00.000Z'),
        ticket(100003, '2025-01-02T10:00:00.000Z'),
        ticket(100002, '2025-01-02T10:00:00.000Z'),
      ],
      db,
    );
    expect((await ticketsNewestFirst(db)).map((t) => t.ticketNumber)).toEqual([100003, 100002, 100001]);
  });

  it('finds a ticket by its number', async () => {
    await storeTickets([ticket(100007, '2025-01-01T10:00:00.000Z')], db);
    expect((await localTicket(100007, db))?._id).toBe('t100007');
    expect(await localTicket(100008, db)).toBeNull();
  });

  it('keeps the history of an unchanged ticket when the list is refreshed', async () => {
    const history = [{ kind: 'created', at: '2025-01-01T10:00:00.000Z', by: 'Ann', detail: {} }];
    await storeTickets([ticket(100001, '2025-01-01T10:00:00.000Z', { history })], db);
    await refreshMyFiles(db, async () => [ticket(100001, '2025-01-01T10:00:00.000Z')]);
    expect((await localTicket(100001, db))?.history).toEqual(history);
  });

  it('drops the history of a ticket that changed since (it would be behind)', async () => {
    const history = [{ kind: 'created', at: '2025-01-01T10:00:00.000Z', by: 'Ann', detail: {} }];
    await storeTickets([ticket(100001, '2025-01-01T10:00:00.000Z', { history })], db);
    await refreshMyFiles(db, async () => [
      ticket(100001, '2025-01-01T10:00:00.000Z', {
        status: 'Unlocked',
        updatedAt: '2025-01-03T09:00:00.000Z',
      }),
    ]);
    const row = await localTicket(100001, db);
    expect(row?.status).toBe('Unlocked');
    expect(row?.history).toBeUndefined();
  });

  it('reads every page of My Files, following nextCursor until it is null', async () => {
    const asked: (string | undefined)[] = [];
    const pages: Record<string, { data: ReturnType<typeof ticket>[]; nextCursor: string | null }> = {
      first: { data: [ticket(100003, '2025-01-03T10:00:00.000Z')], nextCursor: '100003' },
      '100003': { data: [ticket(100002, '2025-01-02T10:00:00.000Z')], nextCursor: '100002' },
      '100002': { data: [ticket(100001, '2025-01-01T10:00:00.000Z')], nextCursor: null },
    };
    const rows = await loadAllMyFiles(async (cursor) => {
      asked.push(cursor);
      return pages[cursor ?? 'first']!;
    });
    expect(asked).toEqual([undefined, '100003', '100002']);
    expect(rows.map((t) => t.ticketNumber)).toEqual([100003, 100002, 100001]);
  });

  it('keeps local rows the server list does not name (tombstones come through sync)', async () => {
    await storeTickets([ticket(100001, '2025-01-01T10:00:00.000Z')], db);
    expect(await refreshMyFiles(db, async () => [ticket(100002, '2025-01-02T10:00:00.000Z')])).toBe(1);
    expect((await ticketsNewestFirst(db)).map((t) => t.ticketNumber)).toEqual([100002, 100001]);
  });
});
