import { randomBytes } from 'node:crypto';
import type { UserDto } from '@ecu/shared';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_SEARCH_TEXT, users } from '../../db/schema';
import { adminUser, PROFILE, type TestUser, verifiedUser } from '../../test/factories';
import type { ApiClient } from '../../test/http-client';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let admin: TestUser;
let octavia: TestUser;
const tag = randomBytes(3).toString('hex');
/** Accounts inserted as rows: 132 of them, in threes sharing a created_at. */
const COUNT = 132;

interface Page {
  data: UserDto[];
  nextCursor: string | null;
}

async function list(client: ApiClient, path: string): Promise<Page> {
  const res = await client.get<UserDto[]>(path);
  expect(res.status, res.text).toBe(200);
  expect(res.body.success).toBe(true);
  return { data: res.body.data, nextCursor: res.body.nextCursor ?? null };
}

/** Every page of a list, following nextCursor; fails on a loop. */
async function allPages(path: string, limit: number): Promise<UserDto[][]> {
  const pages: UserDto[][] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const page: Page = await list(
      admin.client,
      `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    pages.push(page.data);
    cursor = page.nextCursor;
    expect(pages.length).toBeLessThan(100);
  } while (cursor);
  return pages;
}

/** The ids the database itself orders newest first, for a predicate over users. */
async function storedOrder(where: SQL): Promise<string[]> {
  const rows = await server.deps.db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(sql`${users.createdAt} desc, ${users.id} desc`);
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  server = await startTestServer();
  [admin, octavia] = await Promise.all([
    adminUser(server),
    verifiedUser(server, { ...PROFILE, firstName: 'Octavia', lastName: `Fairweather${tag}` }),
  ]);
  // Rows straight into the table: the ties below cannot be made through sign-ups.
  // i % 3 == 0 and 1 share the very same microsecond; i % 3 == 2 is 1 µs later in the same millisecond.
  const rows = Array.from({ length: COUNT }, (_, i) => {
    const second = String(Math.floor(i / 3)).padStart(2, '0');
    const micro = i % 3 === 2 ? '123457' : '123456';
    return {
      id: `${randomBytes(8).toString('hex')}`,
      email: `pager-${tag}-${i}@lists.test`,
      firstName: `Page${i}`,
      lastName: i === 7 ? `Hundred%Sure${tag}` : i === 8 ? `Under_score${tag}` : `Pager${tag}`,
      emailVerified: i % 5 !== 0,
      onBoarded: true,
      disabled: i % 7 === 0,
      deletedAt: i % 11 === 0 ? new Date() : null,
      createdAt: sql`${`2025-06-01T10:00:${second}.${micro}Z`}::timestamptz`,
    };
  });
  await server.deps.db.insert(users).values(rows);
});
afterAll(async () => {
  await server?.close();
});

const tagged = () => sql`${users.deletedAt} is null and ${users.lastName} like ${`%${tag}`}`;

describe('GET /api/admin/getAllUsers paging', () => {
  it('pages 120+ accounts (ties in the same microsecond included) by 50: each exactly once, newest first', async () => {
    const pages = await allPages(`/api/admin/getAllUsers?q=pager-${tag}`, 50);
    const expected = await storedOrder(sql`${tagged()} and ${users.email} like ${`pager-${tag}-%`}`);
    expect(expected.length).toBeGreaterThan(110);
    expect(pages.map((p) => p.length)).toEqual([50, 50, expected.length - 100]);
    expect(pages.flat().map((u) => u._id)).toEqual(expected);
  });

  it('pages the whole list without a search the same way', async () => {
    const pages = await allPages('/api/admin/getAllUsers', 50);
    expect(pages.flat().map((u) => u._id)).toEqual(await storedOrder(sql`${users.deletedAt} is null`));
  });

  it.each([
    ['disabled', '/api/admin/getAllDisabledUsers', sql`${users.deletedAt} is null and ${users.disabled}`],
    [
      'unverified',
      '/api/admin/getAllUnverifiedUsers',
      sql`${users.deletedAt} is null and not ${users.emailVerified}`,
    ],
  ])('lists exactly the %s accounts, none deleted', async (_, path, where) => {
    const pages = await allPages(path, 7);
    const expected = await storedOrder(where);
    expect(expected.length).toBeGreaterThan(10);
    expect(pages.flat().map((u) => u._id)).toEqual(expected);
    const searched = await allPages(`${path}?q=${tag}`, 50);
    expect(searched.flat().map((u) => u._id)).toEqual(await storedOrder(sql`${where} and ${tagged()}`));
  });

  it('never lists deleted accounts, in any list or search', async () => {
    const deleted = await storedOrder(sql`${users.deletedAt} is not null`);
    expect(deleted).toHaveLength(Math.ceil(COUNT / 11));
    for (const path of [
      '/api/admin/getAllUsers',
      '/api/admin/getAllDisabledUsers',
      '/api/admin/getAllUnverifiedUsers',
    ]) {
      // pager-…-77 is deleted and disabled.
      expect((await list(admin.client, `${path}?q=pager-${tag}-77@`)).data).toEqual([]);
      const listed = new Set((await allPages(path, 200)).flat().map((u) => u._id));
      expect(deleted.filter((id) => listed.has(id))).toEqual([]);
    }
    expect((await list(admin.client, `/api/admin/getAllUsers?q=pager-${tag}-76@`)).data).toHaveLength(1);
  });

  it.each([
    '99999|x',
    '0000-01-01T00:00:00Z|x',
    '+099999-01-01T00:00:00.000Z|x',
    '2026-02-30T00:00:00Z|x',
    '2026-01-01T24:00:00Z|x',
    '2026-01-01T00:00:00.1234567Z|x',
    '2026-01-01T00:00:00Z',
    '2026-01-01T00:00:00Z|a|b',
    'garbage',
  ])('starts from the first page for the cursor %j (never a 500)', async (cursor) => {
    const first = await list(admin.client, '/api/admin/getAllUsers?limit=3');
    const res = await list(
      admin.client,
      `/api/admin/getAllUsers?limit=3&cursor=${encodeURIComponent(cursor)}`,
    );
    expect(res.data.map((u) => u._id)).toEqual(first.data.map((u) => u._id));
  });

  it('hands out cursors at microsecond precision', async () => {
    const { nextCursor } = await list(admin.client, `/api/admin/getAllUsers?q=pager-${tag}&limit=1`);
    expect(nextCursor).toMatch(/^2025-06-01T10:\d{2}:\d{2}\.12345[67]Z\|[0-9a-f]{16}$/);
  });

  it.each(['limit=0', 'limit=201', 'limit=abc', 'limit=1.5'])('refuses %s with 400', async (query) => {
    const res = await admin.client.get(`/api/admin/getAllDisabledUsers?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.path).toBe('limit');
  });
});

describe('searching the user lists', () => {
  const ids = (page: Page) => page.data.map((u) => u._id);

  it.each([
    ['a first name', 'OCTAVIA'],
    ['a last name', `fairweather${tag}`],
    ['the full name', `Octavia Fairweather${tag}`],
  ])('finds by %s, case-insensitively', async (_, q) => {
    expect(ids(await list(admin.client, `/api/admin/getAllUsers?q=${encodeURIComponent(q)}`))).toEqual([
      octavia.user._id,
    ]);
  });

  it('finds by a part of the e-mail', async () => {
    const middle = octavia.email.slice(3, -4);
    expect(ids(await list(admin.client, `/api/admin/getAllUsers?q=${encodeURIComponent(middle)}`))).toEqual([
      octavia.user._id,
    ]);
  });

  it('finds by role', async () => {
    const found = (await allPages('/api/admin/getAllUsers?q=ADMIN', 50)).flat();
    const admins = await storedOrder(sql`${users.deletedAt} is null and ${users.role} = 'admin'`);
    expect(admins).toContain(admin.user._id);
    expect(found.map((u) => u._id)).toEqual(
      await storedOrder(sql`${users.deletedAt} is null and ${USER_SEARCH_TEXT} ilike '%admin%'`),
    );
    expect(admins.every((id) => found.some((u) => u._id === id))).toBe(true);
  });

  it.each([
    ['%', '\\%'],
    ['_', '\\_'],
    [`d%S`, 'd\\%S'],
    [`r_s`, 'r\\_s'],
    ['%%', '\\%\\%'],
  ])('takes %j literally', async (q, escaped) => {
    const found = (await allPages(`/api/admin/getAllUsers?q=${encodeURIComponent(q)}`, 200)).flat();
    const expected = await storedOrder(
      sql`${users.deletedAt} is null and ${USER_SEARCH_TEXT} ilike ${`%${escaped}%`}`,
    );
    expect(found.map((u) => u._id)).toEqual(expected);
    expect(
      found.every((u) => `${u.firstName} ${u.lastName} ${u.email}`.toLowerCase().includes(q.toLowerCase())),
    ).toBe(true);
  });

  it('finds the % and _ accounts by their own names', async () => {
    const percent = await list(admin.client, `/api/admin/getAllUsers?q=${encodeURIComponent('d%s')}`);
    expect(percent.data.map((u) => u.lastName)).toEqual([`Hundred%Sure${tag}`]);
    const underscore = await list(admin.client, `/api/admin/getAllUsers?q=${encodeURIComponent('r_S')}`);
    expect(underscore.data.map((u) => u.lastName)).toEqual([`Under_score${tag}`]);
  });

  it('answers an empty page for no match, and ignores a blank search', async () => {
    expect(await list(admin.client, '/api/admin/getAllUsers?q=nobody-by-this-name')).toEqual({
      data: [],
      nextCursor: null,
    });
    const blank = await list(admin.client, '/api/admin/getAllUsers?q=%20%20&limit=5');
    const first = await list(admin.client, '/api/admin/getAllUsers?limit=5');
    expect(ids(blank)).toEqual(ids(first));
  });
});
