import type { LookupAddress } from 'node:dns';
import { createServer, isIP, type Server } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../db/schema';
import { adminUser, type TestUser, verifiedUser } from '../test/factories';
import { jobsSettled } from '../test/jobs-settled';
import { newPushReceiver } from '../test/push-decrypt';
import { recordingLogger } from '../test/recording-logger';
import { startTestServer, type TestServer } from '../test/test-server';
import { setStatus, submitTicket } from '../test/ticket-helpers';
import { EndpointRefused, isPublicAddress, publicAddressesOf, systemResolveHost } from './endpoint-address';
import { pushQueue } from './send';

/** Names under .example (reserved, RFC 2606): this resolver answers them, nothing else does. */
const answers = new Map<string, string[]>();
const asked: string[] = [];
async function resolveHost(host: string): Promise<LookupAddress[]> {
  asked.push(host);
  const found = answers.get(host);
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: isIP(address) }));
}

const PUBLIC_V4 = '93.184.216.34';
const PUBLIC_V6 = '2606:2800:220:1:248:1893:25c8:1946';

const PRIVATE = [
  ['loopback', '127.0.0.1'],
  ['loopback, elsewhere in 127/8', '127.10.0.3'],
  ['private 10/8', '10.1.2.3'],
  ['private 172.16/12', '172.31.255.1'],
  ['private 192.168/16', '192.168.1.1'],
  ['link-local (cloud metadata)', '169.254.169.254'],
  ['carrier-grade NAT', '100.64.0.1'],
  ['unspecified', '0.0.0.0'],
  ['multicast', '224.0.0.251'],
  ['broadcast', '255.255.255.255'],
  ['IPv6 loopback', '::1'],
  ['IPv6 unspecified', '::'],
  ['IPv6 link-local', 'fe80::1'],
  ['IPv6 unique-local', 'fd12:3456::1'],
  ['IPv6 multicast', 'ff02::1'],
  ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
  ['IPv4-mapped private', '::ffff:10.0.0.1'],
  ['IPv4-mapped link-local, hex', '::ffff:a9fe:a9fe'],
  ['NAT64 of a private address', '64:ff9b::a00:1'],
  ['6to4 of loopback', '2002:7f00:1::1'],
] as const;

describe('isPublicAddress', () => {
  it.each(PRIVATE)('refuses %s (%s)', (_, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ['a public IPv4 address', PUBLIC_V4],
    ['a public IPv6 address', PUBLIC_V6],
    ['NAT64 of a public address (DNS64 on an IPv6-only network)', '64:ff9b::5db8:d822'],
    ['100.63.255.255, just below carrier-grade NAT', '100.63.255.255'],
    ['172.32.0.1, just past 172.16/12', '172.32.0.1'],
  ])('takes %s', (_, address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses what is not an address', () => {
    expect(isPublicAddress('push.example')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
  });
});

describe('publicAddressesOf with the system resolver', () => {
  it('refuses localhost, which resolves to loopback', async () => {
    await expect(publicAddressesOf('localhost', systemResolveHost)).rejects.toThrow(EndpointRefused);
    await expect(publicAddressesOf('localhost', systemResolveHost)).rejects.toThrow(/private network/);
  });
});

describe('a push endpoint', () => {
  let server: TestServer;
  let admin: TestUser;
  let tuner: TestUser;
  const logger = recordingLogger();
  let n = 0;
  /** A fresh host name that resolves to `addresses`. */
  const hostFor = (...addresses: string[]) => {
    const host = `device-${++n}.push.example`;
    answers.set(host, addresses);
    return host;
  };
  const subscribe = (endpoint: string) =>
    tuner.client.post('/api/notifications/subscription', { endpoint, keys: newPushReceiver().keys });
  const rowsOf = (userId: string) =>
    server.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

  beforeAll(async () => {
    server = await startTestServer({ resolveHost, logger });
    [admin, tuner] = await Promise.all([adminUser(server), verifiedUser(server)]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(PRIVATE)(
    'whose host resolves to %s (%s) is refused with 400, and not stored',
    async (_, address) => {
      const res = await subscribe(`https://${hostFor(address)}/send/x`);
      expect(res.status, res.text).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.errors?.[0]?.path).toBe('endpoint');
      expect(res.body.message).toMatch(/private network/);
      expect(await rowsOf(tuner.user._id)).toHaveLength(0);
    },
  );

  it('is refused when any one of its addresses is private', async () => {
    const res = await subscribe(`https://${hostFor(PUBLIC_V4, '10.0.0.7')}/send/x`);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.path).toBe('endpoint');
  });

  it('is refused when its host does not resolve', async () => {
    const res = await subscribe('https://nowhere.push.example/send/x');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/does not resolve/);
  });

  it('is taken when every address is public', async () => {
    const host = hostFor(PUBLIC_V4, PUBLIC_V6);
    const res = await subscribe(`https://${host}/send/x`);
    expect(res.status, res.text).toBe(201);
    expect(asked).toContain(host);
    expect((await rowsOf(tuner.user._id)).map((r) => r.endpoint)).toContain(`https://${host}/send/x`);
  });

  it('is checked again at each send: a host that turned private is not connected to', async () => {
    // A TCP listener on loopback counts connections: the rebound name points at it.
    let connections = 0;
    const trap: Server = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
    const { port } = trap.address() as { port: number };
    try {
      const owner = await verifiedUser(server);
      const host = hostFor(PUBLIC_V4);
      const subscribed = await owner.client.post('/api/notifications/subscription', {
        endpoint: `https://${host}:${port}/send/rebound`,
        keys: newPushReceiver().keys,
      });
      expect(subscribed.status, subscribed.text).toBe(201);

      answers.set(host, ['127.0.0.1']); // DNS rebinding: the name now points inside
      const before = asked.length;
      const { ticket } = await submitTicket(owner.client);
      await setStatus(admin.client, ticket._id, 'Unlocked');
      await jobsSettled(server.deps.jobs);

      expect(asked.slice(before)).toContain(host);
      expect(connections).toBe(0);
      expect(logger.lines.some((l) => l.includes(`Push to ${host}:${port} refused`))).toBe(true);
      // Refused is not gone: the subscription stays for when the name is right again.
      expect(await rowsOf(owner.user._id)).toHaveLength(1);
      // Nor is it asked again: the address check would refuse every retry.
      const jobs = await server.deps.jobs.boss.findJobs(pushQueue.name, {
        data: { about: { userId: owner.user._id } },
      });
      expect(jobs.map((job) => [job.state, job.retryCount])).toEqual([['completed', 0]]);
      expect(asked.slice(before).filter((h) => h === host)).toHaveLength(1);
    } finally {
      await new Promise<void>((resolve) => trap.close(() => resolve()));
    }
  });
});
