import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { parse as parseCookies } from 'hono/utils/cookie';
import type { Db } from '../db/client';
import { buildOnce, positionsOf, runBuiltArrays } from '../db/prepared';
import { users } from '../db/schema';
import type { UserRow } from '../http/context';
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

/**
 * The statement of every signed-in request: the session by its token, with its user. Its row
 * is an array (runBuiltArrays): the user's columns in the table's order, then the session's
 * expiry. Read through drizzle's execute and row mapping, a signed-in request with a one-row
 * page (my-files?limit=1) cost 0.42 CPU-ms; read so, 0.31 (docs/decisions/052-fewer-copies.md).
 */
const USER_COLUMNS = getTableColumns(users);
const USER_KEYS = Object.keys(USER_COLUMNS) as (keyof UserRow)[];
const SESSION_WITH_USER = buildOnce(sql`
  select ${sql.join(
    USER_KEYS.map((key) => sql`u.${sql.identifier(USER_COLUMNS[key].name)}`),
    sql`, `,
  )}, s.expires_at
  from sessions s join users u on u.id = s.user_id
  where s.token = ${sql.placeholder('token')}
  limit 1`);
type SessionRow = unknown[];

/** Each user key's position in a SessionRow; the session's expiry comes after them. */
const U = positionsOf(USER_KEYS);
const EXPIRES_AT = USER_KEYS.length;

/**
 * An instant as drizzle maps it: postgres.js answers text (drizzle sets its parsers so), PGlite
 * a Date.
 */
const instant = (value: unknown) => new Date(value as string | Date);

/** The user of a SessionRow, as `db.select().from(users)` gives it, key for key and in order. */
function userOfRow(r: SessionRow): UserRow {
  const deletedAt = r[U.deletedAt];
  return {
    id: r[U.id] as string,
    name: r[U.name] as string,
    email: r[U.email] as string,
    emailVerified: r[U.emailVerified] as boolean,
    image: r[U.image] as string | null,
    firstName: r[U.firstName] as string,
    lastName: r[U.lastName] as string,
    address: r[U.address] as string,
    country: r[U.country] as string,
    city: r[U.city] as string,
    postalCode: r[U.postalCode] as string,
    role: r[U.role] as UserRow['role'],
    credits: r[U.credits] as number,
    perCreditPricePence: r[U.perCreditPricePence] as number,
    totalMoneySpentPence: r[U.totalMoneySpentPence] as number,
    totalFilesSubmitted: r[U.totalFilesSubmitted] as number,
    onBoarded: r[U.onBoarded] as boolean,
    disabled: r[U.disabled] as boolean,
    deletedAt: deletedAt === null ? null : instant(deletedAt),
    createdAt: instant(r[U.createdAt]),
    updatedAt: instant(r[U.updatedAt]),
  };
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
  const byToken = (token: string) => runBuiltArrays<SessionRow>(db, SESSION_WITH_USER, { token });

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
    const [row] = await byToken(token);
    if (!row) return throughLibrary(request);
    const expiresAt = instant(row[EXPIRES_AT]).getTime();
    const now = Date.now();
    const dueForRenewal = expiresAt - s.expiresInMs + s.updateAgeMs <= now;
    if (expiresAt <= now || dueForRenewal) return throughLibrary(request);
    return { user: userOfRow(row), setCookies: [] };
  };
}
