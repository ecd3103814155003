import {
  localeInputSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  profileSchema,
  resendVerificationSchema,
  signInSchema,
  signUpSchema,
  verifyEmailSchema,
} from '@ecu/shared';
import { type ServerMessageId, serverMessages } from '@ecu/shared/i18n/server-messages';
import { type Context, Hono } from 'hono';
import { badRequest, said, unauthorized } from '../http/app-error';
import type { AppEnv } from '../http/context';
import { ok } from '../http/envelope';
import { idempotent } from '../http/idempotency';
import { jsonBody } from '../http/validate';
import { FIXED_ANSWER_MS, inFixedTime } from './fixed-time';
import { currentUser, requireAccount } from './gates';
import {
  getUserByEmail,
  getUserById,
  markEmailVerified,
  rehashIfOutdated,
  saveLocale,
  saveProfile,
} from './queries';
import { enforceRateLimit, forgiveRateLimit } from './rate-limits';
import { signUp } from './signup';
import { toUserDto } from './user-dto';
import { consumeVerificationToken, sendVerificationMail } from './verification-link';

/** Copies better-auth's Set-Cookie headers (session cookie) onto our answer. */
function forwardCookies(c: Context, res: Response) {
  for (const cookie of res.headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
}

/** better-auth's codes for a wrong password-reset code, as our messages (said in the request's language). */
const OTP_ERRORS: Record<string, ServerMessageId> = {
  INVALID_OTP: 'field.otp.invalid',
  OTP_EXPIRED: 'field.otp.expired',
  TOO_MANY_ATTEMPTS: 'field.otp.tooMany',
};
const ENGLISH = serverMessages('en');

/**
 * The /auth/* calls (docs/product.md#13-the-http-api) plus the password reset
 * (docs/product.md#1-roles-and-accounts).
 */
export function accountRoutes() {
  const app = new Hono<AppEnv>();

  app.post('/signup', async (c) => {
    const input = await jsonBody(c, signUpSchema);
    await enforceRateLimit(c, 'signup', input.email);
    return signUp(c, input, (res) => forwardCookies(c, res));
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
    if (!res.ok) throw unauthorized(said('error.invalidCredentials'), 'invalid_credentials');
    await forgiveRateLimit(c, counted);
    forwardCookies(c, res);
    const user = await getUserByEmail(db, input.email);
    if (user) await rehashIfOutdated(db, user.id, input.password);
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

  // The account's language: any signed-in account, before onboarding and verification too.
  app.put('/locale', requireAccount({ onboarded: false, verified: false }), async (c) => {
    const { locale } = await jsonBody(c, localeInputSchema);
    const user = await saveLocale(c.var.deps.db, currentUser(c).id, locale);
    if (!user) throw unauthorized('Unauthorized');
    return ok(c, 'Language saved', toUserDto(user));
  });

  app.post('/signup-verify', async (c) => {
    const input = await jsonBody(c, verifyEmailSchema);
    await enforceRateLimit(c, 'verify', input.email);
    const { db } = c.var.deps;
    // The token is looked up for every address, known or not: the answer does not tell them apart.
    const valid = await consumeVerificationToken(db, input.email, input.token);
    const user = await getUserByEmail(db, input.email);
    // A profile only ever goes to that user's own session.
    const own = Boolean(user && c.var.user?.id === user.id);
    if (!user || user.deletedAt || !valid) {
      if (own && c.var.user?.emailVerified) {
        return ok(c, 'Your email is already verified', toUserDto(c.var.user));
      }
      throw badRequest('The verification link might be expired or invalid.');
    }
    await markEmailVerified(db, user.id);
    const fresh = own ? await getUserById(db, user.id) : undefined;
    return ok(c, 'Email verified successfully!', fresh ? toUserDto(fresh) : null);
  });

  app.post('/signup-verify-resend', async (c) => {
    const input = await jsonBody(c, resendVerificationSchema);
    await enforceRateLimit(c, 'resend', input.email);
    const user = await getUserByEmail(c.var.deps.db, input.email);
    if (user && user.id === c.var.user?.id && user.emailVerified) {
      return ok(c, 'Your email is already verified', null);
    }
    // Same answer, in the same time, whether or not the address has an account.
    const to =
      user && !user.emailVerified && !user.deletedAt
        ? { id: user.id, email: input.email, locale: user.locale }
        : null;
    await inFixedTime(
      async () => to && (await sendVerificationMail(c.var.deps, to)),
      FIXED_ANSWER_MS,
      (err) => c.var.deps.logger.error('Could not queue the verification e-mail:', err),
    );
    return ok(c, 'Verification email sent successfully!', null);
  });

  app.post('/password-reset/request', async (c) => {
    const input = await jsonBody(c, passwordResetRequestSchema);
    await enforceRateLimit(c, 'otpRequest', input.email);
    await enforceRateLimit(c, 'otpRequestDay', input.email);
    const { auth, logger } = c.var.deps;
    // Same answer, in the same time, whether or not the address has an account.
    await inFixedTime(
      () => auth.api.requestPasswordResetEmailOTP({ body: { email: input.email } }),
      FIXED_ANSWER_MS,
      (err) => logger.error('Could not queue the password reset code:', err),
    );
    return ok(c, 'If an account exists for this email, we have sent a 6-digit code to it.', null);
  });

  app.post('/password-reset/confirm', async (c) => {
    const input = await jsonBody(c, passwordResetConfirmSchema);
    await enforceRateLimit(c, 'otpConfirm', input.email);
    await enforceRateLimit(c, 'otpConfirmDay', input.email);
    try {
      await c.var.deps.auth.api.resetPasswordEmailOTP({
        body: { email: input.email, otp: input.otp, password: input.password },
      });
    } catch (err) {
      const code = (err as { body?: { code?: string } }).body?.code;
      if (code && code in OTP_ERRORS)
        throw badRequest(said(OTP_ERRORS[code]!), [{ path: 'otp', message: ENGLISH(OTP_ERRORS[code]!) }]);
      if (code === 'USER_NOT_FOUND') throw badRequest(said(OTP_ERRORS.INVALID_OTP!));
      throw err;
    }
    return ok(c, 'Your password has been reset. Sign in with your new password.', null);
  });

  return app;
}
