import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../db/schema';
import { adminUser, type TestUser, verifiedUser } from '../test/factories';
import { decryptPush, newPushReceiver } from '../test/push-decrypt';
import { startTestServer, type TestServer } from '../test/test-server';
import { setStatus, submitTicket } from '../test/ticket-helpers';
import type { PushMessage } from './messages';
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
  it('sends one encrypted message to the owner, which their keys decrypt', async () => {
    const [tuner, other] = await Promise.all([verifiedUser(server), verifiedUser(server)]);
    const mine = await subscribeDevice(tuner.client, push, nextPath());
    const theirs = await subscribeDevice(other.client, push, nextPath());
    const { ticket } = await submitTicket(tuner.client);

    await setStatus(admin.client, ticket._id, 'Unlocked');
    await server.deps.notifications.idle();

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
    await server.deps.notifications.idle();
    expect(push.to(mine.path)).toHaveLength(1);
  });

  it('removes a subscription whose push service answers 410, and still reaches the others', async () => {
    const tuner = await verifiedUser(server);
    const live = await subscribeDevice(tuner.client, push, nextPath());
    const gone = await subscribeDevice(tuner.client, push, nextPath('/gone'));
    const { ticket } = await submitTicket(tuner.client);

    await setStatus(admin.client, ticket._id, 'Failed');
    await server.deps.notifications.idle();

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
    await server.deps.notifications.idle();
    expect(push.to(path)).toHaveLength(0);
  });
});
