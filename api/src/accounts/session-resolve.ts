import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { parse as parseCookies } from 'hono/utils/cookie';
import type { UserRow } from '../app/context';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import type { Auth } from './auth';

export interface ResolvedSession {
  user: UserRow | null;
  /** Set-Cookie lines to pass on (a renewed or a cleared session cookie). */
  setCookies: string[];
}

/** What the fast path needs from better-auth's context: cookie names, the secret, the ages. */
/** What resolution reads of a request: its Cookie header, and all its headers for the library. */
export interface SessionRequest {
  cookie: string | undefined;
  headers: () => Headers;
}

interface SessionSettings {
  tokenCookie: string;
  otherCookies: string[];
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
}

const SIGNATURE_LENGTH = 44; // base64 of an HMAC-SHA256, as better-auth signs its cookies

/**
 * The value of a cookie better-auth signed (`token.signature`), or undefined when the
 * signature does not verify: the same test as better-auth's, in Node's crypto.
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
 * Resolves the caller of every /api/* request in one indexed, prepared query (session joined
 * with its user), with no cookie cache: a revoked session or a disabled account counts on
 * the very next request. The few cases that write (an expired session to remove, a sliding
 * renewal once a day, better-auth's other session cookies) go through better-auth itself, so
 * its behaviour stays the reference (docs/decisions/030-hot-reads.md).
 */
export function sessionResolver(auth: Auth, db: Db) {
  let settings: Promise<SessionSettings> | undefined;
  const loadSettings = async (): Promise<SessionSettings> => {
    const ctx = await auth.$context;
    return {
      tokenCookie: ctx.authCookies.sessionToken.name,
      otherCookies: [ctx.authCookies.sessionData.name, ctx.authCookies.dontRememberToken.name],
      secret: ctx.secret,
      expiresInMs: ctx.sessionConfig.expiresIn * 1000,
      updateAgeMs: ctx.sessionConfig.updateAge * 1000,
    };
  };
  const byToken = db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .limit(1)
    .prepare('session_with_user');

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
    // A failed load is tried again by the next request rather than kept.
    settings ??= loadSettings().catch((err: unknown) => {
      settings = undefined;
      throw err;
    });
    const s = await settings;
    const cookies = request.cookie ? parseCookies(request.cookie) : {};
    const raw = cookies[s.tokenCookie];
    const otherSessionCookies = s.otherCookies.some((name) => name in cookies);
    // No session cookie: nobody is signed in (better-auth only tidies its other cookies).
    if (!raw) return otherSessionCookies ? throughLibrary(request) : { user: null, setCookies: [] };
    const token = verifySignedCookie(raw, s.secret);
    if (!token) return { user: null, setCookies: [] };
    if (otherSessionCookies) return throughLibrary(request);
    const [row] = await byToken.execute({ token });
    if (!row) return throughLibrary(request);
    const expiresAt = row.expiresAt.getTime();
    const now = Date.now();
    const dueForRenewal = expiresAt - s.expiresInMs + s.updateAgeMs <= now;
    if (expiresAt <= now || dueForRenewal) return throughLibrary(request);
    return { user: row.user, setCookies: [] };
  };
}
