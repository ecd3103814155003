import type { UserDto } from '@ecu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminUser,
  disabledUser,
  newClient,
  onboardedUser,
  PROFILE,
  signUpUser,
  type TestUser,
  verifiedUser,
} from '../test/factories';
import type { ApiClient } from '../test/http-client';
import { startTestServer, type TestServer } from '../test/test-server';

/**
 * Who may call what (docs/product.md#1-roles-and-accounts: signed in -> onboarded -> verified -> not
 * disabled). Each row is one caller on one endpoint, with the status and message the server must answer.
 */
type Caller = 'signed out' | 'not onboarded' | 'unverified' | 'disabled' | 'user' | 'admin';

const SIGNED_OUT = [401, 'Please sign in to continue', 'unauthorized'] as const;
const NOT_ONBOARDED = [403, 'Complete your profile first', 'not_onboarded'] as const;
const NOT_VERIFIED = [403, 'Verify your email address first', 'not_verified'] as const;
const DISABLED = [403, 'Account disabled', 'account_disabled'] as const;
const OK = [200, null, null] as const;

type Expected = readonly [status: number, message: string | null, code: string | null];

interface Endpoint {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
  expected: Record<Caller, Expected>;
}

const ENDPOINTS: Endpoint[] = [
  {
    method: 'GET',
    path: '/api/auth/getMe',
    // A disabled user still reads themself: the client shows the Account Disabled overlay.
    expected: {
      'signed out': SIGNED_OUT,
      'not onboarded': OK,
      unverified: OK,
      disabled: OK,
      user: OK,
      admin: OK,
    },
  },
  {
    method: 'POST',
    path: '/api/auth/onboarding',
    body: PROFILE,
    expected: {
      'signed out': SIGNED_OUT,
      'not onboarded': OK,
      unverified: OK,
      disabled: DISABLED,
      user: OK,
      admin: OK,
    },
  },
  {
    method: 'PUT',
    path: '/api/auth/locale',
    body: { locale: 'en' },
    expected: {
      'signed out': SIGNED_OUT,
      'not onboarded': OK,
      unverified: OK,
      disabled: DISABLED,
      user: OK,
      admin: OK,
    },
  },
  {
    method: 'PUT',
    path: '/api/auth/updateProfile',
    body: PROFILE,
    expected: {
      'signed out': SIGNED_OUT,
      'not onboarded': NOT_ONBOARDED,
      unverified: NOT_VERIFIED,
      disabled: DISABLED,
      user: OK,
      admin: OK,
    },
  },
  {
    method: 'GET',
    path: '/api/sync',
    expected: {
      'signed out': SIGNED_OUT,
      'not onboarded': NOT_ONBOARDED,
      unverified: NOT_VERIFIED,
      disabled: DISABLED,
      user: OK,
      admin: OK,
    },
  },
  {
    method: 'POST',
    path: '/api/auth/logout',
    // Signing out is always allowed, also from the disabled overlay's Sign In button.
    expected: { 'signed out': OK, 'not onboarded': OK, unverified: OK, disabled: OK, user: OK, admin: OK },
  },
];

const CALLERS: Caller[] = ['signed out', 'not onboarded', 'unverified', 'disabled', 'user', 'admin'];

const MAKE: Record<Caller, (server: TestServer) => Promise<TestUser | null>> = {
  'signed out': async () => null,
  'not onboarded': signUpUser,
  unverified: (s) => onboardedUser(s),
  disabled: disabledUser,
  user: (s) => verifiedUser(s),
  // Signs in as the one ADMIN_EMAIL admin: mind the per-e-mail sign-in limit (10 in 10 minutes).
  admin: adminUser,
};

const ROWS = ENDPOINTS.flatMap((endpoint) =>
  CALLERS.map((caller) => ({
    caller,
    endpoint,
    status: endpoint.expected[caller][0],
    message: endpoint.expected[caller][1],
    code: endpoint.expected[caller][2],
  })),
);

let server: TestServer;
/** A caller of its own for every row (made up front, in parallel): no row changes what another sees. */
let callers: Map<(typeof ROWS)[number], TestUser | null>;

beforeAll(async () => {
  server = await startTestServer();
  const made = await Promise.all(ROWS.map((row) => MAKE[row.caller](server)));
  callers = new Map(ROWS.map((row, i) => [row, made[i]!]));
});
afterAll(async () => {
  await server?.close();
});

async function sessionOf(caller: Caller): Promise<{ client: ApiClient; person: TestUser | null }> {
  const person = await MAKE[caller](server);
  return { client: person?.client ?? newClient(server), person };
}

describe('access matrix', () => {
  it.each(ROWS)('$endpoint.method $endpoint.path as $caller -> $status', async (row) => {
    const { endpoint, status, message, code } = row;
    const client = callers.get(row)?.client ?? newClient(server);
    const res = await client.request(
      endpoint.method,
      endpoint.path,
      endpoint.body ? { json: endpoint.body } : {},
    );
    expect(res.status, res.text).toBe(status);
    expect(res.body.success).toBe(status === 200);
    if (message !== null) expect(res.body).toEqual({ success: false, message, errors: [], code });
  });
});

describe('details behind the matrix', () => {
  it('getMe tells a disabled user that the account is disabled', async () => {
    const { client } = await sessionOf('disabled');
    const res = await client.get<UserDto>('/api/auth/getMe');
    expect(res.status).toBe(200);
    expect(res.body.data.disabled).toBe(true);
  });

  it('a disabled user can still sign in', async () => {
    const { person } = await sessionOf('disabled');
    const res = await newClient(server).post<UserDto>('/api/auth/login', {
      email: person!.email,
      password: person!.password,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.disabled).toBe(true);
  });

  it('the admin is an admin', async () => {
    const { client } = await sessionOf('admin');
    const res = await client.get<UserDto>('/api/auth/getMe');
    expect(res.body.data).toMatchObject({ role: 'admin', onBoarded: true, verified: true, disabled: false });
  });

  it('the onboarding row really onboarded its caller', async () => {
    const { client } = await sessionOf('not onboarded');
    expect((await client.post('/api/auth/onboarding', PROFILE)).status).toBe(200);
    expect((await client.put('/api/auth/updateProfile', PROFILE)).body.message).toBe(
      'Verify your email address first',
    );
  });

  it('the sign-out row really ended its session', async () => {
    const { client } = await sessionOf('user');
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect((await client.get('/api/auth/getMe')).status).toBe(401);
  });
});
