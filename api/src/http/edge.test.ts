import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../platform/logger';
import { newClient, verifiedUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import { cookieHeader, rawRequest } from '../test/ticket-helpers';

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
    // Set once at the edge: a value repeated by the app too would read 'DENY, DENY'.
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});
