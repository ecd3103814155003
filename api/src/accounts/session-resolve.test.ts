import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { sessions } from '../db/schema';
import { adminUser, disabledUser, signIn, type TestUser, verifiedUser } from '../test/factories';
import type { ApiClient } from '../test/http-client';
import { startTestServer, type TestServer } from '../test/test-server';
import { SESSION_DAYS } from './auth-settings';
import { sessionResolver, verifySignedCookie } from './session-resolve';

const DAY_MS = 24 * 60 * 60 * 1000;

let server: TestServer;
let user: TestUser;
/** The server's database, seen through a drizzle that counts the statements it sends. */
let counted: { db: Db; statements: string[] };

function countingDb(db: Db): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const client = (db as unknown as { $client: never }).$client;
  const logger = { logQuery: (query: string) => statements.push(query) };
  const wrapped =
    server.database.kind === 'pglite'
      ? drizzlePglite(client, { schema, logger })
      : drizzlePostgres(client, { schema, logger });
  return { db: wrapped as unknown as Db, statements };
}

/** A tiny app that answers what the resolver found for the request's cookies. */
function probe(db: Db) {
  const resolve = sessionResolver(server.deps.auth, db, server.deps.config);
  const app = new Hono();
  app.get('/', async (c) => {
    const found = await resolve({ cookie: c.req.header('cookie'), headers: () => c.req.raw.headers });
    return c.json({ userId: found.user?.id ?? null, setCookies: found.setCookies });
  });
  return async (cookie: string): Promise<{ userId: string | null; setCookies: string[] }> => {
    const res = await app.request('/', { headers: { cookie } });
    return (await res.json()) as { userId: string | null; setCookies: string[] };
  };
}

const cookieOf = (u: { client: ApiClient }) =>
  [...u.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/** The session cookie's value as the server reads it (the client keeps it URL-encoded). */
function rawCookie(u: { client: ApiClient }): string {
  const [, value] = [...u.client.cookies].find(([name]) => name.endsWith('session_token'))!;
  return decodeURIComponent(value);
}

function tokenOf(u: { client: ApiClient }): string {
  return verifySignedCookie(rawCookie(u), server.deps.config.authSecret)!;
}

beforeAll(async () => {
  server = await startTestServer();
  user = await verifiedUser(server);
  counted = countingDb(server.deps.db);
});
afterAll(() => server?.close());

describe('session resolution', () => {
  it('finds the user of a valid session cookie in one statement, and sets no cookie', async () => {
    const ask = probe(counted.db);
    await ask(cookieOf(user)); // prepares the statement
    counted.statements.length = 0;
    const found = await ask(cookieOf(user));
    expect(found).toEqual({ userId: user.user._id, setCookies: [] });
    expect(counted.statements).toHaveLength(1);
  });

  it('sends no statement for a request without a session cookie or with a forged signature', async () => {
    const ask = probe(counted.db);
    counted.statements.length = 0;
    expect(await ask('')).toEqual({ userId: null, setCookies: [] });
    const forged = cookieOf(user).replace(/session_token=([^;]*)/, (_m, v: string) => {
      const value = decodeURIComponent(v);
      const dot = value.lastIndexOf('.');
      return `session_token=${encodeURIComponent(`${value.slice(0, dot)}x.${value.slice(dot + 1)}`)}`;
    });
    expect(await ask(forged)).toEqual({ userId: null, setCookies: [] });
    expect(counted.statements).toHaveLength(0);
  });

  it('signs out on the very next request once the session row is gone', async () => {
    const other = await verifiedUser(server);
    const ask = probe(server.deps.db);
    expect((await ask(cookieOf(other))).userId).toBe(other.user._id);
    await server.deps.db.delete(sessions).where(eq(sessions.token, tokenOf(other)));
    const after = await ask(cookieOf(other));
    expect(after.userId).toBeNull();
    // better-auth clears the dead cookie.
    expect(after.setCookies.some((line) => /session_token=;/.test(line))).toBe(true);
  });

  it('refuses an expired session and removes it', async () => {
    const other = await verifiedUser(server);
    const token = tokenOf(other);
    await server.deps.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.token, token));
    const found = await probe(server.deps.db)(cookieOf(other));
    expect(found.userId).toBeNull();
    expect(await server.deps.db.select().from(sessions).where(eq(sessions.token, token))).toHaveLength(0);
  });

  it('renews a session a day old (sliding expiry) and passes the new cookie on', async () => {
    const other = await verifiedUser(server);
    const token = tokenOf(other);
    const old = new Date(Date.now() + (SESSION_DAYS - 2) * DAY_MS);
    await server.deps.db.update(sessions).set({ expiresAt: old }).where(eq(sessions.token, token));
    const found = await probe(server.deps.db)(cookieOf(other));
    expect(found.userId).toBe(other.user._id);
    expect(found.setCookies.some((line) => line.includes('session_token='))).toBe(true);
    const [row] = await server.deps.db.select().from(sessions).where(eq(sessions.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(old.getTime() + DAY_MS);
  });

  it('keeps the gates: a disabled account is resolved (the gates refuse it), over HTTP too', async () => {
    const other = await verifiedUser(server);
    const before = await other.client.get('/api/auth/getMe');
    expect(before.status).toBe(200);
    await server.deps.db
      .update(schema.users)
      .set({ disabled: true })
      .where(eq(schema.users.id, other.user._id));
    const files = await other.client.get('/api/ecuFile/my-files');
    expect(files.status).toBe(403);
    expect(files.body.message).toBe('Account disabled');
  });
});

describe('the resolved user', () => {
  /** The user as the session resolution reads it, beside drizzle's `select().from(users)`. */
  async function bothReads(u: TestUser) {
    const resolve = sessionResolver(server.deps.auth, server.deps.db, server.deps.config);
    const found = await resolve({ cookie: cookieOf(u), headers: () => new Headers() });
    const [row] = await server.deps.db.select().from(schema.users).where(eq(schema.users.id, u.user._id));
    return { resolved: found.user, selected: row };
  }

  it('is the row drizzle reads, key for key, in its order, with Dates', async () => {
    const { resolved, selected } = await bothReads(user);
    expect(resolved).toStrictEqual(selected);
    expect(Object.keys(resolved!)).toEqual(Object.keys(selected!));
    expect(resolved!.createdAt).toBeInstanceOf(Date);
    expect(resolved!.deletedAt).toBeNull();
  });

  it('carries every column as written: a deletion instant, a price, credits, an admin role', async () => {
    const other = await verifiedUser(server);
    await server.deps.db
      .update(schema.users)
      .set({
        deletedAt: new Date('2026-03-04T05:06:07.089Z'),
        perCreditPricePence: 4321,
        credits: 17,
        role: 'admin',
        image: 'https://example.test/a.png',
      })
      .where(eq(schema.users.id, other.user._id));
    const { resolved, selected } = await bothReads(other);
    expect(resolved).toStrictEqual(selected);
    expect(resolved).toMatchObject({ perCreditPricePence: 4321, credits: 17, role: 'admin' });
    expect(resolved!.deletedAt!.toISOString()).toBe('2026-03-04T05:06:07.089Z');
  });
});

describe('verifySignedCookie', () => {
  const secret = 'a-secret-of-some-length-0123456789';
  it.each([
    ['', undefined],
    ['no-dot', undefined],
    ['.startsWithDot', undefined],
    ['token.short=', undefined],
    [`token.${'A'.repeat(43)}=`, undefined],
  ])('%j is refused', (value, expected) => {
    expect(verifySignedCookie(value, secret)).toBe(expected);
  });

  it('accepts what better-auth signs', () => {
    const secret = server.deps.config.authSecret;
    const raw = rawCookie(user);
    expect(verifySignedCookie(raw, secret)).toBe(tokenOf(user));
    expect(verifySignedCookie(raw, `${secret}x`)).toBeUndefined();
  });
});

// Our resolver against the library's own read: the same cookie, or for a case that writes two
// sessions of one user set up alike, one read by sessionResolver, the other by better-auth's
// auth.api.getSession (docs/decisions/079-public-apis-only.md).
describe('the resolver answers as better-auth getSession does', () => {
  /** A Set-Cookie line with its value and expiry instant left out: they differ by session. */
  const shape = (line: string) =>
    line
      .replace(/^([^=]+)=([^;]*)/, (_m, name: string, value: string) => `${name}=${value ? '<value>' : ''}`)
      .replace(/;\s*Expires=[^;]*/i, '');

  /** What better-auth's user holds, from either read. */
  const libraryFields = (u: Record<string, unknown> | null | undefined) =>
    u
      ? { id: u.id, email: u.email, name: u.name, emailVerified: u.emailVerified, image: u.image ?? null }
      : null;

  async function ours(cookie: string) {
    const resolve = sessionResolver(server.deps.auth, server.deps.db, server.deps.config);
    const found = await resolve({ cookie, headers: () => new Headers({ cookie }) });
    return { user: libraryFields(found.user), setCookies: found.setCookies.map(shape) };
  }

  async function library(cookie: string) {
    const found = await server.deps.auth.api.getSession({
      headers: new Headers({ cookie }),
      returnHeaders: true,
    });
    return {
      user: libraryFields(found.response?.user as Record<string, unknown> | undefined),
      setCookies: (found.headers?.getSetCookie?.() ?? []).map(shape),
    };
  }

  const swapToken = (cookie: string, change: (value: string) => string) =>
    cookie.replace(
      /session_token=([^;]*)/,
      (_m, v: string) => `session_token=${encodeURIComponent(change(decodeURIComponent(v)))}`,
    );
  const expireIn = (ms: number) => (token: string) =>
    server.deps.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + ms) })
      .where(eq(sessions.token, token))
      .then(() => {});

  interface Case {
    name: string;
    /** The user: the file's own unless given. */
    who?: () => Promise<TestUser>;
    /** Whether reading the session writes (removes or renews it): then each side gets its own. */
    writes?: boolean;
    arrange?: (token: string) => Promise<void>;
    /** After both sign-ins, once: what happens to the account. */
    account?: (u: TestUser) => Promise<void>;
    cookie?: (cookie: string) => string;
    expected: { signedIn: boolean; setCookies: 'none' | 'renewed' | 'cleared' };
  }

  const cases: Case[] = [
    { name: 'a valid cookie', expected: { signedIn: true, setCookies: 'none' } },
    {
      name: 'an expired session',
      writes: true,
      arrange: expireIn(-60_000),
      expected: { signedIn: false, setCookies: 'cleared' },
    },
    {
      name: 'a session due for renewal',
      writes: true,
      arrange: expireIn((SESSION_DAYS - 2) * DAY_MS),
      expected: { signedIn: true, setCookies: 'renewed' },
    },
    {
      name: 'a revoked session (its row deleted)',
      writes: true,
      arrange: (token) =>
        server.deps.db
          .delete(sessions)
          .where(eq(sessions.token, token))
          .then(() => {}),
      expected: { signedIn: false, setCookies: 'cleared' },
    },
    {
      name: 'a cookie whose signature was changed',
      cookie: (c) => swapToken(c, (v) => `${v.slice(0, v.lastIndexOf('.'))}.${'A'.repeat(43)}=`),
      expected: { signedIn: false, setCookies: 'none' },
    },
    {
      name: 'a cookie whose token was changed',
      cookie: (c) => swapToken(c, (v) => `x${v.slice(1)}`),
      expected: { signedIn: false, setCookies: 'none' },
    },
    {
      name: 'a disabled account (the gates refuse it later)',
      who: () => disabledUser(server),
      expected: { signedIn: true, setCookies: 'none' },
    },
    {
      name: 'an account an admin deleted',
      who: () => verifiedUser(server),
      writes: true,
      account: async (u) => {
        const admin = await adminUser(server);
        const res = await admin.client.post('/api/admin/deleteUser', { userId: u.user._id });
        expect(res.status, res.text).toBe(200);
      },
      expected: { signedIn: false, setCookies: 'cleared' },
    },
  ];

  it.each(cases)('$name', async ({ who, writes = false, arrange, account, cookie = (c) => c, expected }) => {
    const u = who ? await who() : user;
    const session = async () => ({ client: await signIn(server, u) });
    // A user of its own lends its first session; the file's user keeps its own for other tests.
    const [mine, theirs] = writes ? [who ? u : await session(), await session()] : [u, u];
    for (const side of writes ? [mine!, theirs!] : [mine!]) await arrange?.(tokenOf(side));
    await account?.(u);

    const a = await ours(cookie(cookieOf(mine!)));
    const b = await library(cookie(cookieOf(theirs!)));
    expect(a).toEqual(b);

    // And what both answered, so that an equal mistake on both sides fails too.
    expect(a.user?.id ?? null).toBe(expected.signedIn ? u.user._id : null);
    const tokenLines = a.setCookies.filter((line) => line.includes('session_token='));
    if (expected.setCookies === 'none') expect(a.setCookies).toEqual([]);
    if (expected.setCookies === 'renewed')
      expect(tokenLines).toEqual([expect.stringContaining('session_token=<value>')]);
    if (expected.setCookies === 'cleared')
      expect(tokenLines).toEqual([expect.stringMatching(/session_token=;/)]);
  });
});
