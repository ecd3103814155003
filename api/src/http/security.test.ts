import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../accounts';
import { BUILD_INFO } from '../platform/version';
import { allowConsoleErrors } from '../test/console-guard';
import { newClient, PASSWORD, signUpUser, type TestUser, uniqueEmail, uniqueIp } from '../test/factories';
import { ApiClient, parseSetCookie } from '../test/http-client';
import { startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('health', () => {
  it('answers 200 with the database reachable', async () => {
    const res = await newClient(server).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'OK', data: { db: 'ok', ...BUILD_INFO } });
  });

  it("names the root package.json's version and the checkout's commit", () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(BUILD_INFO.version).toBe(version);
    const head = () => execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    expect(BUILD_INFO.commit).toBe(process.env.GIT_COMMIT || head());
  });
});

describe('health with the database gone', () => {
  it('answers 503 and logs why', async () => {
    const broken = await startTestServer();
    try {
      const logged = allowConsoleErrors();
      await broken.database.close();
      const res = await newClient(broken).get('/api/health');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        success: false,
        message: 'Database unreachable',
        errors: [],
        code: 'unavailable',
      });
      expect(logged.some((line) => line.includes('Health check: database unreachable'))).toBe(true);
    } finally {
      // PGlite refuses a second close; that one is expected here.
      await broken.close().catch((err: Error) => {
        if (!/closed/i.test(err.message)) throw err;
      });
    }
  });
});

describe('security headers', () => {
  it.each([
    ['a successful API answer', '/api/health'],
    ['an error answer', '/api/no-such-endpoint'],
    ['a signed-out answer', '/api/auth/getMe'],
  ])('are on %s', async (_label, path) => {
    const res = await newClient(server).get(path);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});

describe('session cookie', () => {
  it('is HttpOnly and SameSite=Lax, and its token is not in the body', async () => {
    const { email, password } = await signUpUser(server);
    const client = newClient(server);
    const res = await client.post('/api/auth/login', { email, password });
    expect(res.status).toBe(200);
    const session = res.setCookies.map(parseSetCookie).find((c) => c.name.endsWith('session_token'));
    expect(session, `Set-Cookie: ${res.setCookies.join(' | ')}`).toBeDefined();
    expect(session!.attributes.has('httponly')).toBe(true);
    expect(session!.attributes.get('samesite')?.toLowerCase()).toBe('lax');
    expect(session!.attributes.get('path')).toBe('/');
    expect(res.text).not.toContain(session!.value.split('.')[0]);
  });

  it('from sign-up is HttpOnly and SameSite=Lax too', async () => {
    const client = newClient(server);
    const res = await client.post('/api/auth/signup', {
      email: uniqueEmail(),
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(res.status).toBe(201);
    const session = res.setCookies.map(parseSetCookie).find((c) => c.name.endsWith('session_token'));
    expect(session?.attributes.has('httponly')).toBe(true);
    expect(session?.attributes.get('samesite')?.toLowerCase()).toBe('lax');
  });
});

describe('client IP for rate limits', () => {
  it('ignores X-Forwarded-For when TRUST_PROXY is off, so a spoofed header cannot dodge per-IP limits', async () => {
    const direct = await startTestServer({ env: { TRUST_PROXY: 'off' } });
    try {
      const [ipLimit] = RATE_LIMITS.resend.ip;
      const answers: number[] = [];
      for (let i = 0; i <= ipLimit; i++) {
        // A new "IP" every time; with TRUST_PROXY off they are all the socket's 127.0.0.1.
        const client = new ApiClient(direct.url, uniqueIp());
        answers.push(
          (await client.post('/api/auth/signup-verify-resend', { email: uniqueEmail('nobody') })).status,
        );
      }
      expect(answers.slice(0, ipLimit).every((s) => s === 200)).toBe(true);
      expect(answers[ipLimit]).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

describe('X-Forwarded-For behind a trusted proxy', () => {
  it.each([
    ['8 KB of junk', 'x'.repeat(8 * 1024)],
    ['a name, not an address', 'evil.example'],
    ['an empty first entry', ', 203.0.113.9'],
  ])(
    'is ignored when its first entry is %s: the socket address counts, never a 500',
    async (_what, header) => {
      const res = await newClient(server).post(
        '/api/auth/signup-verify-resend',
        { email: uniqueEmail('nobody') },
        { headers: { 'x-forwarded-for': header } },
      );
      expect(res.status, res.text).toBe(200);
    },
  );
});

describe("better-auth's own endpoints", () => {
  // One signed-in caller for the table below: every row is refused, so none changes it.
  let someone: TestUser;
  beforeAll(async () => {
    someone = await signUpUser(server);
  });

  it.each([
    ['/api/auth/core/sign-in/email', { password: 'wrong-password' }],
    ['/api/auth/core/sign-up/email', { password: PASSWORD, name: '' }],
    ['/api/auth/core/email-otp/send-verification-otp', { type: 'sign-in' }],
    ['/api/auth/core/sign-in/email-otp', { otp: '123456' }],
    ['/api/auth/core/email-otp/reset-password', { otp: '123456', password: PASSWORD }],
    ['/api/auth/core/request-password-reset', {}],
    ['/api/auth/core/change-password', { currentPassword: PASSWORD, newPassword: 'another-password' }],
  ])('POST %s is not served: it would skip the rate limits and rules of /api/auth/*', async (path, body) => {
    const { client, email } = someone;
    const res = await client.post(path, { email, ...body });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      success: false,
      message: 'No such API endpoint',
      errors: [],
      code: 'not_found',
    });
  });

  it('so a guesser who hit the sign-in limit cannot go on guessing there', async () => {
    const { email, password } = await signUpUser(server);
    const [limit] = RATE_LIMITS.signin.email;
    for (let i = 0; i <= limit; i++) {
      await newClient(server).post('/api/auth/login', { email, password: 'wrong-password' });
    }
    expect((await newClient(server).post('/api/auth/login', { email, password })).status).toBe(429);
    const guesser = newClient(server);
    const res = await guesser.post('/api/auth/core/sign-in/email', { email, password });
    expect(res.status).toBe(404);
    expect(guesser.signedIn).toBe(false);
  });

  it('GET /api/auth/core/get-session reads the session', async () => {
    const { client, email } = await signUpUser(server);
    const res = await client.get<never>('/api/auth/core/get-session');
    expect(res.status).toBe(200);
    expect((res.body as unknown as { user: { email: string } }).user.email).toBe(email);
    const signedOut = await newClient(server).get('/api/auth/core/get-session');
    expect(signedOut.text).toBe('null');
  });
});
