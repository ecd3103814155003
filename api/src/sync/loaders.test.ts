import { randomUUID } from 'node:crypto';
import type { TicketDto } from '@ecu/shared';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { ticketFiles, tickets, users } from '../db/schema';
import { openTestDatabase } from '../test/test-db';
import { ticketDtos, ticketJsonTextById } from '../tickets';
import { SYNC_LOADERS } from './loaders';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const at = (iso: string) => new Date(iso);

function file(ticketId: string, kind: 'ecu' | 'common' | 'tuned', name: string, createdAt: Date) {
  return {
    ticketId,
    kind,
    name,
    size: 1000 + name.length,
    sha256: randomUUID().replaceAll('-', '').padEnd(64, '0'),
    storageKey: `test/${randomUUID()}`,
    createdAt,
  };
}

describe('the sync loader of tickets', () => {
  it('answers exactly what ticketDtos answers: keys, order and values', async () => {
    const { db } = database;
    const userId = `loader-${randomUUID()}`;
    await db.insert(users).values({ id: userId, email: `${userId}@ecu.test` });
    const base = {
      userId,
      make: 'BMW',
      model: '320d',
      year: '2019',
      registration: 'AB12 CDE',
      stage: 'Stage 1',
      creditsNeed: 4,
    };
    const rows = await db
      .insert(tickets)
      .values([
        { ...base, options: ['EGR OFF'], notes: 'keep the limiter', ecuId: 'EDC17' },
        { ...base, status: 'Completed', chargedAt: at('2025-01-02T10:00:00.123456Z') },
        {
          ...base,
          status: 'Failed',
          chargedAt: at('2025-01-02T10:00:00Z'),
          refundedAt: at('2025-01-03T00:00:00Z'),
        },
      ])
      .returning();
    const [full, tunedOnly] = rows as [(typeof rows)[0], (typeof rows)[0]];
    const created = at('2025-01-01T09:00:00.000001Z');
    await db.insert(ticketFiles).values([
      // One ticket's files stored at one instant (as createTicket does), then two tuned files.
      file(full.id, 'ecu', 'read.bin', created),
      file(full.id, 'common', 'dyno-b.csv', created),
      file(full.id, 'common', 'dyno-a.csv', created),
      file(full.id, 'tuned', 'tuned-old.bin', at('2025-01-02T09:00:00Z')),
      file(full.id, 'tuned', 'tuned-new.bin', at('2025-01-02T11:00:00Z')),
      file(full.id, 'common', 'later.txt', at('2025-01-01T12:00:00Z')),
      file(tunedOnly.id, 'tuned', 'only.bin', at('2025-01-02T09:00:00Z')),
    ]);

    const ids = rows.map((r) => r.id);
    const expected = await ticketDtos(db, await db.select().from(tickets).where(inArray(tickets.id, ids)));
    const byId = (list: { _id: string }[]) => [...list].sort((a, b) => a._id.localeCompare(b._id));
    const texts = await ticketJsonTextById(db, ids);
    expect([...texts.keys()].sort()).toEqual([...ids].sort());
    const answered = [...texts.values()].map((text) => JSON.parse(text) as TicketDto);
    // Written out again, so that key order counts too.
    expect(JSON.stringify(byId(answered))).toBe(JSON.stringify(byId(expected)));
    const withFiles = answered.find((t) => t._id === full.id)!;
    expect(withFiles.commonFiles.map((f) => f.name)).toEqual(['dyno-b.csv', 'dyno-a.csv', 'later.txt']);
    expect(withFiles.ecuTunedFile?.name).toBe('tuned-new.bin');
    expect(withFiles.ecuFile?.name).toBe('read.bin');
  });

  it('leaves out ids of no ticket, and answers by id', async () => {
    const missing = randomUUID();
    const answered = await SYNC_LOADERS.ticket!(database.db, [missing]);
    expect(answered.size).toBe(0);
    expect((await ticketJsonTextById(database.db, [])).size).toBe(0);
  });
});
