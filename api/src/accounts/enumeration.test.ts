import type { UserDto } from '@ecu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowConsoleErrors } from '../test/console-guard';
import { newClient, onboardedUser, PASSWORD, signUpUser, uniqueEmail, verifiedUser } from '../test/factories';
import { parseSetCookie } from '../test/http-client';
import { verificationLinkIn } from '../test/smtp-sink';
import { startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const INVALID_LINK = 'The verification link might be expired or invalid.';
const SIGNUP_ANSWER = 'Account created. We have sent a verification link to your email.';

describe('e-mail verification tried by a stranger', () => {
  it("answers a wrong token for a verified user's address exactly as for an unknown address, with no user data", async () => {
    const victim = await verifiedUser(server);
    const stranger = newClient(server);
    const forVictim = await stranger.post('/api/auth/signup-verify', { token: 'guess', email: victim.email });
    const forNobody = await stranger.post('/api/auth/signup-verify', {
      token: 'guess',
      email: uniqueEmail('nobody'),
    });
    expect(forVictim.status).toBe(400);
    expect(forVictim.body).toEqual({
      success: false,
      message: INVALID_LINK,
      errors: [],
      code: 'bad_request',
    });
    expect(forNobody.status).toBe(forVictim.status);
    expect(forNobody.body).toEqual(forVictim.body);
    expect(forVictim.text).not.toContain(victim.user.address);
  });

  it('answers a used link opened in another browser with the same refusal', async () => {
    const { client, email } = await onboardedUser(server);
    const link = verificationLinkIn(await server.smtp.nextMail(email));
    expect((await client.post('/api/auth/signup-verify', { token: link.token, email })).status).toBe(200);
    const again = await newClient(server).post('/api/auth/signup-verify', { token: link.token, email });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ success: false, message: INVALID_LINK, errors: [], code: 'bad_request' });
  });

  it("verifies with a valid link from another browser but does not hand that browser the user's profile", async () => {
    const { client, email } = await onboardedUser(server);
    const link = verificationLinkIn(await server.smtp.nextMail(email));
    const res = await newClient(server).post('/api/auth/signup-verify', { token: link.token, email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Email verified successfully!', data: null });
    expect((await client.get<UserDto>('/api/auth/getMe')).body.data.verified).toBe(true);
  });

  it("tells the user's own session that a used link is already verified, with its own profile", async () => {
    const { client, email } = await onboardedUser(server);
    const link = verificationLinkIn(await server.smtp.nextMail(email));
    const first = await client.post<UserDto>('/api/auth/signup-verify', { token: link.token, email });
    expect(first.body.data.email).toBe(email);
    const second = await client.post<UserDto>('/api/auth/signup-verify', { token: link.token, email });
    expect(second.status).toBe(200);
    expect(second.body.message).toBe('Your email is already verified');
    expect(second.body.data.email).toBe(email);
  });
});

describe('sign-up with an address that has an account', () => {
  it('answers like a new sign-up (201, same message), starts no session and mails the owner instead', async () => {
    const owner = await signUpUser(server);
    await server.smtp.nextMail(owner.email); // the owner's own verification mail
    const res = await newClient(server).post('/api/auth/signup', {
      email: owner.email.toUpperCase(),
      password: 'another-password',
      confirmPassword: 'another-password',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: SIGNUP_ANSWER, data: null });
    expect(res.setCookies.some((c) => parseSetCookie(c).name.endsWith('session_token'))).toBe(false);

    const mail = await server.smtp.nextMail(owner.email);
    expect(mail.subject).toBe('ECU Portal: someone tried to sign up with your e-mail address');
    expect(mail.text).toContain(`${server.url}/signin`);
    expect(mail.text).toContain(`${server.url}/password-reset`);
    // The owner's password still works and nothing else changed.
    const signIn = await newClient(server).post('/api/auth/login', {
      email: owner.email,
      password: PASSWORD,
    });
    expect(signIn.status).toBe(200);
  });

  it('gives the losers of a double-submitted sign-up the same 201, one account and one session', async () => {
    // The losing inserts hit the unique index; better-auth logs each as an error.
    allowConsoleErrors();
    const email = uniqueEmail();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        newClient(server).post('/api/auth/signup', { email, password: PASSWORD, confirmPassword: PASSWORD }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(answers.every((a) => a.body.message === SIGNUP_ANSWER)).toBe(true);
    const withSession = answers.filter((a) =>
      a.setCookies.some((c) => parseSetCookie(c).name.endsWith('session_token')),
    );
    expect(withSession).toHaveLength(1);
  });
});

/** How long `send` took to answer (a success). */
async function timed(send: () => Promise<{ status: number }>): Promise<number> {
  const started = performance.now();
  expect((await send()).status).toBeLessThan(300);
  return performance.now() - started;
}

// The mail is queued, never sent within the request (docs/decisions/070-durable-jobs.md): what
// is left to tell the addresses apart is the database work, which the fixed answer time covers.
describe('answer times do not tell whether an address has an account', () => {
  // What a mail to a slow server took when it was sent within the request.
  const MAIL_MS = 400;

  it('for a password-reset code', async () => {
    const { email } = await signUpUser(server);
    const known = await timed(() => newClient(server).post('/api/auth/password-reset/request', { email }));
    const unknown = await timed(() =>
      newClient(server).post('/api/auth/password-reset/request', { email: uniqueEmail('nobody') }),
    );
    expect(Math.abs(known - unknown)).toBeLessThan(MAIL_MS / 2);
  });

  it('for a new verification link', async () => {
    const { email } = await signUpUser(server);
    const known = await timed(() => newClient(server).post('/api/auth/signup-verify-resend', { email }));
    const unknown = await timed(() =>
      newClient(server).post('/api/auth/signup-verify-resend', { email: uniqueEmail('nobody') }),
    );
    expect(Math.abs(known - unknown)).toBeLessThan(MAIL_MS / 2);
  });

  it('for a sign-up (both hash the password and send a mail)', async () => {
    const fresh: number[] = [];
    const taken: number[] = [];
    // A warm-up of each kind, then three rounds, interleaved, compared by their medians: a
    // busy machine slows both kinds alike, and one slow answer (a collection, a compile) is
    // not the median.
    for (let round = 0; round < 4; round++) {
      const { email } = await signUpUser(server);
      const freshMs = await timed(() =>
        newClient(server).post('/api/auth/signup', {
          email: uniqueEmail(),
          password: PASSWORD,
          confirmPassword: PASSWORD,
        }),
      );
      const takenMs = await timed(() =>
        newClient(server).post('/api/auth/signup', { email, password: PASSWORD, confirmPassword: PASSWORD }),
      );
      if (round === 0) continue;
      fresh.push(freshMs);
      taken.push(takenMs);
    }
    const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[1] ?? 0;
    // Before: a taken address answered 409 at once, a new one after hashing and mailing.
    expect(median(taken)).toBeGreaterThan(median(fresh) * 0.6);
  });
});
