import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, newClient, type TestUser, verifiedUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import { cookieHeader, rawRequest, submitTicket } from '../test/ticket-helpers';
import { type EdgeSettings, serverWithEdge, withEdge } from './edge';
import { type HotRoute, hotLane } from './hot-lane';
import { securityHeaders } from './security-headers';

// The request edge answers the hot GETs itself (api/src/http/hot-lane.ts); the Hono app
// mounts the same routes. Whichever answers, the caller must see the same thing.

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

/** The same GET through the edge (real HTTP) and through Hono alone (app.request). */
async function bothWays(path: string, cookie: string | undefined, headers: Record<string, string> = {}) {
  const sent = { ...headers, ...(cookie ? { cookie } : {}) };
  const edge = await rawRequest(server.url, 'GET', path, sent);
  const hono = await server.app.request(path, { headers: sent });
  return {
    edge: { status: edge.status, type: edge.headers['content-type'], body: JSON.parse(edge.body) },
    hono: { status: hono.status, type: hono.headers.get('content-type'), body: await hono.json() },
    headers: edge.headers,
  };
}

const PATHS = ['/api/ecuFile/my-files', '/api/admin/getAllEcuFiles?limit=1', '/api/sync', '/api/health'];

describe('the hot lane', () => {
  it.each([
    ['a customer', '/api/ecuFile/my-files', 200],
    ['a customer', '/api/admin/getAllEcuFiles?limit=1', 403],
    ['an admin', '/api/ecuFile/my-files', 403],
    ['an admin', '/api/admin/getAllEcuFiles?limit=1', 200],
    ['a customer', '/api/sync', 200],
    ['a customer', '/api/ecuFile/my-files?limit=0', 400],
    ['a customer', '/api/sync?cursor=not-a-cursor', 400],
  ])('answers %s on %s exactly as the app does (%i)', async (who, path, status) => {
    const caller = who === 'an admin' ? admin : customer;
    const { edge, hono } = await bothWays(path, cookieHeader(caller.client));
    expect(edge.status).toBe(status);
    expect(edge).toEqual(hono);
  });

  it.each(PATHS.slice(0, 3))('refuses %s without a session, with the envelope and its code', async (path) => {
    const { edge, hono } = await bothWays(path, undefined);
    expect(edge.status).toBe(401);
    expect(edge.body).toMatchObject({ success: false, code: 'unauthorized' });
    expect(edge).toEqual(hono);
  });

  it('keeps the edge headers on its answers: security headers, a request id, no-store on personal data', async () => {
    const { headers } = await bothWays('/api/ecuFile/my-files', cookieHeader(customer.client));
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    expect(headers['cache-control']).toBe('private, no-store');
    const health = await bothWays('/api/health', undefined);
    expect(health.edge).toEqual(health.hono);
    expect(health.headers['cache-control']).not.toBe('private, no-store');
  });

  it('takes the first of a repeated query parameter, as the app does', async () => {
    const { edge, hono } = await bothWays(
      '/api/ecuFile/my-files?limit=1&limit=50',
      cookieHeader(customer.client),
    );
    expect(edge.body.data).toHaveLength(1);
    expect(edge).toEqual(hono);
  });

  it('leaves a GET that carries a body to the app, which answers it as any GET', async () => {
    const cookie = cookieHeader(customer.client);
    const withBody = await rawRequest(
      server.url,
      'GET',
      '/api/ecuFile/my-files',
      { cookie, 'content-type': 'application/json' },
      new TextEncoder().encode('{}'),
    );
    expect(withBody.status).toBe(200);
    expect(JSON.parse(withBody.body).data).toHaveLength(2);
  });

  it('counts a disabled account on the very next request', async () => {
    const tuner = await verifiedUser(server);
    const before = await rawRequest(server.url, 'GET', '/api/ecuFile/my-files', {
      cookie: cookieHeader(tuner.client),
    });
    expect(before.status).toBe(200);
    const disabled = await admin.client.post('/api/admin/disableUser', { userId: tuner.user._id });
    expect(disabled.status).toBe(200);
    const after = await rawRequest(server.url, 'GET', '/api/ecuFile/my-files', {
      cookie: cookieHeader(tuner.client),
    });
    expect(after.status).toBe(403);
    expect(JSON.parse(after.body)).toMatchObject({ code: 'account_disabled' });
  });

  it('answers HEAD and other methods through the app', async () => {
    const head = await rawRequest(server.url, 'HEAD', '/api/health');
    expect(head.status).toBe(200);
    const post = await newClient(server).post('/api/ecuFile/my-files', {});
    expect(post.status).toBe(404);
  });

  // serverWithEdge writes the edge's headers into the head as lines made once; a plain server
  // with withEdge sets them on each response. Both must send the same headers, once each.
  type MakeServer = (settings: () => EdgeSettings, app: RequestListener) => Server;
  const serverKinds: Array<[string, MakeServer]> = [
    ['a server of serverWithEdge', (settings, app) => serverWithEdge(settings)({}, app)],
    ['a plain server with withEdge', (settings, app) => createServer(withEdge(app, settings))],
  ];

  it.each(serverKinds)(
    "sends the edge's headers and the answer's own on %s, an answer's own value winning",
    async (_kind, make) => {
      const route: HotRoute = {
        path: '/api/ecuFile/my-files',
        gate: 'public',
        handle: async () => ({
          body: '{"ok":true}',
          headers: {
            'Cache-Control': 'public, max-age=5',
            'X-Frame-Options': 'SAMEORIGIN',
            'X-Extra': 'yes',
          },
        }),
      };
      const lane = hotLane(server.deps, async () => ({ user: null, setCookies: [] }), [route]);
      // One settings object, as the app has: the edge makes its lines once per headers list.
      const edge = { logger: server.deps.logger, headers: securityHeaders({ stripe: false }), hot: lane };
      const settings = () => edge;
      const app: RequestListener = (req, res) => {
        if (req.url === '/api/own') {
          res.setHeader('Content-Security-Policy', "default-src 'none'");
          res.writeHead(200, { 'X-Request-Id': 'the-apps-own-id', 'content-type': 'text/plain' });
        }
        res.end('the app');
      };
      const http = make(settings, app);
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
        const res = await rawRequest(url, 'GET', '/api/ecuFile/my-files');
        expect(res.status).toBe(200);
        expect(res.body).toBe('{"ok":true}');
        // Once each: a header sent twice would read "DENY, SAMEORIGIN".
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['cache-control']).toBe('public, max-age=5');
        expect(res.headers['x-extra']).toBe('yes');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        expect(res.headers['content-type']).toBe('application/json');
        expect(res.headers['content-length']).toBe('11');
        // What the lane does not answer goes to the app, with the edge's headers on its answer.
        const other = await rawRequest(url, 'GET', '/api/other', { 'X-Request-Id': 'proxy-id-0002' });
        expect(other.body).toBe('the app');
        expect(other.headers['x-frame-options']).toBe('DENY');
        expect(other.headers['cache-control']).toBe('private, no-store');
        expect(other.headers['x-request-id']).toBe('proxy-id-0002');
        expect(other.headers['strict-transport-security']).toContain('max-age=');
        for (const [name, value] of securityHeaders({ stripe: false }))
          expect(other.headers[name.toLowerCase()], name).toBe(value);
        // The app's own values, set either way, win over the edge's, which are not sent as well.
        const own = await rawRequest(url, 'GET', '/api/own');
        expect(own.headers['content-security-policy']).toBe("default-src 'none'");
        expect(own.headers['x-request-id']).toBe('the-apps-own-id');
        expect(own.headers['x-frame-options']).toBe('DENY');
        expect(own.headers['content-type']).toBe('text/plain');
      } finally {
        await new Promise((resolve) => http.close(resolve));
      }
    },
  );
});
