import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClient, signUpUser, uniqueEmail, uniqueIp } from '../test/factories';
import { ApiClient, type ApiResponse } from '../test/http-client';
import { startTestServer, type TestServer } from '../test/test-server';
import { RATE_LIMITS } from './rate-limits';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Ends the current 10-minute window of `key` early, as if the guesser had waited it out. */
async function waitOutWindow(key: string, hits: number) {
  for (let i = 0; i < hits; i++) await server.deps.rateLimits.release(key);
}

/** Refused by a daily cap: 429, and a Retry-After longer than any 10-minute window. */
function expectDailyCap(res: ApiResponse<unknown>) {
  expect(res.status, res.text).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(3600);
}

const confirm = (client: ApiClient, email: string) =>
  client.post('/api/auth/password-reset/confirm', {
    email,
    otp: '000000',
    password: 'a-far-less-common-one',
    confirmPassword: 'a-far-less-common-one',
  });

describe('password-reset codes have daily caps: no slow guessing with a new code every 10 minutes', () => {
  it('per account, on wrong codes', async () => {
    const { email } = await signUpUser(server);
    const [daily] = RATE_LIMITS.otpConfirmDay.email;
    const [perWindow] = RATE_LIMITS.otpConfirm.email;
    for (let i = 1; i <= daily; i++) {
      expect((await confirm(newClient(server), email)).status, `guess ${i}`).toBe(400);
      if (i % perWindow === 0) await waitOutWindow(`otpConfirm:email:${email}`, perWindow);
    }
    expectDailyCap(await confirm(newClient(server), email));
  });

  it('per IP, on wrong codes across addresses', async () => {
    const ip = uniqueIp();
    const [daily] = RATE_LIMITS.otpConfirmDay.ip;
    const [perWindow] = RATE_LIMITS.otpConfirm.ip;
    for (let i = 1; i <= daily; i++) {
      expect((await confirm(new ApiClient(server.url, ip), uniqueEmail('nobody'))).status, `guess ${i}`).toBe(
        400,
      );
      if (i % perWindow === 0) await waitOutWindow(`otpConfirm:ip:${ip}`, perWindow);
    }
    expectDailyCap(await confirm(new ApiClient(server.url, ip), uniqueEmail('nobody')));
  });

  it('per account, on new codes', async () => {
    const email = uniqueEmail('nobody');
    const [daily] = RATE_LIMITS.otpRequestDay.email;
    const [perWindow] = RATE_LIMITS.otpRequest.email;
    const request = () => newClient(server).post('/api/auth/password-reset/request', { email });
    for (let i = 1; i <= daily; i++) {
      expect((await request()).status, `code ${i}`).toBe(200);
      if (i % perWindow === 0) await waitOutWindow(`otpRequest:email:${email}`, perWindow);
    }
    expectDailyCap(await request());
  });

  it('per IP, on new codes across addresses', async () => {
    const ip = uniqueIp();
    const [daily] = RATE_LIMITS.otpRequestDay.ip;
    const [perWindow] = RATE_LIMITS.otpRequest.ip;
    const request = () =>
      new ApiClient(server.url, ip).post('/api/auth/password-reset/request', {
        email: uniqueEmail('nobody'),
      });
    for (let i = 1; i <= daily; i++) {
      expect((await request()).status, `code ${i}`).toBe(200);
      if (i % perWindow === 0) await waitOutWindow(`otpRequest:ip:${ip}`, perWindow);
    }
    expectDailyCap(await request());
  });
});
