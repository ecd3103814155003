import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatSetup, chatClient, chatSetup, eventually } from '../test/chat-helpers';
import { newClient } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import { createTusUpload, slowTusPatch } from '../test/ticket-helpers';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Prometheus's text format, line by line: `# HELP`/`# TYPE` lines and samples
 * `name{label="value",...} number`. Throws on any other line, so a scrape that does not parse fails.
 */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  // Values as Go's ParseFloat reads them (prom-client writes an empty mean as `Nan`).
  const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|[Nn]a[Nn]|[+-]Inf)$/;
  const label = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/gy;
  for (const line of text.split('\n')) {
    if (line === '' || /^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* /.test(line)) continue;
    const match = sample.exec(line);
    if (!match) throw new Error(`Not a line of the text format: ${line}`);
    const labels: Record<string, string> = {};
    const body = match[2] ?? '';
    label.lastIndex = 0;
    let at = 0;
    for (let m = label.exec(body); m; m = label.exec(body)) {
      labels[m[1] as string] = (m[2] as string).replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
      at = label.lastIndex;
    }
    if (at !== body.length) throw new Error(`Labels that do not parse: ${line}`);
    const value = /^nan$/i.test(match[3] as string) ? Number.NaN : Number(match[3]);
    if (Number.isNaN(value) && !/^nan$/i.test(match[3] as string)) throw new Error(`Not a number: ${line}`);
    samples.push({ name: match[1] as string, labels, value });
  }
  return samples;
}

function scrape(server: TestServer, authorization: string | null = `Bearer ${TOKEN}`) {
  return fetch(`${server.url}/metrics`, authorization ? { headers: { authorization } } : {});
}

async function samples(server: TestServer): Promise<Sample[]> {
  const res = await scrape(server);
  expect(res.status).toBe(200);
  return parseExposition(await res.text());
}

/** The sum of a metric's samples whose labels include `labels`. */
function total(all: Sample[], name: string, labels: Record<string, string> = {}): number {
  return all
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ admin: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 404 in the envelope, token or not, and has no metrics at all', async () => {
    for (const authorization of [null, `Bearer ${TOKEN}`]) {
      const res = await scrape(server, authorization);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ success: false, code: 'not_found' });
    }
    expect(server.deps.metrics).toBeUndefined();
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let server: TestServer;
  let chat: ChatSetup;
  beforeAll(async () => {
    server = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
    chat = await chatSetup(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each([
    ['no Authorization', null],
    ['a wrong token', 'Bearer not-the-metrics-token'],
    ['the token with another scheme', `Basic ${TOKEN}`],
    ['the token cut short', `Bearer ${TOKEN.slice(0, -1)}`],
    ['the token and more', `Bearer ${TOKEN}x`],
    ['an empty bearer', 'Bearer '],
  ])('refuses %s with 401 in the usual envelope', async (_what, authorization) => {
    const res = await scrape(server, authorization);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, code: 'unauthorized', errors: [] });
    expect(JSON.stringify(body)).not.toContain('http_requests_total');
  });

  it('answers the bearer with Prometheus text that parses, Node process metrics included', async () => {
    const res = await scrape(server);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const all = parseExposition(await res.text());
    const names = new Set(all.map((s) => s.name));
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'ecu_chat_sockets_open',
      'ecu_upload_writes_in_progress',
    ]) {
      expect(names, name).toContain(name);
    }
    // Also with the scheme in lower case, as RFC 6750 allows.
    expect((await scrape(server, `bearer ${TOKEN}`)).status).toBe(200);
  });

  it('counts requests by route pattern and status, hot lane included; never a raw ticket number', async () => {
    const tuner = chat.tuner.client;
    const { ticketNumber } = chat.ticket;
    const details = '/api/ecuFile/getTicketDetails/:ticketNumber';
    const before = await samples(server);
    const missing = 987654;
    for (let i = 0; i < 3; i++) {
      expect((await tuner.get(`/api/ecuFile/getTicketDetails/${ticketNumber}`)).status).toBe(200);
    }
    expect((await tuner.get(`/api/ecuFile/getTicketDetails/${missing}`)).status).toBe(404);
    // Answered beside Hono by the request edge's hot lane (api/src/http/hot-lane.ts).
    for (let i = 0; i < 2; i++) expect((await tuner.get('/api/ecuFile/my-files')).status).toBe(200);
    expect((await newClient(server).get('/api/ecuFile/my-files')).status).toBe(401);
    expect((await tuner.get('/api/no/such/endpoint/12345')).status).toBe(404);

    // A request is counted when its response closes, which may come just after the client read it.
    let after: Sample[] = [];
    const rise = (labels: Record<string, string>) =>
      total(after, 'http_requests_total', labels) - total(before, 'http_requests_total', labels);
    await eventually(async () => {
      after = await samples(server);
      return rise({ route: '/api/*', status: '404' }) >= 1;
    });
    expect(rise({ method: 'GET', route: details, status: '200' })).toBe(3);
    expect(rise({ method: 'GET', route: details, status: '404' })).toBe(1);
    expect(rise({ method: 'GET', route: '/api/ecuFile/my-files', status: '200' })).toBe(2);
    expect(rise({ method: 'GET', route: '/api/ecuFile/my-files', status: '401' })).toBe(1);
    const timed = (s: Sample[]) =>
      total(s, 'http_request_duration_seconds_count', { method: 'GET', route: details });
    expect(timed(after) - timed(before)).toBe(4);
    expect(
      total(after, 'http_request_duration_seconds_bucket', { route: details, le: '+Inf' }) -
        total(before, 'http_request_duration_seconds_bucket', { route: details, le: '+Inf' }),
    ).toBe(4);

    const routes = new Set(after.filter((s) => s.name === 'http_requests_total').map((s) => s.labels.route));
    for (const route of routes) {
      expect(route, route).not.toContain(String(ticketNumber));
      expect(route, route).not.toContain(String(missing));
      expect(route, route).not.toContain('12345');
    }
    // The scrapes themselves are counted too, under their own route.
    expect(routes).toContain('/metrics');
  });

  it('the open chat sockets gauge follows a real websocket client', async () => {
    const open = async () => total(await samples(server), 'ecu_chat_sockets_open');
    expect(await open()).toBe(0);
    const client = chatClient(server.url, chat.tuner.client, chat.tuner.user._id, chat.ticket.ticketNumber);
    try {
      await eventually(async () => (await open()) === 1);
      const second = chatClient(server.url, chat.admin.client, chat.admin.user._id, chat.ticket.ticketNumber);
      await eventually(async () => (await open()) === 2);
      second.destroy();
      await eventually(async () => (await open()) === 1);
    } finally {
      client.destroy();
    }
    await eventually(async () => (await open()) === 0);
  });

  it('the jobs gauge has every queue of this process by state, dead letters included', async () => {
    const all = await samples(server);
    const queues = server.deps.jobs.queueNames();
    expect(queues).toEqual(expect.arrayContaining(['mail', 'mail-dead']));
    for (const queue of queues) {
      for (const state of ['deferred', 'ready', 'active', 'failed']) {
        const found = all.filter(
          (s) => s.name === 'ecu_jobs' && s.labels.queue === queue && s.labels.state === state,
        );
        expect(found, `${queue} ${state}`).toHaveLength(1);
        expect(found[0]?.value).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it("the database gauge counts the portal's connections by state on PostgreSQL, none on PGlite", async () => {
    if (server.database.kind === 'pglite') {
      // One embedded backend, the one asking: no pool to count (docs/decisions/074-metrics.md).
      expect(total(await samples(server), 'ecu_db_connections')).toBe(0);
      return;
    }
    const held = (all: Sample[]) =>
      total(all, 'ecu_db_connections', { client: 'other', state: 'idle in transaction' });
    expect(held(await samples(server))).toBe(0);
    // A transaction holds one of the pool's connections, under a name of its own (the app's other
    // work may hold one too), while the scrape reads on another.
    const during = await server.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local application_name = 'ecu-metrics-test'`);
      return samples(server);
    });
    expect(held(during)).toBe(1);
    // pg-boss's pool is there as `jobs` (its workers poll).
    expect(total(during, 'ecu_db_connections', { client: 'jobs' })).toBeGreaterThanOrEqual(1);
    // Committed, the connection is the pool's again (`app`), next to the one the scrape reads on.
    let after: Sample[] = [];
    await eventually(async () => {
      after = await samples(server);
      return held(after) === 0;
    });
    expect(total(after, 'ecu_db_connections', { client: 'app' })).toBeGreaterThanOrEqual(1);
  });

  it('the tus writes in progress gauge counts a PATCH while its bytes arrive', async () => {
    const tuner = chat.tuner.client;
    const created = await createTusUpload(tuner, 8);
    expect(created.status).toBe(201);
    const uploadPath = new URL(created.headers.get('location') as string, server.url).pathname;
    const writing = async () => total(await samples(server), 'ecu_upload_writes_in_progress');
    expect(await writing()).toBe(0);

    // A slow client: the headers and half of the bytes now, the rest when the test says.
    const patch = slowTusPatch(tuner, server.url, uploadPath, 0, Buffer.from('ECU-READ'), 4);
    await eventually(async () => (await writing()) === 1);
    patch.send();
    expect(await patch.status).toBe(204);
    await eventually(async () => (await writing()) === 0);
  });
});
