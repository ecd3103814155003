import { ERROR_CODE_STATUS, isErrorCode } from '@ecu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from '../app/app';
import {
  adminUser,
  newClient,
  PASSWORD,
  PROFILE,
  signUpUser,
  uniqueEmail,
  verifiedUser,
} from '../test/factories';
import type { ApiClient, ApiResponse } from '../test/http-client';
import { startTestServer, type TestServer } from '../test/test-server';

/**
 * Whatever a client sends, the API answers with the failure envelope and a 4xx, never a 500
 * (a 500 also logs console.error, which fails the test on its own).
 */
let server: TestServer;
let notOnboarded: ApiClient;
let verified: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  notOnboarded = (await signUpUser(server)).client;
  verified = (await verifiedUser(server)).client;
  admin = (await adminUser(server)).client;
});
afterAll(async () => {
  await server?.close();
});

interface Endpoint {
  method: 'POST' | 'PUT';
  path: string;
  /** Who calls it: the gates run before the body is read. */
  as: () => ApiClient;
  /** A payload that passes validation, for the size tests. */
  valid: () => Record<string, unknown>;
}

const PROFILE_ENDPOINTS: Endpoint[] = [
  { method: 'POST', path: '/api/auth/onboarding', as: () => notOnboarded, valid: () => ({ ...PROFILE }) },
  { method: 'PUT', path: '/api/auth/updateProfile', as: () => verified, valid: () => ({ ...PROFILE }) },
];

const signedOut = () => newClient(server);

/** Every endpoint that reads a JSON body. */
const BODY_ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    path: '/api/auth/signup',
    as: signedOut,
    valid: () => ({ email: uniqueEmail(), password: PASSWORD, confirmPassword: PASSWORD }),
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    as: signedOut,
    valid: () => ({ email: uniqueEmail(), password: PASSWORD }),
  },
  ...PROFILE_ENDPOINTS,
  {
    method: 'POST',
    path: '/api/auth/signup-verify',
    as: signedOut,
    valid: () => ({ token: 'abc', email: uniqueEmail() }),
  },
  {
    method: 'POST',
    path: '/api/auth/signup-verify-resend',
    as: signedOut,
    valid: () => ({ email: uniqueEmail() }),
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset/request',
    as: signedOut,
    valid: () => ({ email: uniqueEmail() }),
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    as: signedOut,
    valid: () => ({ email: uniqueEmail(), otp: '123456', password: PASSWORD, confirmPassword: PASSWORD }),
  },
  { method: 'POST', path: '/api/admin/disableUser', as: () => admin, valid: () => ({ userId: 'nobody' }) },
  { method: 'POST', path: '/api/admin/activeUser', as: () => admin, valid: () => ({ userId: 'nobody' }) },
];

/** Every state-changing endpoint, including the one that reads no body. */
const WRITE_ENDPOINTS: Endpoint[] = [
  ...BODY_ENDPOINTS,
  { method: 'POST', path: '/api/auth/logout', as: signedOut, valid: () => ({}) },
];

function expectFailure(res: ApiResponse<unknown>, status: number) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/json');
  expect(Object.keys(res.body).sort()).toEqual(['code', 'errors', 'message', 'success']);
  // The code is one of ours, of the answer's own status.
  const code = (res.body as { code?: string }).code;
  expect(isErrorCode(code) && ERROR_CODE_STATUS[code]).toBe(status);
  expect(res.body.success).toBe(false);
  expect(typeof res.body.message).toBe('string');
  expect(res.body.message.length).toBeGreaterThan(0);
  expect(Array.isArray(res.body.errors)).toBe(true);
}

function raw(endpoint: Endpoint, body: RequestInit['body'], headers: Record<string, string> = {}) {
  return endpoint.as().request(endpoint.method, endpoint.path, {
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

const label = (e: Endpoint) => `${e.method} ${e.path}`;
const bodyRows = BODY_ENDPOINTS.map((e) => [label(e), e] as const);
const writeRows = WRITE_ENDPOINTS.map((e) => [label(e), e] as const);

describe.each(bodyRows)('%s', (_label, endpoint) => {
  it('refuses invalid JSON', async () => {
    const res = await raw(endpoint, '{"email": "a@b.c",');
    expectFailure(res, 400);
    expect(res.body.message).toBe('The request body is not valid JSON');
  });

  it.each([
    ['an array', '[{"email":"a@b.c"}]'],
    ['null', 'null'],
    ['a string', '"hello"'],
    ['a number', '42'],
  ])('refuses %s as the body', async (_what, body) => {
    const res = await raw(endpoint, body);
    expectFailure(res, 400);
    expect(res.body.message).toBe('The request body must be a JSON object');
  });

  it('refuses wrong types in every field', async () => {
    const wrong = Object.fromEntries(Object.keys(endpoint.valid()).map((k) => [k, { nested: [1, 2, 3] }]));
    const res = await raw(endpoint, JSON.stringify(wrong));
    expectFailure(res, 400);
    expect(res.body.errors!.length).toBeGreaterThan(0);
    for (const field of Object.keys(wrong)) {
      expect(res.body.errors!.map((e) => e.path)).toContain(field);
    }
  });

  it('names the missing fields of an empty object and of an empty body', async () => {
    const fields = Object.keys(endpoint.valid());
    for (const body of ['{}', '']) {
      const res = await raw(endpoint, body);
      expectFailure(res, 400);
      const paths = res.body.errors!.map((e) => e.path);
      for (const field of fields) expect(paths, `body ${JSON.stringify(body)}`).toContain(field);
    }
  });

  it('refuses a NUL character in any field with a 400 that names it (PostgreSQL text cannot hold one)', async () => {
    for (const field of Object.keys(endpoint.valid())) {
      const body = { ...endpoint.valid() } as Record<string, unknown>;
      body[field] = `${String(body[field])}\u0000`;
      const res = await raw(endpoint, JSON.stringify(body));
      expectFailure(res, 400);
      expect(res.body.message, field).toBe('Text must not contain NUL characters');
      expect(res.body.errors).toEqual([{ path: field, message: 'Text must not contain NUL characters' }]);
    }
  });

  it('answers a body nested 5,000 deep with a 400, not a stack overflow', async () => {
    const deep = `{"x":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const res = await raw(endpoint, deep);
    expectFailure(res, 400);
  });

  it('refuses huge strings in every field', async () => {
    const huge = Object.fromEntries(Object.keys(endpoint.valid()).map((k) => [k, 'x'.repeat(100_000)]));
    const res = await raw(endpoint, JSON.stringify(huge));
    expectFailure(res, 400);
  });

  it('refuses a body over 1 MB sent in chunks without Content-Length (413)', async () => {
    const chunk = new TextEncoder().encode(`{"padding":"${'x'.repeat(64 * 1024)}`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > JSON_BODY_LIMIT + chunk.length) {
          controller.enqueue(new TextEncoder().encode('"}'));
          controller.close();
          return;
        }
        controller.enqueue(chunk);
        sent += chunk.length;
      },
    });
    const res = await raw(endpoint, stream);
    expectFailure(res, 413);
    expect(res.body.message).toBe('The request is too large');
  });
});

describe.each(writeRows)('%s', (_label, endpoint) => {
  it('refuses a body over 1 MB (413) and closes that connection, so the next call is not stuck behind it', async () => {
    const client = endpoint.as();
    const body = JSON.stringify({ ...endpoint.valid(), padding: 'x'.repeat(JSON_BODY_LIMIT) });
    const res = await client.request(endpoint.method, endpoint.path, {
      body,
      headers: { 'content-type': 'application/json' },
    });
    expectFailure(res, 413);
    expect(res.body.message).toBe('The request is too large');
    expect(res.headers.get('connection')).toBe('close');
    // The next call goes out on a fresh connection and is answered (stuck, it would time out).
    expect((await client.get('/api/health')).status).toBe(200);
  });

  it('refuses a call from a foreign Origin (403)', async () => {
    const res = await endpoint.as().request(endpoint.method, endpoint.path, {
      json: endpoint.valid(),
      headers: { origin: 'https://evil.example' },
    });
    expectFailure(res, 403);
    expect(res.body.message).toBe('This request came from another site and was refused');
  });
});

describe('foreign origins', () => {
  it('do not change a profile, and the session still works for the real site', async () => {
    const { client } = await verifiedUser(server);
    const res = await client.put(
      '/api/auth/updateProfile',
      { ...PROFILE, city: 'Forged' },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(res.status).toBe(403);
    const me = await client.get('/api/auth/getMe');
    expect(me.status).toBe(200);
    expect(me.body.data.city).toBe(PROFILE.city);
  });

  it('may still read (GET is not state-changing)', async () => {
    const res = await verified.get('/api/auth/getMe', { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(200);
  });

  it('include the Vite dev server origin as trusted', async () => {
    const res = await newClient(server).post(
      '/api/auth/signup-verify-resend',
      { email: uniqueEmail() },
      { headers: { origin: 'http://localhost:5173' } },
    );
    expect(res.status).toBe(200);
  });
});

describe('a NUL character in a key under an Idempotency-Key', () => {
  it('is refused with a printable path, and the same key replays that answer (not 409)', async () => {
    const headers = { 'content-type': 'application/json', 'idempotency-key': `nul-key-${Date.now()}` };
    const send = () => verified.request('PUT', '/api/auth/updateProfile', { body: '{"\\u0000":1}', headers });
    const first = await send();
    expectFailure(first, 400);
    expect(first.body.errors).toEqual([{ path: '\\u0000', message: 'Text must not contain NUL characters' }]);
    const again = await send();
    expect(again.status).toBe(400);
    expect(again.headers.get('idempotent-replay')).toBe('true');
  });
});

describe('NUL characters in searches', () => {
  it.each([
    '/api/admin/getAllUsers?q=%00',
    '/api/admin/getAllTransactionHistory?q=a%00b',
    '/api/admin/getAllEcuFiles?q=%00',
  ])('GET %s answers 400', async (path) => {
    const res = await admin.get(path);
    expectFailure(res, 400);
    expect(res.body.message).toBe('Text must not contain NUL characters');
  });
});

describe('unknown API paths', () => {
  it.each([
    ['GET', '/api/no-such-thing'],
    ['POST', '/api/no-such-thing'],
    ['GET', '/api/auth/no-such-call'],
    ['PUT', '/api/auth/login'],
    ['DELETE', '/api/sync'],
  ])('%s %s answers 404 with the envelope', async (method, path) => {
    const res = await newClient(server).request(method, path, method === 'GET' ? {} : { json: {} });
    expectFailure(res, 404);
    expect(res.body.message).toBe('No such API endpoint');
  });
});
