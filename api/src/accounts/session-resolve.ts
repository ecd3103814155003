import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { parse as parseCookies } from 'hono/utils/cookie';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { sessions, users } from '../db/schema';
import type { UserRow } from '../http/context';
import type { Auth } from './auth';
import { sessionCookieOptions } from './auth-settings';

export interface ResolvedSession {
  user: UserRow | null;
  /** Set-Cookie lines to pass on (a renewed or a cleared session cookie). */
  setCookies: string[];
}

/** What resolution reads of a request: its Cookie header, and all its headers for the library. */
export interface SessionRequest {
  cookie: string | undefined;
  headers: () => Headers;
}

/** What the resolution needs of the session cookie, from the options we give better-auth. */
interface CookieSettings {
  tokenCookie: string;
  /** better-auth's other session cookies: a request with one goes to the library, which tidies them. */
  otherCookies: string[];
}

/**
 * The statement of every signed-in request: the session by its token, with its user, in one
 * indexed query, prepared once per database (docs/decisions/030-hot-reads.md).
 */
const reads = perDatabase((db) => ({
  sessionWithUser: db
    .select({ user: getTableColumns(users), expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .limit(1)
    .prepare('session_with_user'),
}));

const SIGNATURE_LENGTH = 44; // base64 of an HMAC-SHA256, as better-auth signs its cookies

/**
 * The value of a cookie better-auth signed (`token.signature`), or undefined when the
 * signature does not verify. better-auth offers no call that verifies a cookie without reading
 * the session too; session-resolve.test.ts holds this to its getSession for tampered cookies.
 */
export function verifySignedCookie(value: string, secret: string): string | undefined {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return undefined;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith('=')) return undefined;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : undefined;
}

/**
 * The cookie names better-auth gives the options we pass it (`getCookies`). Its cookies module
 * is loaded on the first request that carries a cookie, not at start (docs/decisions/048-lazy-auth.md).
 */
async function cookieSettings(config: Pick<Config, 'appUrl' | 'authSecret'>): Promise<CookieSettings> {
  const { getCookies } = await import('better-auth/cookies');
  const names = getCookies(sessionCookieOptions(config));
  return {
    tokenCookie: names.sessionToken.name,
    otherCookies: [names.sessionData.name, names.dontRememberToken.name],
  };
}

/**
 * Resolves the caller of every /api/* request in one prepared query (session joined with its
 * user), with no cookie cache: a revoked session or a disabled account counts on the very next
 * request. Every case that writes (an expired session to remove, a renewal once a day,
 * better-auth's other session cookies, a token not found) goes through better-auth's
 * getSession itself; session-resolve.test.ts holds the two equal
 * (docs/decisions/079-public-apis-only.md).
 */
export function sessionResolver(auth: Auth, db: Db, config: Pick<Config, 'appUrl' | 'authSecret'>) {
  const cookie = sessionCookieOptions(config);
  const expiresInMs = cookie.session.expiresIn * 1000;
  const updateAgeMs = cookie.session.updateAge * 1000;
  let settings: Promise<CookieSettings> | undefined;

  async function throughLibrary(request: SessionRequest): Promise<ResolvedSession> {
    const found = await auth.api.getSession({ headers: request.headers(), returnHeaders: true });
    const userId = found.response?.user.id;
    let user: UserRow | null = null;
    if (userId) {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      user = row ?? null;
    }
    return { user, setCookies: found.headers?.getSetCookie?.() ?? [] };
  }

  return async function resolveSession(request: SessionRequest): Promise<ResolvedSession> {
    if (!request.cookie) return { user: null, setCookies: [] };
    // A failed load is tried again by the next request rather than kept.
    settings ??= cookieSettings(config).catch((err: unknown) => {
      settings = undefined;
      throw err;
    });
    const s = await settings;
    const cookies = parseCookies(request.cookie);
    const raw = cookies[s.tokenCookie];
    const otherSessionCookies = s.otherCookies.some((name) => name in cookies);
    // No session cookie: nobody is signed in (better-auth only tidies its other cookies).
    if (!raw) return otherSessionCookies ? throughLibrary(request) : { user: null, setCookies: [] };
    const token = verifySignedCookie(raw, cookie.secret);
    if (!token) return { user: null, setCookies: [] };
    if (otherSessionCookies) return throughLibrary(request);
    const [row] = await reads(db).sessionWithUser.execute({ token });
    if (!row) return throughLibrary(request);
    const expiresAt = row.expiresAt.getTime();
    const now = Date.now();
    // better-auth's documented sliding expiry: renewed once updateAge has passed since the last.
    const dueForRenewal = expiresAt - expiresInMs + updateAgeMs <= now;
    if (expiresAt <= now || dueForRenewal) return throughLibrary(request);
    return { user: row.user, setCookies: [] };
  };
}
