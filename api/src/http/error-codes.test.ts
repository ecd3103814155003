import { ERROR_CODE_STATUS } from '@ecu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../accounts';
import { InsufficientCreditsError } from '../credits';
import { CARD_DECLINED, createPayment } from '../test/credits-helpers';
import {
  disabledUser,
  newClient,
  onboardedUser,
  signUpUser,
  type TestUser,
  uniqueEmail,
  verifiedUser,
} from '../test/factories';
import type { ApiResponse } from '../test/http-client';
import { startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
let user: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  user = await verifiedUser(server);
});
afterAll(async () => {
  await server?.close();
});

/** The failure envelope keeps its fields and gains the code, whose status is the answer's. */
function expectCode(res: ApiResponse<unknown>, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.body).toMatchObject({ success: false, code, errors: expect.any(Array) });
  expect(typeof res.body.message).toBe('string');
  expect(ERROR_CODE_STATUS[code as keyof typeof ERROR_CODE_STATUS]).toBe(status);
}

describe('the gates answer a code each', () => {
  it('signed out: 401 unauthorized', async () => {
    expectCode(await newClient(server).get('/api/auth/getMe'), 401, 'unauthorized');
  });

  it('not onboarded: 403 not_onboarded', async () => {
    const fresh = await signUpUser(server);
    expectCode(await fresh.client.get('/api/sync'), 403, 'not_onboarded');
  });

  it('not verified: 403 not_verified', async () => {
    const unverified = await onboardedUser(server);
    expectCode(await unverified.client.get('/api/sync'), 403, 'not_verified');
  });

  it('disabled: 403 account_disabled', async () => {
    const disabled = await disabledUser(server);
    expectCode(await disabled.client.get('/api/sync'), 403, 'account_disabled');
  });

  it('a customer on an admin call: 403 not_admin', async () => {
    expectCode(await user.client.get('/api/admin/getAllUsers'), 403, 'not_admin');
  });

  it('a wrong password is not a lost session: 401 invalid_credentials', async () => {
    const res = await newClient(server).post('/api/auth/login', {
      email: user.email,
      password: 'wrong-password-1',
    });
    expectCode(res, 401, 'invalid_credentials');
  });
});

describe('refusals of the request', () => {
  it('a field that fails its schema: 400 validation_failed, the fields still listed', async () => {
    const res = await user.client.put('/api/auth/updateProfile', { firstName: '' });
    expectCode(res, 400, 'validation_failed');
    expect(res.body.errors?.length).toBeGreaterThan(0);
  });

  it('a body that is not JSON: 400 bad_request', async () => {
    const res = await user.client.request('PUT', '/api/auth/updateProfile', {
      body: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expectCode(res, 400, 'bad_request');
  });

  it('a body that is not declared JSON: 415 unsupported_media_type', async () => {
    const res = await user.client.request('PUT', '/api/auth/updateProfile', {
      body: 'city=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectCode(res, 415, 'unsupported_media_type');
  });

  it('an unknown endpoint and a missing ticket: 404 not_found', async () => {
    expectCode(await user.client.get('/api/no-such-endpoint'), 404, 'not_found');
    expectCode(await user.client.get('/api/ecuFile/getTicketDetails/999999999'), 404, 'not_found');
  });

  it('a declined card: 402 payment_declined', async () => {
    const res = await createPayment(user.client, '1credit', { sourceId: CARD_DECLINED });
    expectCode(res, 402, 'payment_declined');
  });

  it('too many attempts: 429 rate_limited, with Retry-After', async () => {
    const email = uniqueEmail('limited');
    const client = newClient(server);
    const [limit] = RATE_LIMITS.resend.email;
    for (let i = 0; i < limit; i++) {
      expect((await client.post('/api/auth/signup-verify-resend', { email })).status).toBe(200);
    }
    const res = await client.post('/api/auth/signup-verify-resend', { email });
    expectCode(res, 429, 'rate_limited');
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('insufficient credits', () => {
  // No route answers it as an error today (a download answers eligible: false, an admin's
  // overdraw a 400): the ledger's error carries the code for any caller that lets it through.
  it('is a 409 insufficient_credits', () => {
    expect(new InsufficientCreditsError(2, 3)).toMatchObject({ status: 409, code: 'insufficient_credits' });
  });
});
