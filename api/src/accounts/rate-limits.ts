import type { Context } from 'hono';
import { AppError, said } from '../http/app-error';
import { clientIp } from '../http/client-ip';
import type { AppEnv } from '../http/context';

type Window = readonly [limit: number, seconds: number];

/** Per-IP and per-e-mail limits on the calls that cost us mail or invite guessing. */
export const RATE_LIMITS = {
  signup: { ip: [20, 3600], email: [5, 3600] },
  signin: { ip: [30, 600], email: [10, 600] },
  verify: { ip: [30, 600], email: [10, 600] },
  resend: { ip: [10, 600], email: [3, 600] },
  otpRequest: { ip: [10, 600], email: [3, 600] },
  otpConfirm: { ip: [20, 600], email: [10, 600] },
  // Daily caps on top: a new code every 10 minutes would otherwise allow guessing for ever.
  otpRequestDay: { ip: [30, 86400], email: [10, 86400] },
  otpConfirmDay: { ip: [60, 86400], email: [20, 86400] },
} as const satisfies Record<string, { ip: Window; email: Window }>;

/**
 * Counts this call against the action's per-IP and per-e-mail limits; a 429 once either is
 * used up. Returns the keys it counted, for forgiveRateLimit.
 */
export async function enforceRateLimit(
  c: Context<AppEnv>,
  action: keyof typeof RATE_LIMITS,
  email?: string,
): Promise<string[]> {
  const { rateLimits, config } = c.var.deps;
  const rule = RATE_LIMITS[action];
  const checks: [string, Window][] = [[`${action}:ip:${clientIp(c, config.trustProxyHops)}`, rule.ip]];
  if (email) checks.push([`${action}:email:${email.toLowerCase()}`, rule.email]);
  for (const [key, [limit, seconds]] of checks) {
    const result = await rateLimits.hit(key, seconds, limit);
    if (!result.allowed) {
      const minutes = Math.ceil(result.retryAfterSeconds / 60);
      throw new AppError('rate_limited', said('error.tooManyAttempts', { minutes }), {
        headers: { 'Retry-After': String(result.retryAfterSeconds) },
      });
    }
  }
  return checks.map(([key]) => key);
}

/**
 * Takes back the hits of a call that succeeded: the sign-in limits are there for guessers, so
 * an admin who signs in on many devices is never locked out by their own right password.
 */
export async function forgiveRateLimit(c: Context<AppEnv>, keys: string[]): Promise<void> {
  for (const key of keys) await c.var.deps.rateLimits.release(key);
}
