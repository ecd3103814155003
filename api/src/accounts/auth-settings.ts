// The settings of better-auth that other modules read, kept apart from auth.ts: a static import
// of auth.ts would load the library at start (docs/decisions/048-lazy-auth.md).

/**
 * better-auth lives under its own base path so it never shadows our /api/auth/* calls
 * (docs/decisions/001-better-auth-behind-spec-calls.md).
 */
export const AUTH_BASE_PATH = '/api/auth/core';
export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_ATTEMPTS = 5;
export const SESSION_DAYS = 30;
