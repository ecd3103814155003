import { mayUseDesk, type StaffDesk } from '@ecu/shared';
import type { Context, MiddlewareHandler } from 'hono';
import { forbidden, said, unauthorized } from '../http/app-error';
import type { AppEnv, UserRow } from '../http/context';
import { noteRequestUser } from '../platform/request-scope';
import type { ResolvedSession, SessionRequest, sessionResolver } from './session-resolve';

/** Resolves a request's session to its user (built once per app: session-resolve.ts). */
export type ResolveSession = ReturnType<typeof sessionResolver>;

/**
 * The caller of a request: the session's user unless the account was deleted, noted for the
 * access line. Every /api/* route that reads the user comes through here, through loadUser.
 */
export async function callerOf(resolve: ResolveSession, request: SessionRequest): Promise<ResolvedSession> {
  const { user, setCookies } = await resolve(request);
  const live = user && !user.deletedAt ? user : null;
  if (live) noteRequestUser(live.id);
  return { user: live, setCookies };
}

/**
 * Reads the session on every request (no cookie cache, one prepared query: see
 * session-resolve.ts) and puts the user row in c.var.user.
 */
export function loadUser(resolve: ResolveSession): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const request = { cookie: c.req.header('cookie'), headers: () => c.req.raw.headers };
    const { user, setCookies } = await callerOf(resolve, request);
    c.set('user', user);
    await next();
    // A sliding session renews its cookie (and a dead one is cleared): pass that on.
    for (const cookie of setCookies) c.header('set-cookie', cookie, { append: true });
  };
}

/** The gates' refusals, said in the request's language (on-error.ts). */
export const GATE_MESSAGES = {
  signedOut: said('error.signIn'),
  notOnboarded: said('error.notOnboarded'),
  notVerified: said('error.notVerified'),
  disabled: said('error.disabled'),
  notAdmin: said('error.notAdmin'),
  notUser: said('error.notCustomer'),
} as const;

export interface GateOptions {
  onboarded?: boolean;
  verified?: boolean;
  /** 'user': customers only; 'admin': admins only. */
  role?: 'user' | 'admin';
  /** A staff desk: engineers and admins as shared's mayUseDesk says (customers never). */
  desk?: StaffDesk;
}

/**
 * The server's gates, in order (docs/product.md#1-roles-and-accounts): signed in -> onboarded
 * -> verified -> not disabled -> role or desk.
 */
export function passGates(user: UserRow | null, options: GateOptions = {}): UserRow {
  const { onboarded = true, verified = true, role, desk } = options;
  if (!user) throw unauthorized(GATE_MESSAGES.signedOut);
  if (onboarded && !user.onBoarded) throw forbidden(GATE_MESSAGES.notOnboarded, 'not_onboarded');
  if (verified && !user.emailVerified) throw forbidden(GATE_MESSAGES.notVerified, 'not_verified');
  if (user.disabled) throw forbidden(GATE_MESSAGES.disabled, 'account_disabled');
  if (role === 'admin' && user.role !== 'admin') throw forbidden(GATE_MESSAGES.notAdmin, 'not_admin');
  if (role === 'user' && user.role !== 'user') throw forbidden(GATE_MESSAGES.notUser, 'not_customer');
  if (desk && !mayUseDesk(user.role, desk)) throw forbidden(GATE_MESSAGES.notAdmin, 'not_admin');
  return user;
}

export function requireAccount(options: GateOptions = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    passGates(c.var.user, options);
    await next();
  };
}

/** The user the gates let through (call only behind requireAccount). */
export function currentUser(c: Context<AppEnv>): UserRow {
  const user = c.var.user;
  if (!user) throw unauthorized(GATE_MESSAGES.signedOut);
  return user;
}
