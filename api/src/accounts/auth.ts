// The minimal entry (no Kysely: our adapter is drizzle's) and the one plugin's own entry, not
// every plugin's: both load less at start (docs/decisions/029-start-and-memory.md).
import { randomUUID } from 'node:crypto';
import { asLocale } from '@ecu/shared';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { betterAuth } from 'better-auth/minimal';
import { emailOTP } from 'better-auth/plugins/email-otp';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { authAccounts, sessions, users, verifications } from '../db/schema';
import type { Jobs } from '../platform/jobs';
import { queueMail } from '../platform/mail';
import { AUTH_BASE_PATH, OTP_ATTEMPTS, OTP_TTL_SECONDS, sessionCookieOptions } from './auth-settings';
import { passwordResetMail } from './mail-templates';
import { hashPassword, verifyPassword } from './password-hash';
import { getUserByEmail } from './queries';

/** What better-auth needs of the portal: its database, and the job queue for the reset code's mail. */
export interface AuthDeps {
  config: Config;
  db: Db;
  jobs: Pick<Jobs, 'send'>;
}

export function createAuth(deps: AuthDeps) {
  const { config, db, jobs } = deps;
  const cookie = sessionCookieOptions(config);
  return betterAuth({
    appName: 'ECU Portal',
    baseURL: cookie.baseURL,
    basePath: AUTH_BASE_PATH,
    secret: cookie.secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: authAccounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    session: cookie.session,
    trustedOrigins: config.trustedOrigins,
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // LOG_LEVEL applies to better-auth too (its default level is 'warn', one line per wrong password).
    logger: {
      disabled: config.logLevel === 'silent',
      level: config.logLevel === 'silent' ? 'error' : config.logLevel,
    },
    advanced: {
      ...cookie.advanced,
      ipAddress: { disableIpTracking: false },
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: OTP_TTL_SECONDS,
        allowedAttempts: OTP_ATTEMPTS,
        storeOTP: 'hashed',
        // better-auth has stored the code (outside any transaction of ours): its mail is queued at
        // once, and not sent once the code has expired (docs/decisions/070-durable-jobs.md).
        async sendVerificationOTP({ email, otp, type }) {
          if (type !== 'forget-password') return;
          const user = await getUserByEmail(db, email);
          await queueMail(jobs, passwordResetMail(email, otp, asLocale(user?.locale)), {
            key: `password-reset:${randomUUID()}`,
            ...(user ? { userId: user.id } : {}),
            label: 'Password reset code',
            validForSeconds: OTP_TTL_SECONDS,
          });
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
