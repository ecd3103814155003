import type { UserDto } from '@ecu/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users, verifications } from '../db/schema';
import {
  newClient,
  onboardedUser,
  PASSWORD,
  PROFILE,
  signIn,
  signUpUser,
  uniqueEmail,
  uniqueIp,
  verifiedUser,
} from '../test/factories';
import { ApiClient, parseSetCookie } from '../test/http-client';
import { jobsSettled } from '../test/jobs-settled';
import { otpIn, verificationLinkIn } from '../test/smtp-sink';
import { startTestServer, type TestServer } from '../test/test-server';
import { RATE_LIMITS } from './rate-limits';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const INVALID_LINK = 'The verification link might be expired or invalid.';

function sessionCookie(setCookies: string[]) {
  return setCookies.map(parseSetCookie).find((c) => c.name.endsWith('session_token'));
}

describe('sign-up', () => {
  it('creates the account, signs in (201 + cookie) and mails a working verification link', async () => {
    const client = newClient(server);
    const email = uniqueEmail();
    const res = await client.post<UserDto>('/api/auth/signup', {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });

    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe('Account created. We have sent a verification link to your email.');
    expect(res.body.data).toMatchObject({ email, onBoarded: false, verified: false, role: 'user' });
    expect(sessionCookie(res.setCookies)?.value).toBeTruthy();
    expect((await client.get('/api/auth/getMe')).status).toBe(200);

    const mail = await server.smtp.nextMail(email);
    expect(mail.subject).toBe('ECU Portal: verify your email address');
    const link = verificationLinkIn(mail);
    expect(link.url.origin).toBe(server.url);
    expect(link.url.pathname).toBe('/verify-email');
    expect(link.email).toBe(email);

    // The link works from another browser too (the mail may be opened on a phone).
    const verify = await newClient(server).post('/api/auth/signup-verify', {
      token: link.token,
      email: link.email,
    });
    expect(verify.status).toBe(200);
    expect(verify.body.message).toBe('Email verified successfully!');
    expect((await client.get<UserDto>('/api/auth/getMe')).body.data.verified).toBe(true);
  });

  // A taken address: enumeration.test.ts (the answer is alike, the owner is mailed).

  it.each([
    [{ password: PASSWORD, confirmPassword: `${PASSWORD}x` }, 'confirmPassword', 'Passwords do not match'],
    [{ password: 'short', confirmPassword: 'short' }, 'password', 'Password must be at least 8 characters'],
    [
      { password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) },
      'password',
      'Password must be at most 128 characters',
    ],
  ])('checks the passwords on the server: %j -> %s', async (passwords, path, message) => {
    const email = uniqueEmail();
    const res = await newClient(server).post('/api/auth/signup', { email, ...passwords });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toContainEqual({ path, message });
    // Nothing was created: the address is still free.
    const retry = await newClient(server).post('/api/auth/signup', {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(retry.status).toBe(201);
  });
});

describe('sign-in', () => {
  it('signs in with the right password and answers with the user', async () => {
    const { email, password, user } = await signUpUser(server);
    const client = newClient(server);
    const res = await client.post<UserDto>('/api/auth/login', { email, password });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Signed in successfully');
    expect(res.body.data._id).toBe(user._id);
    expect((await client.get<UserDto>('/api/auth/getMe')).body.data.email).toBe(email);
  });

  it('accepts the e-mail in another case', async () => {
    const { email, password } = await signUpUser(server);
    const res = await newClient(server).post('/api/auth/login', { email: email.toUpperCase(), password });
    expect(res.status).toBe(200);
  });

  it.each([
    ['a wrong password', 'wrong-password-1'],
    ['an unknown e-mail', null],
  ])('answers 401 with one message for %s', async (_label, wrongPassword) => {
    const { email } = await signUpUser(server);
    const client = newClient(server);
    const res = await client.post('/api/auth/login', {
      email: wrongPassword ? email : uniqueEmail('nobody'),
      password: wrongPassword ?? PASSWORD,
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      success: false,
      message: 'Invalid email or password',
      errors: [],
      code: 'invalid_credentials',
    });
    expect(client.signedIn).toBe(false);
  });

  it('logs nothing for a wrong password at LOG_LEVEL=error (the test server runs at that level)', async () => {
    const { email } = await signUpUser(server);
    const warn = vi.spyOn(console, 'warn');
    const info = vi.spyOn(console, 'info');
    try {
      expect(
        (await newClient(server).post('/api/auth/login', { email, password: 'wrong-password' })).status,
      ).toBe(401);
      expect(warn).not.toHaveBeenCalled();
      expect(info).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      info.mockRestore();
    }
  });

  it('keeps the session 30 days by default, and only for the browser session without remember-me', async () => {
    const { email, password } = await signUpUser(server);
    const remembered = await newClient(server).post('/api/auth/login', { email, password });
    const forgetful = await newClient(server).post('/api/auth/login', { email, password, rememberMe: false });
    expect(remembered.status).toBe(200);
    expect(forgetful.status).toBe(200);
    expect(sessionCookie(remembered.setCookies)?.maxAge).toBe(30 * 24 * 60 * 60);
    const cookie = sessionCookie(forgetful.setCookies);
    expect(cookie?.value).toBeTruthy();
    expect(cookie?.maxAge).toBeUndefined();
    expect(cookie?.expires).toBeUndefined();
  });
});

describe('sign-out', () => {
  it('ends the session on the server, not only in the browser', async () => {
    const { client } = await signUpUser(server);
    const stolenCopy = client.copy(uniqueIp());
    const res = await client.post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Signed out successfully', data: null });
    expect(client.signedIn).toBe(false);
    expect((await client.get('/api/auth/getMe')).status).toBe(401);
    expect((await stolenCopy.get('/api/auth/getMe')).status).toBe(401);
  });

  it('leaves the other sessions of the same user signed in', async () => {
    const user = await signUpUser(server);
    const other = await signIn(server, user);
    expect((await user.client.post('/api/auth/logout')).status).toBe(200);
    expect((await other.get('/api/auth/getMe')).status).toBe(200);
  });
});

describe('getMe', () => {
  it('answers 401 when signed out', async () => {
    const res = await newClient(server).get('/api/auth/getMe');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      success: false,
      message: 'Please sign in to continue',
      errors: [],
      code: 'unauthorized',
    });
  });

  it('answers 401 for a forged session cookie', async () => {
    const client = newClient(server);
    client.cookies.set('ecu.session_token', 'forged.token');
    expect((await client.get('/api/auth/getMe')).status).toBe(401);
  });

  it('answers with the user as docs/product.md describes it', async () => {
    const { client, email, user } = await verifiedUser(server);
    const res = await client.get<UserDto>('/api/auth/getMe');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Current user');
    expect(res.body.data).toEqual({
      _id: user._id,
      firstName: PROFILE.firstName,
      lastName: PROFILE.lastName,
      email,
      address: PROFILE.address,
      country: PROFILE.country,
      city: PROFILE.city,
      postalCode: PROFILE.postalCode,
      role: 'user',
      credits: 0,
      perCreditPrice: 60,
      totalMoneySpent: 0,
      totalFilesSubmitted: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      onBoarded: true,
      verified: true,
      disabled: false,
      locale: 'en',
    });
  });

  it('shows the flags of a fresh sign-up as not onboarded, not verified, not disabled', async () => {
    const { client } = await signUpUser(server);
    const me = (await client.get<UserDto>('/api/auth/getMe')).body.data;
    expect({ onBoarded: me.onBoarded, verified: me.verified, disabled: me.disabled }).toEqual({
      onBoarded: false,
      verified: false,
      disabled: false,
    });
  });
});

describe('onboarding', () => {
  it('saves the profile and sets onBoarded', async () => {
    const { client } = await signUpUser(server);
    const res = await client.post<UserDto>('/api/auth/onboarding', {
      ...PROFILE,
      country: 'de',
      city: '  Berlin ',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Profile saved successfully');
    expect(res.body.data).toMatchObject({ onBoarded: true, verified: false, country: 'DE', city: 'Berlin' });
    const me = (await client.get<UserDto>('/api/auth/getMe')).body.data;
    expect(me).toMatchObject({ onBoarded: true, firstName: 'Ada', country: 'DE', city: 'Berlin' });
  });

  it('names every missing field with the messages of the shared schema', async () => {
    const { client } = await signUpUser(server);
    const res = await client.post('/api/auth/onboarding', {});
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: 'First name is required' },
        { path: 'lastName', message: 'Last name is required' },
        { path: 'country', message: 'Country is required' },
        { path: 'city', message: 'City is required' },
        { path: 'postalCode', message: 'Post code is required' },
        { path: 'address', message: 'Address is required' },
      ]),
    );
    expect(res.body.errors).toHaveLength(6);
    expect((await client.get<UserDto>('/api/auth/getMe')).body.data.onBoarded).toBe(false);
  });

  it.each([
    [{ country: 'XX' }, 'country', 'Select a country from the list'],
    [{ firstName: '   ' }, 'firstName', 'First name is required'],
    [{ lastName: 'L'.repeat(61) }, 'lastName', 'Last name must be at most 60 characters'],
    [{ postalCode: 'P'.repeat(21) }, 'postalCode', 'Post code must be at most 20 characters'],
  ])('refuses %j with 400', async (change, path, message) => {
    const { client } = await signUpUser(server);
    const res = await client.post('/api/auth/onboarding', { ...PROFILE, ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toEqual([{ path, message }]);
    expect((await client.get<UserDto>('/api/auth/getMe')).body.data.onBoarded).toBe(false);
  });

  it('needs a session', async () => {
    const res = await newClient(server).post('/api/auth/onboarding', PROFILE);
    expect(res.status).toBe(401);
  });
});

describe('e-mail verification', () => {
  it('works once; a second use of the link answers that the e-mail is already verified', async () => {
    const { client, email } = await onboardedUser(server);
    const link = verificationLinkIn(await server.smtp.nextMail(email));

    const first = await client.post<UserDto>('/api/auth/signup-verify', { token: link.token, email });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Email verified successfully!');
    expect(first.body.data.verified).toBe(true);

    const second = await client.post<UserDto>('/api/auth/signup-verify', { token: link.token, email });
    expect(second.status).toBe(200);
    expect(second.body.message).toBe('Your email is already verified');
  });

  it('does not accept a used link again, even if the account were unverified', async () => {
    const { client, email, user } = await onboardedUser(server);
    const link = verificationLinkIn(await server.smtp.nextMail(email));
    expect((await client.post('/api/auth/signup-verify', { token: link.token, email })).status).toBe(200);
    // Only to prove the token is single use: no endpoint un-verifies an address.
    await server.deps.db.update(users).set({ emailVerified: false }).where(eq(users.id, user._id));

    const again = await client.post('/api/auth/signup-verify', { token: link.token, email });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(INVALID_LINK);
    expect((await client.get<UserDto>('/api/auth/getMe')).body.data.verified).toBe(false);
  });

  it.each([
    ['a wrong token', (token: string, email: string) => ({ token: `${token}x`, email })],
    ['the token of another address', (token: string) => ({ token, email: uniqueEmail('other') })],
  ])('refuses %s with 400', async (_label, payload) => {
    const { client, email } = await onboardedUser(server);
    const link = verificationLinkIn(await server.smtp.nextMail(email));
    const res = await client.post('/api/auth/signup-verify', payload(link.token, email));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVALID_LINK);
    expect((await client.get<UserDto>('/api/auth/getMe')).body.data.verified).toBe(false);
    // The right link still works afterwards.
    expect((await client.post('/api/auth/signup-verify', { token: link.token, email })).status).toBe(200);
  });

  it('refuses an expired link (older than 24 hours)', async () => {
    const { client, email } = await onboardedUser(server);
    const link = verificationLinkIn(await server.smtp.nextMail(email));
    const expired = await server.deps.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verifications.identifier, `email-verification:${email}`))
      .returning();
    expect(expired).toHaveLength(1);
    const res = await client.post('/api/auth/signup-verify', { token: link.token, email });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVALID_LINK);
  });

  it('issues links that expire 24 hours after sending', async () => {
    const { email } = await signUpUser(server);
    await server.smtp.nextMail(email);
    const [row] = await server.deps.db
      .select({ expiresAt: verifications.expiresAt })
      .from(verifications)
      .where(eq(verifications.identifier, `email-verification:${email}`));
    const hours = (row!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });
});

describe('resending the verification mail', () => {
  it('sends a new link; the old one stops working', async () => {
    const { client, email } = await onboardedUser(server);
    const oldLink = verificationLinkIn(await server.smtp.nextMail(email));

    const res = await client.post('/api/auth/signup-verify-resend', { email });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Verification email sent successfully!');
    const newLink = verificationLinkIn(await server.smtp.nextMail(email));
    expect(newLink.token).not.toBe(oldLink.token);

    const old = await client.post('/api/auth/signup-verify', { token: oldLink.token, email });
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(INVALID_LINK);
    const fresh = await client.post('/api/auth/signup-verify', { token: newLink.token, email });
    expect(fresh.status).toBe(200);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const unknown = uniqueEmail('nobody');
    const known = await signUpUser(server);
    await server.smtp.nextMail(known.email);

    const forUnknown = await newClient(server).post('/api/auth/signup-verify-resend', { email: unknown });
    const forKnown = await newClient(server).post('/api/auth/signup-verify-resend', { email: known.email });
    expect(forUnknown.status).toBe(200);
    expect(forUnknown.body).toEqual(forKnown.body);
    // The known address gets its mail; once the queue is settled, the unknown one would have had its own.
    await server.smtp.nextMail(known.email);
    await jobsSettled(server.deps.jobs);
    expect(server.smtp.received.some((m) => m.to.includes(unknown))).toBe(false);
  });

  it('tells a signed-in, verified user that the e-mail is already verified, and sends nothing', async () => {
    const { client, email } = await verifiedUser(server);
    const res = await client.post('/api/auth/signup-verify-resend', { email });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your email is already verified');
    await jobsSettled(server.deps.jobs);
    expect(server.smtp.pending(email)).toEqual([]);
  });
});

describe('updateProfile', () => {
  const CHANGED = { ...PROFILE, firstName: 'Grace', lastName: 'Hopper', country: 'US', city: 'Arlington' };

  it('saves the profile', async () => {
    const { client } = await verifiedUser(server);
    const res = await client.put<UserDto>('/api/auth/updateProfile', CHANGED);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Profile updated successfully');
    expect(res.body.data).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      country: 'US',
      city: 'Arlington',
    });
    const me = await client.get<UserDto>('/api/auth/getMe');
    expect(me.body.data).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      country: 'US',
      city: 'Arlington',
    });
  });

  it('replays an Idempotency-Key with the first answer and does not run it again', async () => {
    const { client } = await verifiedUser(server);
    const key = 'outbox-command-0001';
    const first = await client.put<UserDto>('/api/auth/updateProfile', CHANGED, {
      headers: { 'idempotency-key': key },
    });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replay')).toBeNull();

    // The profile changes in between; a replay must not put the first payload back.
    const between = await client.put('/api/auth/updateProfile', { ...CHANGED, city: 'Boston' });
    expect(between.status).toBe(200);

    const replay = await client.put<UserDto>('/api/auth/updateProfile', CHANGED, {
      headers: { 'idempotency-key': key },
    });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replay')).toBe('true');
    expect(replay.body).toEqual(first.body);
    // The key is bound to its request: another body under it is refused and does not run.
    const other = await client.put(
      '/api/auth/updateProfile',
      { ...CHANGED, city: 'Replayed' },
      {
        headers: { 'idempotency-key': key },
      },
    );
    expect(other.status).toBe(422);
    expect((await client.get<UserDto>('/api/auth/getMe')).body.data.city).toBe('Boston');
  });

  it('keeps Idempotency-Keys per user', async () => {
    const a = await verifiedUser(server);
    const b = await verifiedUser(server);
    const key = 'shared-key-123';
    await a.client.put(
      '/api/auth/updateProfile',
      { ...CHANGED, city: 'A-town' },
      { headers: { 'idempotency-key': key } },
    );
    const res = await b.client.put<UserDto>(
      '/api/auth/updateProfile',
      { ...CHANGED, city: 'B-town' },
      { headers: { 'idempotency-key': key } },
    );
    expect(res.headers.get('idempotent-replay')).toBeNull();
    expect(res.body.data.city).toBe('B-town');
  });

  it('replays a refusal too (only 5xx answers are not kept): the corrected payload under the same key is refused', async () => {
    const { client } = await verifiedUser(server);
    const key = 'outbox-command-0002';
    const bad = await client.put(
      '/api/auth/updateProfile',
      { ...CHANGED, country: 'XX' },
      { headers: { 'idempotency-key': key } },
    );
    expect(bad.status).toBe(400);
    const again = await client.put(
      '/api/auth/updateProfile',
      { ...CHANGED, country: 'XX' },
      { headers: { 'idempotency-key': key } },
    );
    expect(again.status).toBe(400);
    expect(again.headers.get('idempotent-replay')).toBe('true');
    expect(again.body).toEqual(bad.body);
    const corrected = await client.put('/api/auth/updateProfile', CHANGED, {
      headers: { 'idempotency-key': key },
    });
    expect(corrected.status).toBe(422);
    expect((await client.get<UserDto>('/api/auth/getMe')).body.data.country).toBe('GB');
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const { client } = await verifiedUser(server);
    const res = await client.put('/api/auth/updateProfile', CHANGED, {
      headers: { 'idempotency-key': 'bad key!' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Idempotency-Key must be 8 to 128 letters, digits, - or _');
  });
});

describe('password reset', () => {
  const NEW_PASSWORD = 'brand-new-password-2';
  const REQUEST_ANSWER = 'If an account exists for this email, we have sent a 6-digit code to it.';

  function wrongOtp(otp: string): string {
    return String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
  }

  it('mails a 6-digit code and answers the same for an unknown address', async () => {
    const { email } = await signUpUser(server);
    await server.smtp.nextMail(email); // the verification mail
    const unknown = uniqueEmail('nobody');

    const forUnknown = await newClient(server).post('/api/auth/password-reset/request', { email: unknown });
    const forKnown = await newClient(server).post('/api/auth/password-reset/request', { email });
    expect(forKnown.status).toBe(200);
    expect(forKnown.body).toEqual({ success: true, message: REQUEST_ANSWER, data: null });
    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.body).toEqual(forKnown.body);

    const mail = await server.smtp.nextMail(email);
    expect(otpIn(mail)).toMatch(/^\d{6}$/);
    await jobsSettled(server.deps.jobs);
    expect(server.smtp.received.some((m) => m.to.includes(unknown))).toBe(false);
  });

  it('resets the password with the right code and signs out every session', async () => {
    const user = await verifiedUser(server);
    const secondSession = await signIn(server, user);

    expect(
      (await newClient(server).post('/api/auth/password-reset/request', { email: user.email })).status,
    ).toBe(200);
    const otp = otpIn(await server.smtp.nextMail(user.email));

    const wrong = await newClient(server).post('/api/auth/password-reset/confirm', {
      email: user.email,
      otp: wrongOtp(otp),
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The code is not valid. Check the e-mail and try again.');
    expect(wrong.body.errors).toEqual([{ path: 'otp', message: wrong.body.message }]);
    // A wrong code changes nothing.
    expect((await user.client.get('/api/auth/getMe')).status).toBe(200);

    const res = await newClient(server).post('/api/auth/password-reset/confirm', {
      email: user.email,
      otp,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your password has been reset. Sign in with your new password.');

    expect((await user.client.get('/api/auth/getMe')).status).toBe(401);
    expect((await secondSession.get('/api/auth/getMe')).status).toBe(401);
    const withOld = await newClient(server).post('/api/auth/login', {
      email: user.email,
      password: user.password,
    });
    expect(withOld.status).toBe(401);
    const withNew = await newClient(server).post('/api/auth/login', {
      email: user.email,
      password: NEW_PASSWORD,
    });
    expect(withNew.status).toBe(200);

    // The code was used up.
    const reuse = await newClient(server).post('/api/auth/password-reset/confirm', {
      email: user.email,
      otp,
      password: 'yet-another-password',
      confirmPassword: 'yet-another-password',
    });
    expect(reuse.status).toBe(400);
  });

  it('locks the code after 5 wrong tries; a new code works', async () => {
    const user = await verifiedUser(server);
    await newClient(server).post('/api/auth/password-reset/request', { email: user.email });
    const otp = otpIn(await server.smtp.nextMail(user.email));
    const confirm = (code: string) =>
      newClient(server).post('/api/auth/password-reset/confirm', {
        email: user.email,
        otp: code,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });

    for (let attempt = 1; attempt <= 5; attempt++) {
      const res = await confirm(wrongOtp(otp));
      expect(res.status, `wrong try ${attempt}`).toBe(400);
      expect(res.body.message).toBe('The code is not valid. Check the e-mail and try again.');
    }
    const locked = await confirm(otp);
    expect(locked.status).toBe(400);
    expect(locked.body.message).toBe('Too many wrong codes. Request a new one.');
    expect(
      (await newClient(server).post('/api/auth/login', { email: user.email, password: user.password }))
        .status,
    ).toBe(200);

    await newClient(server).post('/api/auth/password-reset/request', { email: user.email });
    const fresh = otpIn(await server.smtp.nextMail(user.email));
    expect((await confirm(fresh)).status).toBe(200);
    expect(
      (await newClient(server).post('/api/auth/login', { email: user.email, password: NEW_PASSWORD })).status,
    ).toBe(200);
  });

  it('refuses a code for an address without an account', async () => {
    const res = await newClient(server).post('/api/auth/password-reset/confirm', {
      email: uniqueEmail('nobody'),
      otp: '123456',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The code is not valid. Check the e-mail and try again.');
  });

  it('refuses an expired code', async () => {
    const user = await signUpUser(server);
    await newClient(server).post('/api/auth/password-reset/request', { email: user.email });
    const mails = [await server.smtp.nextMail(user.email), await server.smtp.nextMail(user.email)];
    const otp = otpIn(mails.find((m) => m.subject.includes('reset'))!);
    const expired = await server.deps.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      // better-auth's email-otp plugin keys the code as `forget-password-otp-<email>`.
      .where(eq(verifications.identifier, `forget-password-otp-${user.email}`))
      .returning();
    expect(expired).toHaveLength(1);
    const res = await newClient(server).post('/api/auth/password-reset/confirm', {
      email: user.email,
      otp,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The code has expired. Request a new one.');
  });

  it('checks the new password like sign-up does', async () => {
    const res = await newClient(server).post('/api/auth/password-reset/confirm', {
      email: uniqueEmail(),
      otp: '123456',
      password: NEW_PASSWORD,
      confirmPassword: 'something-else',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path: 'confirmPassword', message: 'Passwords do not match' });
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After to the 11th sign-in for one e-mail in 10 minutes, from any IP', async () => {
    const { email, password } = await signUpUser(server);
    const [limit, windowSeconds] = RATE_LIMITS.signin.email;
    for (let i = 0; i < limit; i++) {
      const res = await new ApiClient(server.url, uniqueIp()).post('/api/auth/login', {
        email,
        password: 'wrong-password',
      });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    // Now even the right password waits.
    const blocked = await new ApiClient(server.url, uniqueIp()).post('/api/auth/login', { email, password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.success).toBe(false);
    expect(blocked.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);

    // Another e-mail is not affected.
    const other = await signUpUser(server);
    expect(
      (await newClient(server).post('/api/auth/login', { email: other.email, password: other.password }))
        .status,
    ).toBe(200);
  });

  // 40-odd password checks at OWASP's scrypt cost take longer than the default 30 s on a busy machine.
  it('does not count successful sign-ins: only guesses use up the per-e-mail and per-IP budget', {
    timeout: 120_000,
  }, async () => {
    const { email, password } = await signUpUser(server);
    const [emailLimit] = RATE_LIMITS.signin.email;
    const [ipLimit] = RATE_LIMITS.signin.ip;
    const ip = uniqueIp();
    for (let i = 0; i < Math.max(emailLimit, ipLimit) + 2; i++) {
      const res = await new ApiClient(server.url, ip).post('/api/auth/login', { email, password });
      expect(res.status, `sign-in ${i + 1}`).toBe(200);
    }
    for (let i = 0; i < emailLimit; i++) {
      const res = await new ApiClient(server.url, uniqueIp()).post('/api/auth/login', {
        email,
        password: 'wrong-password',
      });
      expect(res.status, `guess ${i + 1}`).toBe(401);
    }
    const blocked = await new ApiClient(server.url, uniqueIp()).post('/api/auth/login', { email, password });
    expect(blocked.status).toBe(429);
  });

  it('limits resends per IP across addresses', async () => {
    const [limit] = RATE_LIMITS.resend.ip;
    const ip = uniqueIp();
    for (let i = 0; i < limit; i++) {
      const res = await new ApiClient(server.url, ip).post('/api/auth/signup-verify-resend', {
        email: uniqueEmail('nobody'),
      });
      expect(res.status, `resend ${i + 1}`).toBe(200);
    }
    const blocked = await new ApiClient(server.url, ip).post('/api/auth/signup-verify-resend', {
      email: uniqueEmail('nobody'),
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another IP may still ask.
    const elsewhere = await newClient(server).post('/api/auth/signup-verify-resend', {
      email: uniqueEmail('nobody'),
    });
    expect(elsewhere.status).toBe(200);
  });

  it('limits password-reset codes per e-mail', async () => {
    const [limit] = RATE_LIMITS.otpRequest.email;
    const email = uniqueEmail('nobody');
    for (let i = 0; i < limit; i++) {
      expect((await newClient(server).post('/api/auth/password-reset/request', { email })).status).toBe(200);
    }
    const blocked = await newClient(server).post('/api/auth/password-reset/request', { email });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
