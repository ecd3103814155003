import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, type TestUser, verifiedUser } from '../test/factories';
import type { ApiClient, ApiResponse } from '../test/http-client';
import { startTestServer, type TestServer } from '../test/test-server';

/**
 * Every API route the app registers, called with hostile JSON, paths and queries as a
 * signed-in tuner and as an admin: nothing may answer 5xx (a 500 also logs console.error,
 * which fails the test on its own), and the server answers health after each route.
 */
let server: TestServer;
let tuner: TestUser;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  [tuner, admin] = await Promise.all([verifiedUser(server), adminUser(server)]);
});
afterAll(async () => {
  await server?.close();
});

const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
const deepArray = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const FIELDS = [
  'email',
  'password',
  'userId',
  'ticketNumber',
  'fileId',
  'status',
  'credits',
  'amount',
  'role',
  'clientId',
  'options',
  'token',
  'otp',
];
const each = (value: unknown) => JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, value])));

/** Bodies sent as application/json: prototype keys, depth, huge numbers, wrong types, bad JSON. */
const BODIES: Array<[string, string]> = [
  ['__proto__ key', '{"__proto__":{"isAdmin":true,"role":"admin"},"role":"admin"}'],
  ['constructor.prototype', '{"constructor":{"prototype":{"role":"admin"}}}'],
  ['method names as keys', '{"toString":1,"hasOwnProperty":"x","valueOf":[],"__defineGetter__":{}}'],
  ['every field a prototype name', each('__proto__')],
  ['deep object', deep(2_000)],
  ['deep array', deepArray(2_000)],
  ['huge numbers', each(1e308)],
  ['past double range', `{"ticketNumber":1e400,"credits":-1e400,"amount":${'9'.repeat(400)}}`],
  ['unsafe integers', `{${FIELDS.map((f) => `"${f}":9007199254740993`).join(',')}}`],
  ['negative and fractional', each(-0.5)],
  ['objects for scalars', each({ $gt: '' })],
  ['arrays for scalars', each(['a', 'b'])],
  ['null everywhere', each(null)],
  ['booleans everywhere', each(true)],
  ['long strings', each('x'.repeat(5_000))],
  ['NUL and lone surrogates', each('a\u0000b\ud800')],
  ['an array body', '[{"email":"a@b.c"}]'],
  ['a string body', '"hello"'],
  ['null body', 'null'],
  ['a number body', '1e999'],
  ['invalid JSON', '{"a":'],
  ['invalid JSON with a BOM', '\ufeff{"a":1}'],
  ['empty body', ''],
];

/** Path parameter values: prototype names, numbers past int4, NUL, traversal. */
const PARAMS = [
  '__proto__',
  'constructor',
  '1e309',
  '-1',
  '99999999999999999999',
  '%00',
  'NaN',
  '..%2f..',
  '0x10',
];
const QUERY =
  '?limit=1e309&cursor=__proto__&q=%00&status=constructor&status=x&__proto__[x]=1&toString=1&page=-1&before=NaN';

interface Route {
  method: string;
  path: string;
}

/** Routes that speak another protocol (tus), sign the caller out, or are the catch-alls. */
const SKIP = [/^\/api\/uploads/, /^\/api\/auth\/logout$/, /\*$/];

function apiRoutes(): Route[] {
  const seen = new Set<string>();
  const routes: Route[] = [];
  for (const { method, path } of server.app.routes) {
    if (!path.startsWith('/api/') || method === 'ALL' || SKIP.some((re) => re.test(path))) continue;
    const key = `${method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ method, path });
  }
  return routes;
}

const withParam = (path: string, value: string) => path.replace(/:[A-Za-z]+/g, value);

function expectNo5xx(res: ApiResponse<unknown>, label: string) {
  expect(res.status, `${label}: ${res.status} ${res.text.slice(0, 200)}`).toBeLessThan(500);
}

async function attack(client: ApiClient, route: Route) {
  const label = `${route.method} ${route.path}`;
  const calls: Array<Promise<void>> = [];
  if (route.method === 'GET') {
    for (const value of route.path.includes(':') ? PARAMS : ['']) {
      const path = withParam(route.path, value) + QUERY;
      calls.push(client.request('GET', path).then((res) => expectNo5xx(res, `${label} as ${path}`)));
    }
  } else {
    const path = withParam(route.path, '1');
    for (const [name, body] of BODIES) {
      calls.push(
        client
          .request(route.method, path, { body, headers: { 'content-type': 'application/json' } })
          .then((res) => expectNo5xx(res, `${label} with ${name}`)),
      );
    }
  }
  await Promise.all(calls);
  expect((await fetch(new URL('/api/health', server.url))).status).toBe(200);
}

describe('hostile input on every API route', () => {
  it('finds the routes of the app (a guard on the walk itself)', () => {
    const routes = apiRoutes().map((r) => `${r.method} ${r.path}`);
    expect(routes).toContain('POST /api/ecuFile/create-ecuFile');
    expect(routes).toContain('PUT /api/admin/uploadTunedFile');
    expect(routes.length).toBeGreaterThan(40);
  });

  it('answers a body nested 150,000 deep (just under the JSON limit) like any other', async () => {
    for (const body of [deep(150_000), deepArray(150_000)]) {
      for (const [method, path] of [
        ['POST', '/api/auth/login'],
        ['PUT', '/api/auth/updateProfile'],
        ['PUT', '/api/admin/updateEcuFileStatus'],
      ] as const) {
        const client = path.startsWith('/api/admin') ? admin.client : tuner.client;
        const res = await client.request(method, path, {
          body,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.status, `${method} ${path}: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expectNo5xx(res, `${method} ${path}`);
      }
    }
  }, 60_000);

  it.each([
    ['a signed-in tuner', () => tuner.client],
    ['an admin', () => admin.client],
  ])(
    'never answers 5xx to %s',
    async (_who, client) => {
      const started = performance.now();
      for (const route of apiRoutes()) {
        const t = performance.now();
        await attack(client(), route);
        const ms = performance.now() - t;
        if (ms > 2_000) console.info(`${route.method} ${route.path}: ${Math.round(ms)} ms`);
      }
      console.info(`${apiRoutes().length} routes in ${Math.round(performance.now() - started)} ms`);
    },
    600_000,
  );
});
