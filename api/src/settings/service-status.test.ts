import type { ServiceStatusDto, WorkingHours } from '@ecu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminUser,
  disabledUser,
  newClient,
  onboardedUser,
  signUpUser,
  type TestUser,
  verifiedUser,
} from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import { setStatus, submitTicket } from '../test/ticket-helpers';

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const ALWAYS_OPEN: WorkingHours = {
  timeZone: 'UTC',
  week: EVERY_DAY.map((day) => ({ day, open: '00:00', close: '24:00' })),
  holidays: [],
};
const NEVER_OPEN: WorkingHours = { timeZone: 'Europe/London', week: [], holidays: [] };

let server: TestServer;
let admin: TestUser;
let tuner: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [admin, tuner] = await Promise.all([adminUser(server), verifiedUser(server)]);
});
afterAll(async () => {
  await server?.close();
});

async function setHours(hours: WorkingHours) {
  const res = await admin.client.put('/api/admin/settings', { hours });
  expect(res.status, res.text).toBe(200);
}

async function statusFor(who: TestUser): Promise<ServiceStatusDto> {
  const res = await who.client.get<ServiceStatusDto>('/api/service-status');
  expect(res.status, res.text).toBe(200);
  expect(res.body.message).toBe('Service status');
  return res.body.data;
}

function utcDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

describe('GET /api/service-status', () => {
  it('answers a tuner under the default hours with the full shape', async () => {
    const status = await statusFor(tuner);
    expect(status.timeZone).toBe('Europe/London');
    expect(status.queueLength).toBe(0);
    // No finished files yet: 15 open minutes per file, for the file itself.
    expect(status.expectedOpenMinutes).toBe(15);
    expect(typeof status.open).toBe('boolean');
    if (status.open) {
      expect(status.nextOpeningAt).toBeNull();
      expect(Date.parse(status.closesAt!)).toBeGreaterThan(Date.now());
    } else {
      expect(status.closesAt).toBeNull();
      expect(Date.parse(status.nextOpeningAt!)).toBeGreaterThan(Date.now());
    }
    expect(Date.parse(status.expectedReadyAt!)).toBeGreaterThan(Date.now());
    expect(status.hours.week.length).toBeGreaterThan(0);
  });

  it('follows the hours the admin saves: open all week', async () => {
    await setHours(ALWAYS_OPEN);
    const before = Date.now();
    const status = await statusFor(tuner);
    expect(status).toMatchObject({
      open: true,
      closesAt: null,
      nextOpeningAt: null,
      timeZone: 'UTC',
      queueLength: 0,
      expectedOpenMinutes: 15,
      hours: ALWAYS_OPEN,
    });
    const ready = Date.parse(status.expectedReadyAt!);
    expect(ready).toBeGreaterThanOrEqual(before + 15 * 60_000);
    expect(ready).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
  });

  it('follows the hours the admin saves: an empty week is closed with no next opening', async () => {
    await setHours(NEVER_OPEN);
    expect(await statusFor(tuner)).toMatchObject({
      open: false,
      closesAt: null,
      nextOpeningAt: null,
      timeZone: 'Europe/London',
      expectedReadyAt: null,
      expectedOpenMinutes: 15,
    });
  });

  it('is closed on holidays and opens at the midnight after them', async () => {
    // Today and tomorrow (UTC): should midnight pass during the call, the answer is the same.
    const [today, tomorrow, after] = [utcDay(0), utcDay(1), utcDay(2)];
    const holidays = [today, tomorrow].map((date) => ({ date, name: 'Staff days' }));
    await setHours({ ...ALWAYS_OPEN, holidays });
    expect(await statusFor(tuner)).toMatchObject({
      open: false,
      closesAt: null,
      nextOpeningAt: `${after}T00:00:00.000Z`,
      expectedReadyAt: `${after}T00:15:00.000Z`,
    });
  });

  it('counts every Pending and In Progress file of the shop in queueLength', async () => {
    await setHours(ALWAYS_OPEN);
    const other = await verifiedUser(server);
    const a = (await submitTicket(tuner.client)).ticket;
    const b = (await submitTicket(other.client)).ticket;
    const c = (await submitTicket(other.client)).ticket;
    const waiting = await statusFor(tuner);
    expect(waiting.queueLength).toBe(3);
    expect(waiting.expectedOpenMinutes).toBe(4 * 15);
    expect((await statusFor(other)).queueLength).toBe(3);

    await setStatus(admin.client, a._id, 'In Progress');
    expect((await statusFor(tuner)).queueLength).toBe(3);
    await setStatus(admin.client, b._id, 'Completed');
    await setStatus(admin.client, c._id, 'Failed');
    expect((await statusFor(tuner)).queueLength).toBe(1);
    await setStatus(admin.client, a._id, 'Unlocked');
    expect((await statusFor(tuner)).queueLength).toBe(0);
  });

  it('answers admins too', async () => {
    expect((await statusFor(admin)).timeZone).toBe('UTC');
  });

  it.each([
    ['signed out', 401, 'Please sign in to continue'],
    ['not onboarded', 403, 'Complete your profile first'],
    ['unverified', 403, 'Verify your email address first'],
    ['disabled', 403, 'Account disabled'],
  ] as const)('refuses a caller who is %s (%i)', async (who, status, message) => {
    const client =
      who === 'signed out'
        ? newClient(server)
        : who === 'not onboarded'
          ? (await signUpUser(server)).client
          : who === 'unverified'
            ? (await onboardedUser(server)).client
            : (await disabledUser(server)).client;
    const res = await client.get('/api/service-status');
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    expect(res.body.data).toBeUndefined();
  });
});
