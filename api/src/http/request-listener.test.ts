import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountWeb } from '../app/static-web';
import { createLogger } from '../platform/logger';
import { chatBase, chatSetup, upgradeStatus } from '../test/chat-helpers';
import { newClient, verifiedUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import { cookieHeader, createTusUpload, rawRequest } from '../test/ticket-helpers';
import type { AppEnv } from './context';
import { type RequestSettings, withRequestBasics } from './request-listener';
import { securityHeaders } from './security-headers';

type Line = Record<string, unknown>;
const lines: Line[] = [];
const logger = createLogger('info', { output: (line) => lines.push(JSON.parse(line)) });
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ logger });
});
afterAll(async () => {
  await server?.close();
});

/** The access line of the request that answered with this id. */
function accessLine(reqId: string | null): Line | undefined {
  return lines.find((l) => l.msg === 'request' && l.reqId === reqId);
}

describe('request ids and the access log', () => {
  it('passes a proxy’s X-Request-Id through and logs one access line with the user', async () => {
    const tuner = await verifiedUser(server);
    const res = await tuner.client.get('/api/auth/getMe', { headers: { 'X-Request-Id': 'proxy-id-0001' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('proxy-id-0001');
    const line = accessLine('proxy-id-0001');
    expect(line).toMatchObject({
      level: 'info',
      method: 'GET',
      path: '/api/auth/getMe',
      status: 200,
      userId: tuner.user._id,
    });
    expect(typeof line!.ms).toBe('number');
    expect(lines.filter((l) => l.reqId === 'proxy-id-0001' && l.msg === 'request')).toHaveLength(1);
  });

  it('makes an id of its own when none or a malformed one is given', async () => {
    const plain = await newClient(server).get('/api/health');
    const made = plain.headers.get('x-request-id');
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    expect(accessLine(made)).toMatchObject({ path: '/api/health', status: 200 });
    expect(accessLine(made)!.userId).toBeUndefined();

    const forged = await newClient(server).get('/api/health', { headers: { 'X-Request-Id': 'a"b{}' } });
    expect(forged.headers.get('x-request-id')).not.toBe('a"b{}');
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs the path without the query (signed links carry secrets there) and error answers too', async () => {
    const res = await newClient(server).get('/api/files/nope?expires=1&signature=SECRET-SIG');
    const line = accessLine(res.headers.get('x-request-id'));
    expect(line).toMatchObject({ method: 'GET', path: '/api/files/nope', status: res.status });
    expect(JSON.stringify(lines)).not.toContain('SECRET-SIG');
    const missing = await newClient(server).get('/api/no-such-thing');
    expect(missing.status).toBe(404);
    expect(accessLine(missing.headers.get('x-request-id'))).toMatchObject({ status: 404 });
  });
});

describe('the headers every answer carries', () => {
  it('marks a personal answer no-store however its path is spelled', async () => {
    const tuner = await verifiedUser(server);
    // Sent as written (fetch would resolve the dot segments first).
    const res = await rawRequest(server.url, 'GET', '/api/health/../auth/getMe', {
      cookie: cookieHeader(tuner.client),
      'x-forwarded-for': tuner.client.ip,
    });
    expect(res.status).toBe(200);
    expect(res.body).toContain(tuner.user._id);
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it.each([
    ['a public answer', '/api/health', 200],
    ['a refusal', '/api/ecuFile/my-files', 401],
    ['an unknown endpoint', '/api/no-such-thing', 404],
  ])('are on %s, once each', async (_label, path, status) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    // Set once around the app: a value repeated by the app too would read 'DENY, DENY'.
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});

/** What every answer carries whoever answers: the security headers and a request id. */
function expectBasics(headers: Record<string, string | string[] | undefined>) {
  for (const [name, value] of securityHeaders({ stripe: false }))
    expect(headers[name.toLowerCase()], name).toBe(value);
  expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
}

describe('everything the server answers', () => {
  it('a tus upload: the headers around its own, no-store as a personal answer', async () => {
    const tuner = await verifiedUser(server);
    const res = await createTusUpload(tuner.client, 1024);
    expect(res.status).toBe(201);
    expect(res.headers.get('tus-resumable')).toBe('1.0.0');
    expect(res.headers.get('location')).toContain('/api/uploads/');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(accessLine(res.headers.get('x-request-id'))).toMatchObject({ method: 'POST', status: 201 });
  });

  it('the chat: a websocket upgrade to a room opens', async () => {
    const chat = await chatSetup(server);
    const status = await upgradeStatus(`${chatBase(server.url)}/${chat.ticket.ticketNumber}`, {
      cookie: cookieHeader(chat.tuner.client),
      origin: server.url,
    });
    expect(status).toBe(101);
  });

  describe('on a server of its own', () => {
    let dir: string;
    let http: Server;
    let base: string;
    const settings: RequestSettings = { logger, headers: securityHeaders({ stripe: false }) };

    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'ecu-basics-'));
      await mkdir(path.join(dir, 'assets'));
      await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Portal</title>');
      await writeFile(path.join(dir, 'assets/index-abc.js'), 'console.log(1)');
      const web = new Hono<AppEnv>();
      mountWeb(web, dir);
      const hono = getRequestListener(web.fetch);
      const app: RequestListener = (req, res) => {
        if (req.url === '/api/own') {
          res.setHeader('Content-Security-Policy', "default-src 'none'");
          res.writeHead(200, { 'X-Request-Id': 'the-apps-own-id', 'content-type': 'text/plain' });
          res.end('the app');
        } else if (req.url === '/api/own-raw') {
          // Headers as a [name, value, ...] list, as @hono/node-server may pass them.
          res.writeHead(200, ['X-Frame-Options', 'SAMEORIGIN', 'Cache-Control', 'public, max-age=5']);
          res.end('raw');
        } else if (req.url?.startsWith('/api/')) {
          res.end('the app');
        } else {
          void hono(req, res);
        }
      };
      http = createServer(withRequestBasics(app, () => settings));
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((resolve) => http.close(resolve));
      await rm(dir, { recursive: true, force: true });
    });

    it('static files: the headers around their own Cache-Control, which is not no-store', async () => {
      const asset = await rawRequest(base, 'GET', '/assets/index-abc.js');
      expect(asset.status).toBe(200);
      expect(asset.body).toBe('console.log(1)');
      expectBasics(asset.headers);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const shell = await rawRequest(base, 'GET', '/tickets/12');
      expect(shell.body).toContain('<title>Portal</title>');
      expectBasics(shell.headers);
      expect(shell.headers['cache-control']).toBe('no-cache');
    });

    it("an answer's own value of one of the headers wins, and is sent once", async () => {
      const other = await rawRequest(base, 'GET', '/api/other', { 'X-Request-Id': 'proxy-id-0002' });
      expect(other.body).toBe('the app');
      expect(other.headers['x-frame-options']).toBe('DENY');
      expect(other.headers['cache-control']).toBe('private, no-store');
      expect(other.headers['x-request-id']).toBe('proxy-id-0002');
      const own = await rawRequest(base, 'GET', '/api/own');
      expect(own.headers['content-security-policy']).toBe("default-src 'none'");
      expect(own.headers['x-request-id']).toBe('the-apps-own-id');
      expect(own.headers['x-frame-options']).toBe('DENY');
      expect(own.headers['content-type']).toBe('text/plain');
      const raw = await rawRequest(base, 'GET', '/api/own-raw');
      // Once each: a header sent twice would read "DENY, SAMEORIGIN".
      expect(raw.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(raw.headers['cache-control']).toBe('public, max-age=5');
      expect(raw.headers['x-content-type-options']).toBe('nosniff');
    });
  });
});
