import type { ServiceStatusDto, WorkingHours } from '@ecu/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketEvents, tickets } from '../db/schema';
import { adminUser, type TestUser, verifiedUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import { setStatus, submitTicket } from '../test/ticket-helpers';
import { measuredMinutesPerFile } from './service-status';

const MINUTE = 60_000;
const WEEKDAYS_9_TO_5: WorkingHours = {
  timeZone: 'UTC',
  week: [1, 2, 3, 4, 5].map((day) => ({ day, open: '09:00', close: '17:00' })),
  holidays: [],
};
const ALWAYS_OPEN: WorkingHours = {
  timeZone: 'UTC',
  week: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
  holidays: [],
};

let server: TestServer;
let admin: TestUser;
let tuner: TestUser;
/** Ticket ids: a finished (Completed, then Unlocked), b finished (Failed), c waiting, d finished long ago. */
const ids = { a: '', b: '', c: '', d: '' };

beforeAll(async () => {
  server = await startTestServer();
  [admin, tuner] = await Promise.all([adminUser(server), verifiedUser(server)]);
  for (const key of ['a', 'b', 'c', 'd'] as const) ids[key] = (await submitTicket(tuner.client)).ticket._id;
  await setStatus(admin.client, ids.a, 'Completed');
  await setStatus(admin.client, ids.a, 'Unlocked');
  await setStatus(admin.client, ids.b, 'In Progress');
  await setStatus(admin.client, ids.b, 'Failed');
  await setStatus(admin.client, ids.d, 'Completed');
});
afterAll(async () => {
  await server?.close();
});

/** Puts a ticket's arrival and its status changes at given instants. */
async function timeline(id: string, arrived: Date, changes: Record<string, Date>) {
  const { db } = server.deps;
  await db.update(tickets).set({ createdAt: arrived }).where(eq(tickets.id, id));
  for (const [to, at] of Object.entries(changes)) {
    await db
      .update(ticketEvents)
      .set({ createdAt: at })
      .where(
        and(
          eq(ticketEvents.ticketId, id),
          eq(ticketEvents.kind, 'status_changed'),
          sql`${ticketEvents.detail}->>'to' = ${to}`,
        ),
      );
  }
}

describe('measured minutes per file', () => {
  const now = new Date('2026-01-14T12:00:00Z'); // a Wednesday

  beforeAll(async () => {
    // a arrived Tuesday 16:00 and was finished Wednesday 09:30: 60 + 30 open minutes.
    await timeline(ids.a, new Date('2026-01-13T16:00:00Z'), {
      Completed: new Date('2026-01-14T09:30:00Z'),
      Unlocked: new Date('2026-01-14T10:45:00Z'), // Completed -> Unlocked finishes nothing new
    });
    // b arrived at 09:00 but could only start when a was done (09:30); failed at 10:30: 60.
    await timeline(ids.b, new Date('2026-01-14T09:00:00Z'), {
      'In Progress': new Date('2026-01-14T09:40:00Z'),
      Failed: new Date('2026-01-14T10:30:00Z'),
    });
    // d was finished 15 days earlier: outside the 14 days measured.
    await timeline(ids.d, new Date('2025-12-29T09:00:00Z'), { Completed: new Date('2025-12-30T10:00:00Z') });
  });

  it('is the mean of open minutes from when work could start to the finish', async () => {
    expect(await measuredMinutesPerFile(server.deps.db, WEEKDAYS_9_TO_5, now)).toBe((90 + 60) / 2);
  });

  it('counts open minutes of the working hours given', async () => {
    // Always open: a took 17.5 hours (Tuesday 16:00 to Wednesday 09:30), b one hour.
    expect(await measuredMinutesPerFile(server.deps.db, ALWAYS_OPEN, now)).toBe((1050 + 60) / 2);
  });

  it('ignores finishes after the moment asked about, and falls back to 15 without history', async () => {
    const beforeB = new Date('2026-01-14T10:00:00Z');
    expect(await measuredMinutesPerFile(server.deps.db, WEEKDAYS_9_TO_5, beforeB)).toBe(90);
    expect(
      await measuredMinutesPerFile(server.deps.db, WEEKDAYS_9_TO_5, new Date('2025-06-01T00:00:00Z')),
    ).toBe(15);
  });

  it('drives the expected turnaround of GET /api/service-status', async () => {
    const now = Date.now();
    await timeline(ids.a, new Date(now - 100 * MINUTE), {
      Completed: new Date(now - 90 * MINUTE),
      Unlocked: new Date(now - 80 * MINUTE),
    });
    await timeline(ids.b, new Date(now - 95 * MINUTE), {
      'In Progress': new Date(now - 85 * MINUTE),
      Failed: new Date(now - 60 * MINUTE),
    });
    const saved = await admin.client.put('/api/admin/settings', { hours: ALWAYS_OPEN });
    expect(saved.status, saved.text).toBe(200);
    const res = await tuner.client.get<ServiceStatusDto>('/api/service-status');
    expect(res.status).toBe(200);
    // a: 10 minutes; b: from a's finish to its own, 30; mean 20. One file (c) waits, then yours.
    expect(res.body.data.queueLength).toBe(1);
    expect(res.body.data.expectedOpenMinutes).toBe(2 * 20);
    const ready = Date.parse(res.body.data.expectedReadyAt!);
    expect(Math.abs(ready - (Date.now() + 40 * MINUTE))).toBeLessThan(10_000);
  });
});
