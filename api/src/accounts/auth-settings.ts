// The settings of better-auth that other modules read, kept apart from auth.ts: a static import
// of auth.ts would load the library at start (docs/decisions/048-lazy-auth.md).
import type { BetterAuthOptions } from 'better-auth/minimal';
import type { Config } from '../config';

/**
 * better-auth lives under its own base path so it never shadows our /api/auth/* calls
 * (docs/decisions/001-better-auth-behind-spec-calls.md).
 */
export const AUTH_BASE_PATH = '/api/auth/core';
export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_ATTEMPTS = 5;
export const SESSION_DAYS = 30;
/** A session's cookie lives this long; a request after updateAge since its last renewal renews it. */
export const SESSION_EXPIRES_IN_SECONDS = SESSION_DAYS * 24 * 60 * 60;
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;

/**
 * The options of better-auth that name, sign and age the session cookie: given to betterAuth
 * (auth.ts) and to better-auth's getCookies by the session resolution (session-resolve.ts), so
 * both read the same cookie. A type import only: it loads nothing of the library.
 */
export function sessionCookieOptions(config: Pick<Config, 'appUrl' | 'authSecret'>) {
  return {
    baseURL: config.appUrl,
    secret: config.authSecret,
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      // Off on purpose: every request reads the session row, so disabling or deleting a user
      // and a password reset take effect on the very next request.
      cookieCache: { enabled: false },
    },
    advanced: {
      cookiePrefix: 'ecu',
      useSecureCookies: config.appUrl.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
  } satisfies BetterAuthOptions;
}
