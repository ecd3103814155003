import {
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  profileSchema,
  resendVerificationSchema,
  signInSchema,
  signUpSchema,
  verifyEmailSchema,
} from '@ecu/shared';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app/context';
import { badRequest, conflict, unauthorized } from '../http/app-error';
import { ok } from '../http/envelope';
import { idempotent } from '../http/idempotency';
import { jsonBody } from '../http/validate';
import { applyNewAccountPrice } from '../settings/service';
import { currentUser, requireAccount } from './gates';
import { getUserByEmail, getUserById, markEmailVerified, saveProfile } from './queries';
import { enforceRateLimit, forgiveRateLimit } from './rate-limits';
import { toUserDto } from './user-dto';
import { consumeVerificationToken, sendVerificationMail } from './verification-link';

/** Copies better-auth's Set-Cookie headers (session cookie) onto our answer. */
function forwardCookies(c: Context, res: Response) {
  for (const cookie of res.headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
}

async function authErrorCode(res: Response): Promise<string | undefined> {
  try {
    return ((await res.json()) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

function sendVerification(c: Context<AppEnv>, email: string) {
  return sendVerificationMail(c.var.deps, email);
}

const OTP_ERRORS: Record<string, string> = {
  INVALID_OTP: 'The code is not valid. Check the e-mail and try again.',
  OTP_EXPIRED: 'The code has expired. Request a new one.',
  TOO_MANY_ATTEMPTS: 'Too many wrong codes. Request a new one.',
};

/** The spec's /auth/* calls (section 7) plus the password reset of DECISIONS section 5. */
export function accountRoutes() {
  const app = new Hono<AppEnv>();

  app.post('/signup', async (c) => {
    const input = await jsonBody(c, signUpSchema);
    await enforceRateLimit(c, 'signup', input.email);
    const { auth, db, config, logger } = c.var.deps;
    const res = await auth.api.signUpEmail({
      body: { email: input.email, password: input.password, name: '' },
      headers: c.req.raw.headers,
      asResponse: true,
    });
    if (!res.ok) {
      const code = await authErrorCode(res);
      // A concurrent sign-up of the same address loses on the unique index, not on better-auth's check.
      if (code?.startsWith('USER_ALREADY_EXISTS') || (await getUserByEmail(db, input.email))) {
        throw conflict('An account with this email already exists. Sign in instead.');
      }
      throw badRequest('Failed to signup');
    }
    forwardCookies(c, res);
    const created = await getUserByEmail(db, input.email);
    const user = created && (await applyNewAccountPrice(db, config, created.id, logger));
    try {
      await sendVerification(c, input.email);
    } catch (err) {
      logger.error('Could not send the verification e-mail:', err);
    }
    return ok(
      c,
      'Account created. We have sent a verification link to your email.',
      user ? toUserDto(user) : null,
      201,
    );
  });

  app.post('/login', async (c) => {
    const input = await jsonBody(c, signInSchema);
    const counted = await enforceRateLimit(c, 'signin', input.email);
    const { auth, db } = c.var.deps;
    const res = await auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: input.rememberMe ?? true },
      headers: c.req.raw.headers,
      asResponse: true,
    });
    if (!res.ok) throw unauthorized('Invalid email or password');
    await forgiveRateLimit(c, counted);
    forwardCookies(c, res);
    const user = await getUserByEmail(db, input.email);
    return ok(c, 'Signed in successfully', user ? toUserDto(user) : null);
  });

  app.post('/logout', async (c) => {
    const res = await c.var.deps.auth.api.signOut({ headers: c.req.raw.headers, asResponse: true });
    forwardCookies(c, res);
    return ok(c, 'Signed out successfully', null);
  });

  app.get('/getMe', (c) => {
    const user = c.var.user;
    if (!user) throw unauthorized();
    return ok(c, 'Current user', toUserDto(user));
  });

  app.post('/onboarding', requireAccount({ onboarded: false, verified: false }), async (c) => {
    const profile = await jsonBody(c, profileSchema);
    const user = await saveProfile(c.var.deps.db, { userId: currentUser(c).id, profile, onBoard: true });
    return ok(c, 'Profile saved successfully', toUserDto(user));
  });

  app.put('/updateProfile', requireAccount(), idempotent(), async (c) => {
    const profile = await jsonBody(c, profileSchema);
    const user = await saveProfile(c.var.deps.db, { userId: currentUser(c).id, profile });
    return ok(c, 'Profile updated successfully', toUserDto(user));
  });

  app.post('/signup-verify', async (c) => {
    const input = await jsonBody(c, verifyEmailSchema);
    await enforceRateLimit(c, 'verify', input.email);
    const { db } = c.var.deps;
    const user = await getUserByEmail(db, input.email);
    const valid = user && !user.deletedAt && (await consumeVerificationToken(db, input.email, input.token));
    if (!user || !valid) {
      if (user?.emailVerified) return ok(c, 'Your email is already verified', toUserDto(user));
      throw badRequest('The verification link might be expired or invalid.');
    }
    await markEmailVerified(db, user.id);
    const fresh = await getUserById(db, user.id);
    return ok(c, 'Email verified successfully!', fresh ? toUserDto(fresh) : null);
  });

  app.post('/signup-verify-resend', async (c) => {
    const input = await jsonBody(c, resendVerificationSchema);
    await enforceRateLimit(c, 'resend', input.email);
    const user = await getUserByEmail(c.var.deps.db, input.email);
    if (user && user.id === c.var.user?.id && user.emailVerified) {
      return ok(c, 'Your email is already verified', null);
    }
    // Same answer whether or not the address has an account.
    if (user && !user.emailVerified && !user.deletedAt) await sendVerification(c, input.email);
    return ok(c, 'Verification email sent successfully!', null);
  });

  app.post('/password-reset/request', async (c) => {
    const input = await jsonBody(c, passwordResetRequestSchema);
    await enforceRateLimit(c, 'otpRequest', input.email);
    await c.var.deps.auth.api.requestPasswordResetEmailOTP({ body: { email: input.email } });
    return ok(c, 'If an account exists for this email, we have sent a 6-digit code to it.', null);
  });

  app.post('/password-reset/confirm', async (c) => {
    const input = await jsonBody(c, passwordResetConfirmSchema);
    await enforceRateLimit(c, 'otpConfirm', input.email);
    try {
      await c.var.deps.auth.api.resetPasswordEmailOTP({
        body: { email: input.email, otp: input.otp, password: input.password },
      });
    } catch (err) {
      const code = (err as { body?: { code?: string } }).body?.code;
      if (code && code in OTP_ERRORS)
        throw badRequest(OTP_ERRORS[code]!, [{ path: 'otp', message: OTP_ERRORS[code]! }]);
      if (code === 'USER_NOT_FOUND') throw badRequest(OTP_ERRORS.INVALID_OTP!);
      throw err;
    }
    return ok(c, 'Your password has been reset. Sign in with your new password.', null);
  });

  return app;
}
