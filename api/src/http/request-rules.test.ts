import type { UserDto } from '@ecu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../accounts';
import {
  newClient,
  PASSWORD,
  PROFILE,
  signUpUser,
  type TestUser,
  uniqueEmail,
  uniqueIp,
  verifiedUser,
} from '../test/factories';
import { ApiClient } from '../test/http-client';
import { startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
let verified: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  verified = await verifiedUser(server);
});
afterAll(async () => {
  await server?.close();
});

/** Resend calls from one client address while the left of X-Forwarded-For changes each time. */
async function resendsWithSpoofedHeads(target: TestServer, header: (spoof: string) => string) {
  const [limit] = RATE_LIMITS.resend.ip;
  const answers: number[] = [];
  for (let i = 0; i <= limit; i++) {
    const res = await new ApiClient(target.url, uniqueIp()).post(
      '/api/auth/signup-verify-resend',
      { email: uniqueEmail('nobody') },
      { headers: { 'x-forwarded-for': header(uniqueIp()) } },
    );
    answers.push(res.status);
  }
  return { limit, answers };
}

describe('the client address behind the shipped nginx ($proxy_add_x_forwarded_for appends)', () => {
  it('is the right-most entry with TRUST_PROXY=on: a client-written first entry does not dodge per-IP limits', async () => {
    const client = uniqueIp();
    const { limit, answers } = await resendsWithSpoofedHeads(server, (spoof) => `${spoof}, ${client}`);
    expect(answers.slice(0, limit).every((s) => s === 200)).toBe(true);
    expect(answers[limit]).toBe(429);
  });

  it('is the second entry from the right with TRUST_PROXY=2 (a CDN before nginx)', async () => {
    const twoHops = await startTestServer({ env: { TRUST_PROXY: '2' } });
    try {
      const client = uniqueIp();
      const { limit, answers } = await resendsWithSpoofedHeads(
        twoHops,
        (spoof) => `${spoof}, ${client}, 198.51.100.7`,
      );
      expect(answers.slice(0, limit).every((s) => s === 200)).toBe(true);
      expect(answers[limit]).toBe(429);
      // Another client behind the same CDN node is not affected.
      const other = await newClient(twoHops).post(
        '/api/auth/signup-verify-resend',
        { email: uniqueEmail('nobody') },
        { headers: { 'x-forwarded-for': `${uniqueIp()}, 198.51.100.7` } },
      );
      expect(other.status).toBe(200);
    } finally {
      await twoHops.close();
    }
  });
});

describe('cookie-authenticated state changes', () => {
  it('are refused with Origin: null (a sandboxed frame or a redirect chain), and change nothing', async () => {
    const res = await verified.client.put(
      '/api/auth/updateProfile',
      { ...PROFILE, city: 'Forged' },
      { headers: { origin: 'null' } },
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      success: false,
      message: 'This request came from another site and was refused',
      errors: [],
      code: 'forbidden',
    });
    expect((await verified.client.get<UserDto>('/api/auth/getMe')).body.data.city).toBe(PROFILE.city);
  });

  it.each([
    ['text/plain', JSON.stringify({ ...PROFILE, city: 'Forged' })],
    ['application/x-www-form-urlencoded', 'city=Forged'],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="city"\r\n\r\nForged\r\n--x--',
    ],
  ])('with a JSON body sent as %s are refused with 415, and change nothing', async (type, body) => {
    const res = await verified.client.request('PUT', '/api/auth/updateProfile', {
      body,
      headers: { 'content-type': type },
    });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      success: false,
      message: 'The request body must be JSON',
      errors: [],
      code: 'unsupported_media_type',
    });
    expect((await verified.client.get<UserDto>('/api/auth/getMe')).body.data.city).toBe(PROFILE.city);
  });

  it('with no Content-Type but a body are refused too; with neither they go through', async () => {
    const noType = await verified.client.request('PUT', '/api/auth/updateProfile', {
      body: new Blob([JSON.stringify(PROFILE)]),
    });
    expect(noType.status).toBe(415);
    const { client } = await signUpUser(server);
    const logout = await client.request('POST', '/api/auth/logout');
    expect(logout.status).toBe(200);
  });

  it('with application/json and a charset go through', async () => {
    const res = await verified.client.request('PUT', '/api/auth/updateProfile', {
      body: JSON.stringify(PROFILE),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(res.status).toBe(200);
  });

  it('keep multipart where files are sent: ticket creation is not refused for its Content-Type', async () => {
    const form = new FormData();
    form.set('make', 'BMW');
    const res = await verified.client.request('POST', '/api/ecuFile/create-ecuFile', { body: form });
    expect(res.status).not.toBe(415);
    expect(res.status).toBe(400);
  });
});

describe('personal answers', () => {
  it.each([
    ['the signed-in user', 'GET', '/api/auth/getMe'],
    ['a refusal', 'GET', '/api/admin/users'],
    ['an unknown endpoint', 'GET', '/api/no-such-endpoint'],
  ])('carry Cache-Control: no-store (%s)', async (_label, method, path) => {
    const res = await verified.client.request(method, path);
    expect(res.headers.get('cache-control')).toContain('no-store');
  });

  it('carry no-store on a sign-in that sets the cookie', async () => {
    const { email } = await signUpUser(server);
    const res = await newClient(server).post('/api/auth/login', { email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
  });

  it('leave public answers cacheable as before', async () => {
    const res = await newClient(server).get('/api/public-config');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control') ?? '').not.toContain('no-store');
  });
});

describe('GET /api/auth/core/get-session', () => {
  it('reads the session without handing out its raw token', async () => {
    const { client, email, user } = await signUpUser(server);
    const res = await client.get<never>('/api/auth/core/get-session');
    expect(res.status).toBe(200);
    const body = res.body as unknown as { session: Record<string, unknown>; user: { email: string } };
    expect(body.user.email).toBe(email);
    expect(body.session.userId).toBe(user._id);
    expect(body.session).not.toHaveProperty('token');
    const cookie = [...client.cookies].find(([name]) => name.endsWith('session_token'))![1];
    const token = decodeURIComponent(cookie).split('.')[0]!;
    expect(res.text).not.toContain(token);
    expect(res.headers.get('cache-control')).toContain('no-store');
  });

  it('answers null when signed out', async () => {
    const res = await newClient(server).get('/api/auth/core/get-session');
    expect(res.status).toBe(200);
    expect(res.text).toBe('null');
  });
});

describe('the Content-Security-Policy', () => {
  it("lets the page connect to its own origin only (same-origin websockets are 'self')", async () => {
    const res = await newClient(server).get('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    const connect = csp.split(';').find((d) => d.trim().startsWith('connect-src'));
    expect(connect?.trim()).toBe("connect-src 'self'");
  });
});
