import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { adminUser, newClient, type TestUser, verifiedUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import { cookieHeader, type RawAnswer, rawRequest, submitTicket } from '../test/ticket-helpers';

// The GETs called all day (health, My Files, the admin file list, sync) over real HTTP: plain
// Hono routes behind the /api/* middleware (docs/decisions/078-one-request-path.md).

let server: TestServer;
let customer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  customer = await verifiedUser(server);
  admin = await adminUser(server);
  await submitTicket(customer.client);
  await submitTicket(customer.client);
});
afterAll(() => server?.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  rawRequest(server.url, 'GET', path, headers);

/** A JSON answer's envelope, checked to be sent with its type and exact length. */
function jsonOf(res: RawAnswer) {
  expect(res.headers['content-type']).toBe('application/json');
  expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.body)));
  return JSON.parse(res.body);
}

describe('the busiest GETs', () => {
  it.each([
    ['a customer', '/api/ecuFile/my-files', 200, undefined],
    ['a customer', '/api/admin/getAllEcuFiles?limit=1', 403, 'not_admin'],
    ['an admin', '/api/ecuFile/my-files', 403, 'not_customer'],
    ['an admin', '/api/admin/getAllEcuFiles?limit=1', 200, undefined],
    ['a customer', '/api/sync', 200, undefined],
    ['a customer', '/api/ecuFile/my-files?limit=0', 400, 'validation_failed'],
    ['a customer', '/api/sync?cursor=not-a-cursor', 400, 'validation_failed'],
  ])('answer %s on %s with %i and the envelope', async (who, path, status, code) => {
    const caller = who === 'an admin' ? admin : customer;
    const res = await get(path, { cookie: cookieHeader(caller.client) });
    expect(res.status, res.body).toBe(status);
    const body = jsonOf(res);
    expect(body.success).toBe(status === 200);
    if (code) expect(body.code).toBe(code);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each(['/api/ecuFile/my-files', '/api/admin/getAllEcuFiles?limit=1', '/api/sync'])(
    'refuse %s without a session, with the envelope and its code',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(401);
      expect(jsonOf(res)).toMatchObject({ success: false, code: 'unauthorized' });
    },
  );

  it('take the first of a repeated query parameter', async () => {
    const res = await get('/api/ecuFile/my-files?limit=1&limit=50', {
      cookie: cookieHeader(customer.client),
    });
    expect(res.status).toBe(200);
    expect(jsonOf(res).data).toHaveLength(1);
  });

  it('refuse a malformed escape in a read parameter with a 400, and ignore one elsewhere', async () => {
    const cookie = cookieHeader(customer.client);
    const limit = await get('/api/ecuFile/my-files?limit=%zz', { cookie });
    expect(limit.status).toBe(400);
    expect(jsonOf(limit).code).toBe('validation_failed');
    const cursor = await get('/api/sync?cursor=%E0%A4%A', { cookie });
    expect(cursor.status).toBe(400);
    expect(jsonOf(cursor).code).toBe('validation_failed');
    const other = await get('/api/ecuFile/my-files?x=%zz', { cookie });
    expect(other.status).toBe(200);
    expect(jsonOf(other).data).toHaveLength(2);
  });

  it('answer a GET that carries a body as any GET', async () => {
    const withBody = await rawRequest(
      server.url,
      'GET',
      '/api/ecuFile/my-files',
      { cookie: cookieHeader(customer.client), 'content-type': 'application/json' },
      new TextEncoder().encode('{}'),
    );
    expect(withBody.status).toBe(200);
    expect(jsonOf(withBody).data).toHaveLength(2);
  });

  it('pass a renewed session cookie on (sliding expiry)', async () => {
    const tuner = await verifiedUser(server);
    // A session near its end is renewed by the read that finds it.
    await server.deps.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 60 * 60 * 1000) })
      .where(eq(sessions.userId, tuner.user._id));
    const res = await get('/api/ecuFile/my-files', { cookie: cookieHeader(tuner.client) });
    expect(res.status).toBe(200);
    const cookies = [res.headers['set-cookie'] ?? []].flat();
    expect(cookies.some((line) => line.includes('session_token='))).toBe(true);
    const [row] = await server.deps.db.select().from(sessions).where(eq(sessions.userId, tuner.user._id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 24 * 60 * 60 * 1000);
  });

  it('count a disabled account on the very next request', async () => {
    const tuner = await verifiedUser(server);
    expect((await get('/api/ecuFile/my-files', { cookie: cookieHeader(tuner.client) })).status).toBe(200);
    const disabled = await admin.client.post('/api/admin/disableUser', { userId: tuner.user._id });
    expect(disabled.status).toBe(200);
    const after = await get('/api/ecuFile/my-files', { cookie: cookieHeader(tuner.client) });
    expect(after.status).toBe(403);
    expect(jsonOf(after)).toMatchObject({ code: 'account_disabled' });
  });

  it('send a compressed sync page with its length and Vary', async () => {
    const res = await fetch(`${server.url}/api/sync`, {
      headers: { cookie: cookieHeader(customer.client), 'accept-encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    expect(((await res.json()) as { data: { changes: unknown[] } }).data.changes.length).toBeGreaterThan(2);
  });

  it('answer health for everyone, cacheable, to GET and HEAD; other methods are no route', async () => {
    const res = await get('/api/health', { cookie: cookieHeader(customer.client) });
    expect(res.status).toBe(200);
    expect(jsonOf(res)).toMatchObject({ success: true, message: 'OK', data: { db: 'ok' } });
    expect(res.headers['cache-control']).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    const head = await rawRequest(server.url, 'HEAD', '/api/health');
    expect(head.status).toBe(200);
    const post = await newClient(server).post('/api/ecuFile/my-files', {});
    expect(post.status).toBe(404);
  });
});
