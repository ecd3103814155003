// The server against a bare baseline (the goals in docs/benchmarks.md), printed, never asserted: the built
// portal and scripts/bare-server.mjs (node:http + postgres.js, hand-written SQL) on one scratch
// PostgreSQL database, measured in interleaved rounds (portal, bare, portal, bare...), medians.
// Ratios are always portal / bare. Ends with a markdown table for a closing note.
//
// On its own: `pnpm build && node scripts/bench-server.mjs` (about 4 minutes). From code:
// `await benchServer({ port })` (scripts/bench.mjs; it adds the admin-search row of
// scripts/bench-admin-lists.mjs to the table).
//
// Knobs (environment):
//   BENCH_PORTAL=path/to/api/dist/main.mjs  the portal build to measure (default: this tree's)
//   BENCH_NODE_ARGS='...'  the portal's node flags instead of deploy/node-args.json's ('' for
//                        node's defaults)
//   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres  where the scratch
//                        database ecu_bench_server_<pid> is created (and dropped after)
//   BENCH_DURATION=5     seconds of load per server per round (health, my-files, admin list)
//   BENCH_ROUNDS=3       interleaved rounds; the medians are printed
//   BENCH_CONNECTIONS=32 concurrent connections of the load
//   BENCH_CPU_REQUESTS=2000  requests per CPU-time measurement (public-config)
//   BENCH_COUNT_REQUESTS=100 requests per SQL statement count (through a counting proxy)
//   BENCH_SYNC_TICKETS=1000  tickets of the user whose first full sync is timed (after 5 warm-up
//                        syncs, at least 7 rounds)
//   BENCH_PGLITE_TICKETS=1000 demo tickets in the PGlite data dir of the cold-start row
//   BENCH_UPLOAD=off     skips the 20 MB upload row (scripts/bench-upload.mjs; at least 5 rounds)
//   BENCH_LOADER=autocannon  drives the load with autocannon even where wrk is installed
//   BENCH_VERBOSE=1      prints every round of the load runs, not only the medians
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { scratchDatabase } from './bench-postgres.mjs';
import { benchUpload } from './bench-upload.mjs';
import { benchProcessEnv, PORTAL_ENTRY, portalNodeArgs } from './portal-process.mjs';

const root = path.resolve(import.meta.dirname, '..');
const env = process.env;
const PORTAL = path.resolve(env.BENCH_PORTAL || PORTAL_ENTRY);
const PORTAL_ARGS = portalNodeArgs();
// seed:demo runs in the tree the portal was built from, so its schema is the portal's own.
const PORTAL_ROOT = path.resolve(path.dirname(PORTAL), '../..');
const BARE = path.join(root, 'scripts/bare-server.mjs');
const ADMIN_URL = env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(env.BENCH_DURATION || 5);
const ROUNDS = Number(env.BENCH_ROUNDS || 3);
const VERBOSE = Boolean(env.BENCH_VERBOSE);
/** Syncs (and plain selects) before the timed ones, and the fewest timed: each is short. */
const SYNC_WARMUP = 5;
const SYNC_ROUNDS = 7;
/**
 * The fewest rounds of the 20 MB uploads: one upload is a tenth of a second, and on a shared
 * machine a single round's PUT ran anywhere from 157 to 244 MB/s.
 */
const UPLOAD_ROUNDS = 5;
const CONNECTIONS = Number(env.BENCH_CONNECTIONS || 32);
const CPU_REQUESTS = Number(env.BENCH_CPU_REQUESTS || 2000);
const COUNT_REQUESTS = Number(env.BENCH_COUNT_REQUESTS || 100);
const SYNC_TICKETS = Number(env.BENCH_SYNC_TICKETS || 1000);
const MY_FILES_TICKETS = 50;
const PGLITE_TICKETS = Number(env.BENCH_PGLITE_TICKETS || 1000);
const ADMIN = { email: 'bench-admin@bench.test', password: 'bench-password-1' };
const PASSWORD = 'bench-password-1';
const PROFILE = {
  firstName: 'Bench',
  lastName: 'Customer',
  country: 'GB',
  city: 'London',
  postalCode: 'SW1A 1AA',
  address: '1 Bench Street',
};
const AUTH_SECRET = env.AUTH_SECRET ?? 'bench-secret-bench-secret-bench-secret';
const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
// postgres.js is a dependency of the api package, not of the workspace root.
const postgres = createRequire(path.join(root, 'api/package.json'))('postgres');

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- processes -------------------------------------------------------------------------

/** Starts `entry` and resolves at its first 200 of GET /api/health, with the time it took. */
function startProcess(entry, port, extraEnv) {
  const started = performance.now();
  const args = entry === PORTAL ? [...PORTAL_ARGS, entry] : [entry];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...env,
      ...benchProcessEnv(),
      PORT: String(port),
      LOG_LEVEL: 'error',
      TRUST_PROXY: 'on',
      AUTH_SECRET,
      SMTP_URL: '',
      REDIS_URL: '',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  return new Promise((resolve, reject) => {
    const poll = async () => {
      if (child.exitCode !== null)
        return reject(new Error(`${path.basename(entry)} exited (${child.exitCode})`));
      try {
        if ((await fetch(`${baseUrl}/api/health`)).status === 200)
          return resolve({ child, pid: child.pid, baseUrl, startMs: performance.now() - started });
      } catch {}
      setTimeout(poll, 5);
    };
    poll();
  });
}

const stop = (server) =>
  server.child.exitCode !== null
    ? Promise.resolve()
    : new Promise((r) => server.child.once('exit', r) && server.child.kill('SIGTERM'));

/** User + system CPU time of a process so far, in ms (/proc/<pid>/stat, clock ticks). */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
}

/**
 * CPU ms of every PostgreSQL process so far, by pid: the database's share of a request (the
 * cluster is shared, so other work on it counts too; compare the two servers' figures).
 */
function postgresCpu() {
  const byPid = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      byPid.set(pid, cpuMs(pid));
    } catch {}
  }
  return byPid;
}
const postgresCpuSince = (before) =>
  [...postgresCpu()].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

/** Resident memory now and at its highest, in MB (/proc/<pid>/status). */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(status.match(new RegExp(`^${key}:\\s+(\\d+)`, 'm'))?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** Max VmRSS every 100 ms while `work` runs. */
async function peakRssDuring(pid, work) {
  let peak = memory(pid).rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, memory(pid).rss);
  }, 100);
  try {
    return { result: await work(), peak };
  } finally {
    clearInterval(timer);
  }
}

// ---- load --------------------------------------------------------------------------------

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/**
 * wrk when it is installed and BENCH_LOADER is not 'autocannon': a C
 * client parses answers in a fraction of the CPU autocannon takes, which on a 2-core machine
 * is CPU the servers do not get (and more of it for the portal's longer headers).
 */
const WRK =
  env.BENCH_LOADER !== 'autocannon' &&
  (() => {
    try {
      execFileSync('wrk', ['--version'], { stdio: 'ignore' });
      return true;
    } catch (err) {
      return err.status === 1; // wrk --version prints its version and exits with 1
    }
  })();

const WRK_UNITS = { us: 0.001, ms: 1, s: 1000, m: 60_000 };
const WRK_BYTES = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

/** A duration run of wrk, in autocannon's result shape (the figures loadRun reads). */
function wrkRun({ url, headers, duration, connections = CONNECTIONS }) {
  const args = ['-t2', `-c${connections}`, `-d${duration}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', [...args, url], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const total = /(\d+) requests in ([\d.]+)(us|ms|s|m), ([\d.]+)(B|KB|MB|GB) read/.exec(out);
      const p99 = /^\s*99%\s+([\d.]+)(us|ms|s|m)/m.exec(out);
      if (code !== 0 || !total || !p99) return reject(new Error(`wrk failed (${code}): ${out}`));
      const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out);
      resolve({
        requests: { total: Number(total[1]) },
        duration: (Number(total[2]) * WRK_UNITS[total[3]]) / 1000,
        latency: { p99: Number(p99[1]) * WRK_UNITS[p99[2]] },
        throughput: { total: Number(total[4]) * WRK_BYTES[total[5]] },
        non2xx: non2xx ? Number(non2xx[1]) : 0,
        errors: errors ? Number(errors[1]) + Number(errors[2]) + Number(errors[3]) : 0,
        timeouts: errors ? Number(errors[4]) : 0,
      });
    });
  });
}

/** Load by duration through wrk when there is one, else autocannon; by amount, autocannon. */
const load = (opts) => (WRK && !opts.amount ? wrkRun(opts) : cannon(opts));

/** One load run against `server`: req/s, p99, bytes per answer, server CPU ms per request. */
async function loadRun(server, pathAndQuery, { cookie, duration = DURATION, amount, connections } = {}) {
  const before = cpuMs(server.pid);
  const dbBefore = postgresCpu();
  const { result, peak } = await peakRssDuring(server.pid, () =>
    load({
      url: `${server.baseUrl}${pathAndQuery}`,
      headers: cookie ? { cookie } : {},
      ...(amount ? { amount } : { duration }),
      ...(connections ? { connections } : {}),
    }),
  );
  const cpu = cpuMs(server.pid) - before;
  const dbCpu = postgresCpuSince(dbBefore);
  const n = result.requests.total;
  if (result.non2xx || result.errors || result.timeouts)
    console.warn(
      `  warning: ${pathAndQuery} on ${server.name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  return {
    rps: n / result.duration,
    p99: result.latency.p99,
    bytes: result.throughput.total / n,
    cpuMs: cpu / n,
    dbCpuMs: dbCpu / n,
    peakRss: peak,
  };
}

/** ROUNDS interleaved runs of each server; the median of every figure. */
async function interleaved(servers, pathAndQuery, cookieOf, options = {}) {
  const runs = new Map(servers.map((s) => [s.name, []]));
  for (const s of servers) await loadRun(s, pathAndQuery, { cookie: cookieOf(s), duration: 1 }); // warm-up
  for (let round = 0; round < ROUNDS; round++)
    for (const s of servers) {
      const run = await loadRun(s, pathAndQuery, { cookie: cookieOf(s), ...options });
      if (VERBOSE)
        console.info(
          `    ${pathAndQuery} ${s.name} round ${round + 1}: ${Math.round(run.rps)} req/s, p99 ${run.p99} ms, ${run.cpuMs.toFixed(2)} CPU-ms/req`,
        );
      runs.get(s.name).push(run);
    }
  const out = {};
  for (const [name, list] of runs) {
    out[name] = {};
    for (const key of Object.keys(list[0])) out[name][key] = median(list.map((r) => r[key]));
    out[name].peakRss = Math.max(...list.map((r) => r.peakRss));
  }
  return out;
}

// ---- SQL statements per request: a proxy that counts Execute and Query messages ---------

/** A TCP proxy to PostgreSQL that counts the statements its clients run (E and Q messages). */
async function countingProxy(target) {
  let statements = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    let buffer = Buffer.alloc(0);
    let startup = true;
    client.on('data', (chunk) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (startup) {
          // The startup packet (or an SSLRequest before it) has no type byte.
          if (buffer.length < 8) break;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) break;
          startup = buffer.readInt32BE(4) === 80877103;
          buffer = buffer.subarray(length);
          continue;
        }
        if (buffer.length < 5) break;
        const length = buffer.readInt32BE(1);
        if (buffer.length < length + 1) break;
        if (buffer[0] === 0x45 || buffer[0] === 0x51) statements += 1;
        buffer = buffer.subarray(length + 1);
      }
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const s of [client, upstream]) s.on('error', close).on('close', close);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: server.address().port,
    count: () => statements,
    close: () => new Promise((r) => server.close(r)),
  };
}

/** Statements per request of `pathAndQuery` (sequential requests), through `proxy`. */
async function statementsPerRequest(proxy, baseUrl, pathAndQuery, cookie) {
  const get = async () => {
    const res = await fetch(`${baseUrl}${pathAndQuery}`, { headers: cookie ? { cookie } : {} });
    if (!res.ok) throw new Error(`${pathAndQuery}: HTTP ${res.status}`);
    await res.arrayBuffer();
  };
  for (let i = 0; i < 5; i++) await get();
  await sleep(100);
  const before = proxy.count();
  for (let i = 0; i < COUNT_REQUESTS; i++) await get();
  return (proxy.count() - before) / COUNT_REQUESTS;
}

// ---- seeding -------------------------------------------------------------------------------

const cookieOf = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

async function post(baseUrl, route, body, { cookie, ip } = {}) {
  const res = await fetch(`${baseUrl}${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: `http://localhost:${new URL(baseUrl).port}`,
      ...(cookie ? { cookie } : {}),
      ...(ip ? { 'x-forwarded-for': ip } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${route}: HTTP ${res.status} ${await res.text()}`);
  return res;
}

/**
 * A customer signed up and onboarded through the API (one scrypt hash), verified in SQL, with
 * `tickets` tickets (an ECU file each) written by SQL: the API would spend minutes on them.
 */
let customers = 0;
async function customerWithTickets(baseUrl, sql, tag, tickets) {
  const email = `bench-${tag}@bench.test`;
  customers += 1;
  const ip = `198.18.7.${customers}`; // each sign-up its own client IP (the per-IP limits)
  const signup = await post(
    baseUrl,
    '/api/auth/signup',
    { email, password: PASSWORD, confirmPassword: PASSWORD },
    { ip },
  );
  const cookie = cookieOf(signup);
  const userId = (await signup.json()).data._id;
  await post(baseUrl, '/api/auth/onboarding', PROFILE, { cookie, ip });
  await sql`update users set email_verified = true where id = ${userId}`;
  await sql`
    insert into tickets (user_id, make, model, year, registration, ecu_id, read_tool, stage, options,
      notes, credits_need, status, created_at, updated_at)
    select ${userId}, (array['BMW','Audi','Ford','VW'])[1 + g % 4], '320d', '2019',
      'AB' || lpad((g % 100)::text, 2, '0') || ' CDE', 'EDC17C50', 'KESS3', 'Stage 1',
      '{dpf,egr}', case when g % 5 = 0 then 'please check the map' end, 2,
      (array['Pending','In Progress','Completed'])[1 + g % 3],
      now() - make_interval(mins => g), now() - make_interval(mins => g)
    from generate_series(1, ${tickets}) g`;
  await sql`
    insert into ticket_files (ticket_id, kind, name, size, sha256, storage_key, uploaded_by, created_at)
    select id, 'ecu', 'read-' || ticket_number || '.bin', 2097152, md5(id::text) || md5(ticket_number::text),
      'bench/' || id, user_id, created_at
    from tickets where user_id = ${userId}`;
  return { userId, cookie, email };
}

/** The demo business in a fresh PGlite data dir, written by the portal tree's `seed:demo`. */
function seedPglite(dataDir) {
  execFileSync(
    'pnpm',
    [
      '--silent',
      'seed:demo',
      '--users',
      String(Math.max(1, PGLITE_TICKETS / 10)),
      '--tickets',
      String(PGLITE_TICKETS),
      '--payments',
      String(PGLITE_TICKETS / 2),
      '--json',
    ],
    { cwd: PORTAL_ROOT, env: { ...env, DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: 'ignore' },
  );
}

// ---- the measurements ------------------------------------------------------------------------

/** One connection, kept alive, for the syncs: as a device's browser keeps its own. */
const syncAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** A GET asking for gzip, as fetch does over HTTP: status, headers and the body's bytes. */
function getBytes(url, headers) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      url,
      { agent: syncAgent, headers: { 'accept-encoding': 'gzip', ...headers } },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

/**
 * GET /api/sync from the start, following `cursor` while `hasMore`. `ms` runs until the last
 * byte of each page has arrived: the server's work and the wire, what the plain select is
 * held against. `readMs` is the client's gunzip and JSON.parse after it, printed apart: a
 * browser decodes in its network process, while fetch in Node (undici) gunzips through web
 * streams in 16 KiB pieces, 12-15 ms for a page that zlib decodes in one go in about 1 ms
 * (docs/decisions/052-fewer-copies.md).
 */
async function fullSync(baseUrl, cookie) {
  let ms = 0;
  let readMs = 0;
  let pages = 0;
  let changes = 0;
  let cursor;
  for (;;) {
    const started = performance.now();
    const res = await getBytes(
      `${baseUrl}/api/sync${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      {
        cookie,
      },
    );
    const received = performance.now();
    if (res.status !== 200) throw new Error(`GET /api/sync: HTTP ${res.status}`);
    const gzipped = res.headers['content-encoding'] === 'gzip';
    const { data } = JSON.parse(gzipped ? gunzipSync(res.body) : res.body);
    ms += received - started;
    readMs += performance.now() - received;
    pages += 1;
    changes += data.changes.length;
    if (!data.hasMore) break;
    cursor = data.cursor;
  }
  return { ms, readMs, pages, changes };
}

/** fullSync's first page through fetch (undici) and res.json(), start to parsed, in ms. */
async function fetchSync(baseUrl, cookie) {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/sync`, { headers: { cookie } });
  if (!res.ok) throw new Error(`GET /api/sync: HTTP ${res.status}`);
  await res.json();
  return performance.now() - started;
}

/** The baseline of a full sync: one select of the same tickets and files, as JSON. */
async function plainSelect(sql, userId) {
  const started = performance.now();
  const rows = await sql`
    select t.*, f.id as f_id, f.kind, f.name, f.size, f.sha256 from tickets t
    left join ticket_files f on f.ticket_id = t.id where t.user_id = ${userId}`;
  const json = JSON.stringify(rows);
  return { ms: performance.now() - started, rows: rows.length, bytes: json.length };
}

async function sameAnswer(label, portal, bare, route, cookie) {
  const get = async (s) =>
    (await fetch(`${s.baseUrl}${route}`, { headers: cookie ? { cookie } : {} })).json();
  const [a, b] = [await get(portal), await get(bare)];
  if (!isDeepStrictEqual(a, b)) {
    console.warn(`  warning: ${label}: the bare answer differs from the portal's`);
    console.warn(`    portal: ${JSON.stringify(a).slice(0, 400)}`);
    console.warn(`    bare:   ${JSON.stringify(b).slice(0, 400)}`);
  }
  return a;
}

// ---- the table --------------------------------------------------------------------------------

const fmt = (x, digits = 0) => (x === undefined || x === null || Number.isNaN(x) ? '—' : x.toFixed(digits));
const ratio = (a, b) => (a && b ? `${(a / b).toFixed(2)}x` : '—');

/** Rows of `| path | portal | bare | ratio | goal |` as markdown. */
export function summaryTable(rows) {
  const lines = ['| path | portal | bare | ratio | goal |', '| --- | --- | --- | --- | --- |'];
  for (const r of rows) lines.push(`| ${r.path} | ${r.portal} | ${r.bare} | ${r.ratio} | ${r.goal} |`);
  return lines.join('\n');
}

/**
 * The admin-search rows from what scripts/bench-admin-lists.mjs printed (it prints its figures
 * and returns nothing): the 1k and large p50 of each getAllEcuFiles search, per backend.
 */
export function adminSearchRows(lines) {
  const rows = [];
  let backend = '';
  for (const line of lines) {
    const on = line.match(/Admin lists on (\S+):/);
    if (on) backend = on[1];
    const m = line.match(
      /(getAllEcuFiles search .*?)\s+(\S+) p50\s+([\d.]+) ms.*?\s(\S+) p50\s+([\d.]+) ms.*ratio ([\d.]+)x/,
    );
    if (!m) continue;
    const [, label, small, smallP50, large, largeP50, r] = m;
    rows.push({
      path: `admin ${label.trim().replace('getAllEcuFiles ', 'ticket ')} q=, ${large} vs ${small} (${backend}), p50`,
      portal: `${largeP50} ms at ${large}`,
      bare: `${smallP50} ms at ${small}`,
      ratio: `${r}x`,
      goal: '≤1.5x',
    });
  }
  return rows;
}

/** Runs `work` while keeping a copy of every console.info line (still printed). */
export async function captureInfo(work) {
  const lines = [];
  const info = console.info;
  console.info = (...args) => {
    lines.push(args.join(' '));
    info(...args);
  };
  try {
    await work();
  } finally {
    console.info = info;
  }
  return lines;
}

// ---- the run ---------------------------------------------------------------------------------

/**
 * The whole comparison on ports port..port+4. Returns the table's rows; prints the figures
 * and, unless printTable is false, the markdown table.
 */
export async function benchServer({ port = 3193, printTable = true } = {}) {
  const database = scratchDatabase(ADMIN_URL, `ecu_bench_server_${process.pid}`);
  try {
    await database.create();
  } catch (err) {
    console.info(`\nServer vs bare: skipped, no PostgreSQL at ${ADMIN_URL} (${err.message})`);
    return [];
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ecu-bench-server-'));
  const pgliteDir = mkdtempSync(path.join(os.tmpdir(), 'ecu-bench-server-pglite-'));
  const sql = postgres(database.url, { max: 2, onnotice: () => {} });
  const portalEnv = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  const started = [];
  const start = async (name, entry, p, extraEnv) => {
    const s = Object.assign(await startProcess(entry, p, extraEnv), { name });
    started.push(s);
    return s;
  };
  const t0 = performance.now();
  console.info(`\nServer vs bare (${PORTAL}), ${ROUNDS} interleaved rounds, medians; ratio = portal / bare`);
  try {
    // 1. Both servers on one database; the portal first, as it migrates it.
    const portal = await start('portal', PORTAL, port, portalEnv);
    const bare = await start('bare', BARE, port + 1, { DATABASE_URL: database.url });
    await sleep(2000);
    const idle = { portal: memory(portal.pid).rss, bare: memory(bare.pid).rss };

    // 2. The data: a customer with 50 tickets, a user with 1,000 for the sync, the admin.
    const customer = await customerWithTickets(portal.baseUrl, sql, 'files', MY_FILES_TICKETS);
    const syncer = await customerWithTickets(portal.baseUrl, sql, 'sync', SYNC_TICKETS);
    await sql`analyze`;
    const admin = cookieOf(await post(portal.baseUrl, '/api/auth/login', ADMIN, { ip: '198.18.9.1' }));
    const [{ feed }] = await sql`select count(*)::int as feed from changes where user_id = ${syncer.userId}`;
    const servers = [portal, bare];
    console.info(
      `  seeded: ${MY_FILES_TICKETS} tickets for my-files, ${SYNC_TICKETS} for the sync (${feed} feed rows) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    // 3. The same answers, or the comparison is void.
    await sameAnswer('GET /api/health', portal, bare, '/api/health');
    const myFiles = await sameAnswer('my-files', portal, bare, '/api/ecuFile/my-files', customer.cookie);
    if (myFiles.data?.length !== MY_FILES_TICKETS)
      console.warn(`  warning: my-files answered ${myFiles.data?.length} tickets`);
    const adminList = '/api/admin/getAllEcuFiles?limit=50';
    const page = await sameAnswer('getAllEcuFiles', portal, bare, adminList, admin);
    const page2 = `${adminList}&cursor=${page.nextCursor}`;
    await sameAnswer('getAllEcuFiles page 2', portal, bare, page2, admin);

    // 4. Load.
    const health = await interleaved(servers, '/api/health', () => undefined);
    console.info(
      `  GET /api/health           portal ${fmt(health.portal.rps)} req/s, ${fmt(health.portal.bytes)} B/answer   bare ${fmt(health.bare.rps)} req/s, ${fmt(health.bare.bytes)} B/answer`,
    );
    const files = await interleaved(servers, '/api/ecuFile/my-files', () => customer.cookie);
    console.info(
      `  GET my-files (50)         portal ${fmt(files.portal.rps)} req/s p99 ${fmt(files.portal.p99)} ms ${fmt(files.portal.cpuMs, 2)} CPU-ms/req (+${fmt(files.portal.dbCpuMs, 2)} in PostgreSQL)   bare ${fmt(files.bare.rps)} req/s p99 ${fmt(files.bare.p99)} ms ${fmt(files.bare.cpuMs, 2)} CPU-ms/req (+${fmt(files.bare.dbCpuMs, 2)} in PostgreSQL)`,
    );
    const list = await interleaved(servers, adminList, () => admin);
    console.info(
      `  GET getAllEcuFiles?limit=50 portal ${fmt(list.portal.rps)} req/s p99 ${fmt(list.portal.p99)} ms   bare ${fmt(list.bare.rps)} req/s p99 ${fmt(list.bare.p99)} ms`,
    );

    // 5. CPU of a public route without and with a session cookie (the portal only).
    const publicRoute = '/api/public-config';
    const cpu = { anon: [], session: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [key, cookie] of [
        ['anon', undefined],
        ['session', customer.cookie],
      ]) {
        const r = await loadRun(portal, publicRoute, { cookie, amount: CPU_REQUESTS, connections: 8 });
        cpu[key].push(r.cpuMs);
      }
    }
    const cpuAnon = median(cpu.anon);
    const cpuSession = median(cpu.session);
    console.info(
      `  GET ${publicRoute}     ${fmt(cpuAnon, 3)} CPU-ms/req without a session, ${fmt(cpuSession, 3)} with (${CPU_REQUESTS} requests x ${ROUNDS})`,
    );

    // 6. First full sync of 1,000 tickets against one plain select of the same rows, each warmed
    // up alike first: a server that has served a few syncs, as one in service has (the first
    // ones of a process run code V8 has not optimised yet, printed apart). A sync is short, so
    // it takes at least SYNC_ROUNDS rounds.
    const sync = [];
    const plain = [];
    const coldSync = await fullSync(portal.baseUrl, syncer.cookie);
    for (let round = 0; round < SYNC_WARMUP; round++) {
      if (round > 0) await fullSync(portal.baseUrl, syncer.cookie);
      await plainSelect(sql, syncer.userId);
    }
    for (let round = 0; round < Math.max(ROUNDS, SYNC_ROUNDS); round++) {
      sync.push(await fullSync(portal.baseUrl, syncer.cookie));
      plain.push(await plainSelect(sql, syncer.userId));
    }
    const syncMs = median(sync.map((s) => s.ms));
    const readMs = median(sync.map((s) => s.readMs));
    const plainMs = median(plain.map((s) => s.ms));
    const fetched = [];
    for (let round = 0; round < SYNC_ROUNDS; round++)
      fetched.push(await fetchSync(portal.baseUrl, syncer.cookie));
    const fetchMs = median(fetched);
    if (VERBOSE)
      console.info(
        `    sync rounds: ${sync.map((s) => fmt(s.ms)).join(', ')} ms; plain ${plain.map((s) => fmt(s.ms, 1)).join(', ')} ms; fetch ${fetched.map((ms) => fmt(ms)).join(', ')} ms`,
      );
    console.info(
      `  first full GET /api/sync  ${fmt(syncMs)} ms to the last byte in ${sync[0].pages} pages, ${sync[0].changes} changes (${feed} feed rows), then ${fmt(readMs, 1)} ms to gunzip and parse   plain select ${fmt(plainMs, 1)} ms, ${plain[0].rows} rows, ${plain[0].bytes} B of JSON`,
    );
    console.info(
      `                            through fetch and res.json(): ${fmt(fetchMs)} ms; the process's very first sync: ${fmt(coldSync.ms)} ms to the last byte`,
    );

    // 7. 20 MB: tus to the portal against a plain streaming PUT (scripts/bench-upload.mjs).
    // The 20 MB figures only (large: false skips its 100 MB part); the row compares the 16 MiB
    // chunks the web app sends (UPLOAD_CHUNK_SIZE), with one request beside it.
    let upload = [];
    if (env.BENCH_UPLOAD !== 'off')
      upload = await benchUpload({
        baseUrl: portal.baseUrl,
        cookie: admin,
        purpose: 'tuned',
        large: false,
        runs: Math.max(ROUNDS, UPLOAD_ROUNDS),
        // Each upload's file removed after its run, and the PUT's too, as when the upload bench
        // runs on its own; with the portal's pid, its CPU per upload is printed.
        uploadsDir: path.join(dataDir, 'uploads'),
        serverPid: portal.pid,
      });
    const small = upload.filter((r) => (r.bytes ?? 20e6) <= 20e6);
    const tusChunks = small.find((r) => /^tus, 16 Mi?B chunks/i.test(r.label));
    const tusOne = small.find((r) => /^tus/i.test(r.label) && !/chunks/.test(r.label));
    const put = small.find((r) => /PUT/.test(r.label));

    // 8. SQL statements per request, counted on the wire by a proxy (a third and fourth server).
    const proxy = await countingProxy(new URL(ADMIN_URL));
    const proxied = new URL(database.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const countedPortal = await start('portal (counted)', PORTAL, port + 2, {
      ...portalEnv,
      DATABASE_URL: proxied.toString(),
    });
    const countedBare = await start('bare (counted)', BARE, port + 3, { DATABASE_URL: proxied.toString() });
    const count = (server, route, cookie) => statementsPerRequest(proxy, server.baseUrl, route, cookie);
    const statements = {
      healthPortal: await count(countedPortal, '/api/health'),
      healthBare: await count(countedBare, '/api/health'),
      anon: await count(countedPortal, publicRoute),
      session: await count(countedPortal, publicRoute, customer.cookie),
      filesPortal: await count(countedPortal, '/api/ecuFile/my-files', customer.cookie),
      filesBare: await count(countedBare, '/api/ecuFile/my-files', customer.cookie),
      listPortal: await count(countedPortal, adminList, admin),
      listBare: await count(countedBare, adminList, admin),
    };
    await stop(countedPortal);
    await stop(countedBare);
    await proxy.close();
    console.info(
      `  SQL statements/request    health ${statements.healthPortal} (bare ${statements.healthBare}), ${publicRoute} ${statements.anon} without a session, ${statements.session} with, my-files ${statements.filesPortal} (bare ${statements.filesBare}), getAllEcuFiles ${statements.listPortal} (bare ${statements.listBare})`,
    );
    await stop(portal);
    await stop(bare);

    // 9. Cold start to the first 200: PostgreSQL (migrated), PGlite with data, bare.
    seedPglite(pgliteDir);
    const pgliteEnv = {
      DATABASE_URL: '',
      DATA_DIR: pgliteDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    };
    await stop(await start('portal (PGlite)', PORTAL, port, pgliteEnv)); // its first start on the seeded dir
    const cold = { postgres: [], pglite: [], bare: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [key, entry, e] of [
        ['postgres', PORTAL, portalEnv],
        ['pglite', PORTAL, pgliteEnv],
        ['bare', BARE, { DATABASE_URL: database.url }],
      ]) {
        const s = await start(key, entry, port, e);
        cold[key].push(s.startMs);
        await sleep(500); // a moment between one process's stop and the next one's start
        await stop(s);
      }
    }
    const coldMs = Object.fromEntries(Object.entries(cold).map(([k, v]) => [k, median(v)]));
    console.info(
      `  cold start to first 200   portal on PostgreSQL ${fmt(coldMs.postgres)} ms, on PGlite with ${PGLITE_TICKETS} tickets ${fmt(coldMs.pglite)} ms, bare ${fmt(coldMs.bare)} ms`,
    );
    console.info(`  (the server bench took ${((performance.now() - t0) / 1000).toFixed(0)} s)`);

    const rows = [
      {
        path: `GET /api/health, req/s (c=${CONNECTIONS})`,
        portal: fmt(health.portal.rps),
        bare: fmt(health.bare.rps),
        ratio: ratio(health.portal.rps, health.bare.rps),
        goal: '≥0.85x',
      },
      {
        path: 'GET /api/health, bytes per answer (headers + body)',
        portal: fmt(health.portal.bytes),
        bare: fmt(health.bare.bytes),
        ratio: ratio(health.portal.bytes, health.bare.bytes),
        goal: '—',
      },
      {
        path: `GET ${publicRoute}, CPU-ms/req without → with a session cookie`,
        portal: `${fmt(cpuAnon, 3)} → ${fmt(cpuSession, 3)} (cookie +${fmt(cpuSession - cpuAnon, 3)} ms)`,
        bare: '—',
        ratio: '—',
        goal: 'cookie ≤0.2 ms',
      },
      {
        path: `GET ${publicRoute}, SQL statements/req without → with a session cookie`,
        portal: `${fmt(statements.anon, 2)} → ${fmt(statements.session, 2)} (cookie +${fmt(statements.session - statements.anon, 2)})`,
        bare: '—',
        ratio: '—',
        goal: 'cookie 1 query',
      },
      {
        path: 'GET /api/ecuFile/my-files (50 tickets), req/s',
        portal: fmt(files.portal.rps),
        bare: fmt(files.bare.rps),
        ratio: ratio(files.portal.rps, files.bare.rps),
        goal: '≥0.85x',
      },
      {
        path: 'GET /api/ecuFile/my-files, p99 ms',
        portal: fmt(files.portal.p99),
        bare: fmt(files.bare.p99),
        ratio: ratio(files.portal.p99, files.bare.p99),
        goal: '≤1.5x',
      },
      {
        path: 'GET /api/ecuFile/my-files, CPU-ms/req (Node + PostgreSQL); SQL statements/req',
        portal: `${fmt(files.portal.cpuMs, 2)} + ${fmt(files.portal.dbCpuMs, 2)}; ${fmt(statements.filesPortal, 2)}`,
        bare: `${fmt(files.bare.cpuMs, 2)} + ${fmt(files.bare.dbCpuMs, 2)}; ${fmt(statements.filesBare, 2)}`,
        ratio: ratio(files.portal.cpuMs + files.portal.dbCpuMs, files.bare.cpuMs + files.bare.dbCpuMs),
        goal: '—',
      },
      {
        path: 'GET /api/admin/getAllEcuFiles?limit=50, req/s',
        portal: fmt(list.portal.rps),
        bare: fmt(list.bare.rps),
        ratio: ratio(list.portal.rps, list.bare.rps),
        goal: '≥0.85x',
      },
      {
        path: 'GET /api/admin/getAllEcuFiles?limit=50, p99 ms; SQL statements/req',
        portal: `${fmt(list.portal.p99)}; ${fmt(statements.listPortal, 2)}`,
        bare: `${fmt(list.bare.p99)}; ${fmt(statements.listBare, 2)}`,
        ratio: ratio(list.portal.p99, list.bare.p99),
        goal: '≤1.5x',
      },
      {
        path: 'GET /api/admin/getAllEcuFiles?limit=50, CPU-ms/req (Node + PostgreSQL)',
        portal: `${fmt(list.portal.cpuMs, 2)} + ${fmt(list.portal.dbCpuMs, 2)}`,
        bare: `${fmt(list.bare.cpuMs, 2)} + ${fmt(list.bare.dbCpuMs, 2)}`,
        ratio: ratio(list.portal.cpuMs + list.portal.dbCpuMs, list.bare.cpuMs + list.bare.dbCpuMs),
        goal: '—',
      },
      {
        path: `first full GET /api/sync, ${SYNC_TICKETS} tickets (${sync[0].pages} pages, ${feed} feed rows), ms`,
        portal: `${fmt(syncMs)} (+${fmt(readMs, 1)} to gunzip and parse; fetch: ${fmt(fetchMs)})`,
        bare: `${fmt(plainMs, 1)} (one select + JSON)`,
        ratio: ratio(syncMs, plainMs),
        goal: '≤2x',
      },
      {
        path: '20 MB upload, MB/s (tus in 16 MiB chunks as the web app; streaming PUT to disk)',
        portal: `${fmt(tusChunks?.medianMBps, 1)} (one request: ${fmt(tusOne?.medianMBps, 1)})`,
        bare: fmt(put?.medianMBps, 1),
        ratio: ratio(tusChunks?.medianMBps, put?.medianMBps),
        goal: '≥0.7x',
      },
      {
        path: 'RSS idle (start + 2 s), MB',
        portal: fmt(idle.portal),
        bare: fmt(idle.bare),
        ratio: ratio(idle.portal, idle.bare),
        goal: '≤1.5x',
      },
      {
        path: 'RSS peak during the my-files load, MB',
        portal: fmt(files.portal.peakRss),
        bare: fmt(files.bare.peakRss),
        ratio: ratio(files.portal.peakRss, files.bare.peakRss),
        goal: '≤1.5x',
      },
      {
        path: 'cold start to first 200 of /api/health, PostgreSQL (migrated), ms',
        portal: fmt(coldMs.postgres),
        bare: fmt(coldMs.bare),
        ratio: ratio(coldMs.postgres, coldMs.bare),
        goal: '≤500 ms',
      },
      {
        path: `cold start to first 200, PGlite with data (${PGLITE_TICKETS} tickets), ms`,
        portal: fmt(coldMs.pglite),
        bare: `${fmt(coldMs.bare)} (PostgreSQL)`,
        ratio: ratio(coldMs.pglite, coldMs.bare),
        goal: '≤1000 ms',
      },
    ];
    if (printTable) console.info(`\n${summaryTable(rows)}\n`);
    return rows;
  } finally {
    for (const s of started) await stop(s);
    await sql.end();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(pgliteDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchServer();
