import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../db/schema';
import { adminUser, type TestUser, verifiedUser } from '../test/factories';
import { jobsSettled } from '../test/jobs-settled';
import { decryptPush, newPushReceiver } from '../test/push-decrypt';
import { startTestServer, type TestServer } from '../test/test-server';
import { setStatus, submitTicket } from '../test/ticket-helpers';
import type { PushMessage } from './messages';
import { type PushJob, pushQueue } from './send';
import { MAX_DEVICES_PER_USER } from './store';
import {
  type LoopbackPushService,
  startPushService,
  subscribeDevice,
  verifyVapid,
} from './test/push-service';

let server: TestServer;
let push: LoopbackPushService;
let admin: TestUser;
let device = 0;
const nextPath = (prefix = '/push') => `${prefix}/device-${++device}`;

beforeAll(async () => {
  [server, push] = await Promise.all([startTestServer(), startPushService()]);
  admin = await adminUser(server);
});
afterAll(async () => {
  await server?.close();
  await push?.close();
});

const subscriptionsOf = (userId: string) =>
  server.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('push subscriptions', () => {
  it('are stored per device; the same device again is one row', async () => {
    const tuner = await verifiedUser(server);
    const key = await tuner.client.get('/api/notifications/public-key');
    expect(key.status).toBe(200);
    expect(key.body.data.publicKey).toBe(server.deps.notifications.publicKey);
    expect(key.body.data.publicKey).toMatch(/^B[\w-]{86}$/);

    const phone = await subscribeDevice(tuner.client, push, nextPath());
    const laptop = await subscribeDevice(tuner.client, push, nextPath());
    const again = await tuner.client.post('/api/notifications/subscription', {
      endpoint: phone.endpoint,
      keys: phone.receiver.keys,
    });
    expect(again.status).toBe(201);
    const rows = await subscriptionsOf(tuner.user._id);
    expect(rows.map((r) => r.endpoint).sort()).toEqual([phone.endpoint, laptop.endpoint].sort());
    expect(rows.find((r) => r.endpoint === phone.endpoint)).toMatchObject({
      p256dh: phone.receiver.keys.p256dh,
      auth: phone.receiver.keys.auth,
      lastSuccessAt: null,
    });
  });

  it('keeps at most MAX_DEVICES_PER_USER per person, dropping the oldest', async () => {
    const tuner = await verifiedUser(server);
    const endpoints: string[] = [];
    for (let i = 0; i <= MAX_DEVICES_PER_USER; i++)
      endpoints.push((await subscribeDevice(tuner.client, push, nextPath())).endpoint);
    const kept = (await subscriptionsOf(tuner.user._id)).map((r) => r.endpoint);
    expect(kept).toHaveLength(MAX_DEVICES_PER_USER);
    expect(kept).not.toContain(endpoints[0]);
    expect(kept).toContain(endpoints.at(-1));
  });

  it('refuses a push service at an address of the server’s own network', async () => {
    const tuner = await verifiedUser(server);
    const { receiver } = await subscribeDevice(tuner.client, push, nextPath());
    for (const endpoint of ['https://10.0.0.5/x', 'https://169.254.169.254/latest', 'https://intranet/x']) {
      const res = await tuner.client.post('/api/notifications/subscription', {
        endpoint,
        keys: receiver.keys,
      });
      expect(res.status, endpoint).toBe(400);
    }
  });

  it('refuses an endpoint that is neither https nor this machine', async () => {
    const tuner = await verifiedUser(server);
    const { receiver } = await subscribeDevice(tuner.client, push, nextPath());
    const res = await tuner.client.post('/api/notifications/subscription', {
      endpoint: 'http://push.example.com/x',
      keys: receiver.keys,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.path).toBe('endpoint');
  });

  it('are not moved to another account by someone who only knows the endpoint (409)', async () => {
    const [tuner, thief] = await Promise.all([verifiedUser(server), verifiedUser(server)]);
    const phone = await subscribeDevice(tuner.client, push, nextPath());
    const stolen = await thief.client.post('/api/notifications/subscription', {
      endpoint: phone.endpoint,
      keys: newPushReceiver().keys,
    });
    expect(stolen.status, stolen.text).toBe(409);
    expect(stolen.body.success).toBe(false);
    expect(await subscriptionsOf(thief.user._id)).toHaveLength(0);
    const [kept] = await subscriptionsOf(tuner.user._id);
    expect(kept).toMatchObject({ endpoint: phone.endpoint, p256dh: phone.receiver.keys.p256dh });

    // Half the keys is not the keys.
    const half = await thief.client.post('/api/notifications/subscription', {
      endpoint: phone.endpoint,
      keys: { ...newPushReceiver().keys, p256dh: phone.receiver.keys.p256dh },
    });
    expect(half.status).toBe(409);
    expect(await subscriptionsOf(tuner.user._id)).toHaveLength(1);
  });

  it('move to the account that signs in on the same browser (same endpoint and keys)', async () => {
    const [first, second] = await Promise.all([verifiedUser(server), verifiedUser(server)]);
    const browser = await subscribeDevice(first.client, push, nextPath());
    const again = await second.client.post('/api/notifications/subscription', {
      endpoint: browser.endpoint,
      keys: browser.receiver.keys,
    });
    expect(again.status, again.text).toBe(201);
    expect(await subscriptionsOf(first.user._id)).toHaveLength(0);
    expect((await subscriptionsOf(second.user._id)).map((r) => r.endpoint)).toEqual([browser.endpoint]);
  });

  it('can be removed by their owner only', async () => {
    const [tuner, other] = await Promise.all([verifiedUser(server), verifiedUser(server)]);
    const { endpoint } = await subscribeDevice(tuner.client, push, nextPath());
    const refused = await other.client.request('DELETE', '/api/notifications/subscription', {
      json: { endpoint },
    });
    expect(refused.status).toBe(404);
    expect(await subscriptionsOf(tuner.user._id)).toHaveLength(1);

    const removed = await tuner.client.request('DELETE', '/api/notifications/subscription', {
      json: { endpoint },
    });
    expect(removed.status).toBe(200);
    expect(await subscriptionsOf(tuner.user._id)).toHaveLength(0);
  });
});

describe('a ticket status change', () => {
  it("is written in each device's account language", async () => {
    const [german, arabic] = await Promise.all([verifiedUser(server), verifiedUser(server)]);
    await german.client.put('/api/auth/locale', { locale: 'de' });
    await arabic.client.put('/api/auth/locale', { locale: 'ar' });
    const deDevice = await subscribeDevice(german.client, push, nextPath());
    const arDevice = await subscribeDevice(arabic.client, push, nextPath());
    const { ticket: deTicket } = await submitTicket(german.client);
    const { ticket: arTicket } = await submitTicket(arabic.client);
    await setStatus(admin.client, deTicket._id, 'Unlocked');
    await setStatus(admin.client, arTicket._id, 'Failed');
    await jobsSettled(server.deps.jobs);

    const read = (device: typeof deDevice) =>
      JSON.parse(decryptPush(device.receiver, push.to(device.path)[0]!.body)) as PushMessage;
    expect(read(deDevice)).toMatchObject({
      title: `Ticket ${deTicket.ticketNumber}: Ihre getunte Datei ist bereit`,
      body: 'Ihre getunte Datei ist freigeschaltet. Öffnen Sie das Ticket, um sie herunterzuladen.',
    });
    expect(read(arDevice)).toMatchObject({
      title: `الطلب ${arTicket.ticketNumber}: لم نتمكن من إكمال ملفك`,
      url: `/ticket-details/${arTicket.ticketNumber}`,
    });
  });

  it('sends one encrypted message to the owner, which their keys decrypt', async () => {
    const [tuner, other] = await Promise.all([verifiedUser(server), verifiedUser(server)]);
    const mine = await subscribeDevice(tuner.client, push, nextPath());
    const theirs = await subscribeDevice(other.client, push, nextPath());
    const { ticket } = await submitTicket(tuner.client);

    await setStatus(admin.client, ticket._id, 'Unlocked');
    await jobsSettled(server.deps.jobs);

    const [delivery, ...more] = push.to(mine.path);
    expect(more).toHaveLength(0);
    expect(delivery!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(delivery!.headers.ttl)).toBeGreaterThan(0);
    const vapid = verifyVapid(delivery!.headers, server.deps.notifications.publicKey!);
    expect(vapid).toMatchObject({ valid: true, key: server.deps.notifications.publicKey, aud: push.url });
    expect(vapid.sub).toMatch(/^mailto:/);

    const message = JSON.parse(decryptPush(mine.receiver, delivery!.body)) as PushMessage;
    expect(message).toEqual({
      title: `Ticket ${ticket.ticketNumber}: your tuned file is ready`,
      body: expect.stringContaining('download'),
      url: `/ticket-details/${ticket.ticketNumber}`,
      tag: `ticket-${ticket.ticketNumber}-status`,
    });
    // Nobody else is told, and the subscription remembers that it worked.
    expect(push.to(theirs.path)).toHaveLength(0);
    const [row] = await subscriptionsOf(tuner.user._id);
    expect(row!.lastSuccessAt).toBeInstanceOf(Date);

    // The same status again changes nothing and sends nothing.
    await setStatus(admin.client, ticket._id, 'Unlocked');
    await jobsSettled(server.deps.jobs);
    expect(push.to(mine.path)).toHaveLength(1);
  });

  it('removes a subscription whose push service answers 410, and still reaches the others', async () => {
    const tuner = await verifiedUser(server);
    const live = await subscribeDevice(tuner.client, push, nextPath());
    const gone = await subscribeDevice(tuner.client, push, nextPath('/gone'));
    const { ticket } = await submitTicket(tuner.client);

    await setStatus(admin.client, ticket._id, 'Failed');
    await jobsSettled(server.deps.jobs);

    expect(push.to(gone.path)).toHaveLength(1);
    const rows = await subscriptionsOf(tuner.user._id);
    expect(rows.map((r) => r.endpoint)).toEqual([live.endpoint]);
    const [delivery] = push.to(live.path);
    const message = JSON.parse(decryptPush(live.receiver, delivery!.body)) as PushMessage;
    expect(message.title).toBe(`Ticket ${ticket.ticketNumber}: we could not complete your file`);
  });

  it('sends nothing when the owner turned that choice off', async () => {
    const tuner = await verifiedUser(server);
    const { path } = await subscribeDevice(tuner.client, push, nextPath());
    const before = await tuner.client.get('/api/notifications/preferences');
    expect(before.body.data).toEqual({
      ticketStatus: true,
      supportReplies: true,
      newTickets: true,
      customerMessages: true,
    });
    const choices = { ...before.body.data, ticketStatus: false };
    expect((await tuner.client.put('/api/notifications/preferences', choices)).status).toBe(200);
    expect((await tuner.client.get('/api/notifications/preferences')).body.data).toEqual(choices);
    const { ticket } = await submitTicket(tuner.client);

    await setStatus(admin.client, ticket._id, 'Unlocked');
    await jobsSettled(server.deps.jobs);
    expect(push.to(path)).toHaveLength(0);
  });
});

describe('pushes on the job queue', () => {
  /** The push jobs of one person's devices. */
  const pushJobsOf = (userId: string) =>
    server.deps.jobs.boss.findJobs<{ key: string; validUntil?: string; payload: PushJob }>(pushQueue.name, {
      data: { about: { userId } },
    });

  it('are queued with the change that commits them, and not with one that rolls back', async () => {
    const tuner = await verifiedUser(server);
    const phone = await subscribeDevice(tuner.client, push, nextPath());
    const event = {
      kind: 'ticketStatus',
      ownerId: tuner.user._id,
      ticketNumber: 1,
      status: 'Unlocked',
    } as const;
    const kept = `kept-${randomUUID()}`;
    await server.deps.db.transaction((tx) => server.deps.notifications.queue(event, { key: kept, tx }));
    await expect(
      server.deps.db.transaction(async (tx) => {
        await server.deps.notifications.queue(event, { key: `dropped-${randomUUID()}`, tx });
        await tx.execute(sql`select 1`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    await jobsSettled(server.deps.jobs);
    const jobs = await pushJobsOf(tuner.user._id);
    expect(jobs.map((job) => job.data.key)).toEqual([expect.stringMatching(new RegExp(`^push:${kept}:`))]);
    expect(push.acceptedTo(phone.path)).toHaveLength(1);
  });

  it('reach a device once when its push service was down and comes back', async () => {
    const tuner = await verifiedUser(server);
    const phone = await subscribeDevice(tuner.client, push, nextPath());
    const { ticket } = await submitTicket(tuner.client);
    await push.stopListening();
    try {
      await setStatus(admin.client, ticket._id, 'Unlocked');
      // The connection is refused and the push waits for its next try.
      await expect
        .poll(async () => (await pushJobsOf(tuner.user._id))[0]?.retryCount ?? 0, { timeout: 20_000 })
        .toBeGreaterThan(0);
      expect(push.to(phone.path)).toHaveLength(0);
    } finally {
      await push.listenAgain();
    }
    await expect.poll(() => push.to(phone.path).length, { timeout: 20_000 }).toBe(1);
    await jobsSettled(server.deps.jobs);
    expect(push.to(phone.path)).toHaveLength(1);
    const [job, ...more] = await pushJobsOf(tuner.user._id);
    expect(more).toEqual([]);
    expect(job?.state).toBe('completed');
    // It is given up after a day, the time a push service keeps a message itself.
    const validFor = Date.parse(job!.data.validUntil!) - Date.now();
    expect(validFor).toBeGreaterThan(23 * 60 * 60 * 1000);
    expect(validFor).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
    const message = JSON.parse(decryptPush(phone.receiver, push.to(phone.path)[0]!.body)) as PushMessage;
    expect(message.title).toBe(`Ticket ${ticket.ticketNumber}: your tuned file is ready`);
  });

  it('ask a push service that answers 503 again later, and the push arrives once', async () => {
    const tuner = await verifiedUser(server);
    const phone = await subscribeDevice(tuner.client, push, nextPath());
    const { ticket } = await submitTicket(tuner.client);
    push.failWith(503);
    try {
      await setStatus(admin.client, ticket._id, 'Failed');
      await expect.poll(() => push.to(phone.path).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    } finally {
      push.failWith(null);
    }
    await expect.poll(() => push.acceptedTo(phone.path).length, { timeout: 20_000 }).toBe(1);
    await jobsSettled(server.deps.jobs);
    expect(push.acceptedTo(phone.path)).toHaveLength(1);
    expect(push.to(phone.path).every((d) => d.status === 503 || d === push.acceptedTo(phone.path)[0])).toBe(
      true,
    );
    // The subscription stays: a busy push service is not a dropped one.
    expect(await subscriptionsOf(tuner.user._id)).toHaveLength(1);
  });

  it('are sent once per device and event, however often the event is queued', async () => {
    const tuner = await verifiedUser(server);
    const phone = await subscribeDevice(tuner.client, push, nextPath());
    const event = {
      kind: 'ticketStatus',
      ownerId: tuner.user._id,
      ticketNumber: 2,
      status: 'Failed',
    } as const;
    const key = `twice-${randomUUID()}`;
    await server.deps.notifications.queue(event, { key });
    await expect.poll(() => push.to(phone.path).length, { timeout: 20_000 }).toBe(1);
    // Once the first job has finished the queue takes a second one with the same key (while it
    // waits or runs, the 'exclusive' queue refuses it); the delivery record skips it.
    await jobsSettled(server.deps.jobs);
    await server.deps.notifications.queue(event, { key });
    await jobsSettled(server.deps.jobs);
    expect(push.to(phone.path)).toHaveLength(1);
    expect(await pushJobsOf(tuner.user._id)).toHaveLength(2);
  });
});
