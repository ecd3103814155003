import { randomUUID } from 'node:crypto';
import type { UserDto } from '@ecu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue, queueMail } from '../platform/mail';
import {
  adminUser,
  newClient,
  onboardedUser,
  PASSWORD,
  type TestUser,
  uniqueEmail,
  verifiedUser,
} from '../test/factories';
import { jobsSettled } from '../test/jobs-settled';
import { recordingLogger } from '../test/recording-logger';
import { otpIn, verificationLinkIn } from '../test/smtp-sink';
import { startTestServer, type TestServer } from '../test/test-server';
import { OTP_TTL_SECONDS } from './auth-settings';
import { passwordResetMail } from './mail-templates';

// Every account e-mail goes through the job queue (docs/decisions/070-durable-jobs.md): a mail
// server that is down delays it, never loses it, and a code is never mailed after it expired.

const logger = recordingLogger();
let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer({ logger });
  admin = await adminUser(server);
});
afterAll(() => server?.close());

/** The queued mails about this user, with their state. */
function mailJobsOf(userId: string) {
  return server.deps.jobs.boss.findJobs(mailQueue.name, { data: { about: { userId } } });
}

/**
 * Waits until each of these users has `count` mail jobs not yet done (those of earlier mails are
 * done) and every one of them was refused at least once.
 */
async function untilRefused(expected: Record<string, number>): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const seen = await Promise.all(
      Object.keys(expected).map(async (userId) =>
        (await mailJobsOf(userId)).filter((job) => job.state !== 'completed'),
      ),
    );
    const refused = Object.values(expected).every(
      (count, i) =>
        seen[i]!.length === count &&
        seen[i]!.every((job) => (job.state === 'retry' || job.state === 'active') && job.retryCount >= 1),
    );
    if (refused) return;
    if (Date.now() > deadline)
      throw new Error(
        `Mail jobs not refused in time: ${JSON.stringify(seen.map((s) => s.map((j) => j.state)))}`,
      );
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('account e-mails while the mail server is down', () => {
  it('answers every call, keeps each mail, and delivers each once when SMTP is back', async () => {
    const known = await verifiedUser(server);
    const pending = await onboardedUser(server);
    await server.smtp.nextMail(pending.email); // its sign-up mail
    const fresh = uniqueEmail('outage');

    await server.smtp.stopListening();
    let freshUser: UserDto;
    try {
      const signUp = await newClient(server).post<UserDto>('/api/auth/signup', {
        email: fresh,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      });
      expect(signUp.status, signUp.text).toBe(201);
      freshUser = signUp.body.data;
      const reset = await newClient(server).post('/api/auth/password-reset/request', { email: known.email });
      expect(reset.status, reset.text).toBe(200);
      const taken = await newClient(server).post('/api/auth/signup', {
        email: known.email,
        password: 'someone-elses-password',
        confirmPassword: 'someone-elses-password',
      });
      expect(taken.status, taken.text).toBe(201);
      const resend = await newClient(server).post('/api/auth/signup-verify-resend', { email: pending.email });
      expect(resend.status, resend.text).toBe(200);
      const byAdmin = await admin.client.post('/api/admin/resendVerification', { userId: pending.user._id });
      expect(byAdmin.status, byAdmin.text).toBe(200);

      // Each mail is queued for its user, and its first send was refused.
      await untilRefused({ [freshUser._id]: 1, [known.user._id]: 2, [pending.user._id]: 2 });
      const resetJob = (await mailJobsOf(known.user._id)).find((job) =>
        (job.data as { about: { label: string } }).about.label.startsWith('Password reset'),
      );
      // The code's mail is valid exactly as long as the code.
      const validUntil = Date.parse(
        (resetJob?.data as { validUntil?: string } | undefined)?.validUntil ?? '',
      );
      expect(validUntil).toBeGreaterThan(Date.now() + (OTP_TTL_SECONDS - 120) * 1000);
      expect(validUntil).toBeLessThanOrEqual(Date.now() + OTP_TTL_SECONDS * 1000);
      for (const to of [fresh, known.email, pending.email]) expect(server.smtp.pending(to)).toEqual([]);
    } finally {
      await server.smtp.listenAgain();
    }

    const freshLink = verificationLinkIn(await server.smtp.nextMail(fresh, 15_000));
    const knownMails = [
      await server.smtp.nextMail(known.email, 15_000),
      await server.smtp.nextMail(known.email, 15_000),
    ];
    const pendingMails = [
      await server.smtp.nextMail(pending.email, 15_000),
      await server.smtp.nextMail(pending.email, 15_000),
    ];
    await jobsSettled(server.deps.jobs);
    for (const to of [fresh, known.email, pending.email]) expect(server.smtp.pending(to)).toEqual([]);

    expect(knownMails.map((m) => m.subject.replace(/\d{6}/, 'NNNNNN')).sort()).toEqual([
      'ECU Portal: someone tried to sign up with your e-mail address',
      'ECU Portal: your password reset code is NNNNNN',
    ]);
    expect(pendingMails.map((m) => m.subject)).toEqual([
      'ECU Portal: verify your email address',
      'ECU Portal: verify your email address',
    ]);
    // What arrived late still works: the new account's link verifies it, the code resets the password.
    const verified = await newClient(server).post('/api/auth/signup-verify', {
      token: freshLink.token,
      email: freshLink.email,
    });
    expect(verified.status, verified.text).toBe(200);
    const code = otpIn(knownMails.find((m) => m.subject.includes('reset code'))!);
    const confirmed = await newClient(server).post('/api/auth/password-reset/confirm', {
      email: known.email,
      otp: code,
      password: 'after-the-outage-1',
      confirmPassword: 'after-the-outage-1',
    });
    expect(confirmed.status, confirmed.text).toBe(200);
  }, 60_000);

  it('drops a reset code that expired while SMTP was down, and says so in the log', async () => {
    const user = await verifiedUser(server);
    const key = `expired-${randomUUID()}`;
    await server.smtp.stopListening();
    try {
      await queueMail(server.deps.jobs, passwordResetMail(user.email, '123456'), {
        key,
        userId: user.user._id,
        label: 'Password reset code',
        validForSeconds: 6,
      });
      // Refused while valid; a retry a few seconds later finds it expired.
      await untilRefused({ [user.user._id]: 1 });
      await jobsSettled(server.deps.jobs);
    } finally {
      await server.smtp.listenAgain();
    }
    const [job] = await server.deps.jobs.boss.findJobs(mailQueue.name, { key: `mail:${key}` });
    expect(job?.state).toBe('completed');
    expect(logger.lines).toContainEqual(
      expect.stringContaining(`mail:${key} expired before it could be delivered`),
    );
    // Sent now it would arrive in a moment: the queue is settled and nothing came.
    await jobsSettled(server.deps.jobs);
    expect(server.smtp.pending(user.email)).toEqual([]);
  });
});
