// The admin lists at 1k and at 100k rows in one run, printed (never asserted): a page of 50 of
// GET /api/admin/getAllUsers and GET /api/admin/getAllEcuFiles (first page, a deep page, a
// selective search, broad searches), p50/p95 over 100 requests each, and the 100k/1k ratio.
// Each size gets a database of its own, seeded with `pnpm seed:demo` (api/src/demo), then the
// built server (api/dist/main.mjs) is started on it. Seeding times are printed apart.
//
// On its own: `pnpm build && node scripts/bench-admin-lists.mjs`. PGlite always; add
// BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432 to run the same against PostgreSQL too
// (it creates and drops databases named ecu_bench_*).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { scratchDatabase } from './bench-postgres.mjs';
import { benchProcessEnv, PORTAL_ENTRY, portalNodeArgs } from './portal-process.mjs';

const root = path.resolve(import.meta.dirname, '..');
const ADMIN = { email: 'bench-admin@bench.test', password: 'bench-password-1' };
// BENCH_LISTS_LARGE=20000 makes the large size smaller (for a quick try; the goal is at 100k).
const LARGE = Number(process.env.BENCH_LISTS_LARGE || 100_000);
const sizeLabel = (n) => (n >= 1000 ? `${Math.round(n / 1000)}k` : String(n));
const SIZES = [
  { label: '1k', users: 1_000, tickets: 1_000, payments: 500 },
  { label: sizeLabel(LARGE), users: LARGE, tickets: LARGE, payments: Math.floor(LARGE / 2) },
];
const PAGE = 50;
const WALK_PAGE = 200;
const RUNS = 100;
const WARM_UP = 15;
/** Worse than this (large p50 / small p50) is marked: the goal is at most 1.5x. */
const GOAL_RATIO = 1.5;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} failed:\n${err}${out}`)),
    );
  });
}

/** `pnpm seed:demo --json` into the database the env names; its summary and the wall time. */
async function seed(size, env) {
  const started = performance.now();
  const out = await run(
    'pnpm',
    [
      '--silent',
      'seed:demo',
      '--users',
      String(size.users),
      '--tickets',
      String(size.tickets),
      '--payments',
      String(size.payments),
      '--json',
    ],
    env,
  );
  const summary = JSON.parse(out.trim().split('\n').at(-1));
  return { ...summary, wallMs: performance.now() - started };
}

function startServer(env, baseUrl) {
  const child = spawn(process.execPath, [...portalNodeArgs(), PORTAL_ENTRY], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error('the server exited'));
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) return resolve(child);
      } catch {}
      setTimeout(poll, 50);
    };
    poll();
  });
}

const stop = (child) => new Promise((r) => child.once('exit', r) && child.kill('SIGTERM'));

async function signIn(baseUrl) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`admin sign-in: HTTP ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function getJson(baseUrl, cookie, pathAndQuery) {
  const res = await fetch(`${baseUrl}${pathAndQuery}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`${pathAndQuery}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

/** Every row of a list, with the cursor after each page of WALK_PAGE rows. */
async function walk(baseUrl, cookie, list) {
  const rows = [];
  const cursors = [];
  let cursor = null;
  do {
    const body = await getJson(
      baseUrl,
      cookie,
      `/api/admin/${list}?limit=${WALK_PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    rows.push(...body.data);
    cursor = body.nextCursor;
    if (cursor) cursors.push(cursor);
  } while (cursor);
  return { rows, cursors };
}

/** The cursor that starts a page near 90% of the list (a cursor after a walk page). */
function deepCursor({ rows, cursors }) {
  const pages = Math.max(1, Math.floor((rows.length * 0.9) / WALK_PAGE));
  return { cursor: cursors[pages - 1] ?? null, position: pages * WALK_PAGE };
}

/**
 * The search term among `candidates` whose matches (by `textOf`, as the server's
 * case-insensitive contains) come closest to 0.1% of the rows: a realistic selective search.
 */
function selectiveTerm(rows, textOf, candidates) {
  const texts = rows.map((r) => textOf(r).toLowerCase());
  const target = Math.max(1, Math.round(rows.length / 1000));
  let best;
  for (const term of [...new Set(candidates)].filter((t) => /^[A-Za-z]{4,}$/.test(t)).sort()) {
    const q = term.toLowerCase();
    let count = 0;
    for (const t of texts) if (t.includes(q)) count++;
    if (!best || Math.abs(count - target) < Math.abs(best.count - target)) best = { term, count };
    if (count === target) break;
  }
  return best;
}

const countMatches = (rows, textOf, term) =>
  rows.filter((r) => textOf(r).toLowerCase().includes(term.toLowerCase())).length;

const userText = (u) => `${u.firstName} ${u.lastName} ${u.email} ${u.role}`;
const ticketText = (t) =>
  [
    t.ticketNumber,
    t.registration,
    t.registration.replace(/\s+/g, ''),
    t.make,
    t.model,
    t.status,
    t.userId?.email,
    t.userId?.firstName,
    t.userId?.lastName,
    `${t.userId?.firstName} ${t.userId?.lastName}`,
  ].join('\n');

async function measure(baseUrl, cookie, pathAndQuery) {
  const get = async () => {
    const t = performance.now();
    const res = await fetch(`${baseUrl}${pathAndQuery}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`${pathAndQuery}: HTTP ${res.status}`);
    const body = await res.json();
    return { ms: performance.now() - t, rows: body.data.length };
  };
  for (let i = 0; i < WARM_UP; i++) await get();
  const times = [];
  let rows = 0;
  for (let i = 0; i < RUNS; i++) {
    const r = await get();
    times.push(r.ms);
    rows = r.rows;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), rows };
}

const share = (count, total) =>
  `${count} of ${total}, ${((100 * count) / total).toFixed(count < total / 100 ? 2 : 0)}%`;

/** Seeds one size, starts the server on it, and measures every case. */
async function benchSize(size, backend, port) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `ecu-bench-lists-${size.label}-`));
  const baseUrl = `http://localhost:${port}`;
  const database = backend.database?.(size);
  const env = {
    ...process.env,
    ...benchProcessEnv(),
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    // Required with DATABASE_URL (several processes must share it); any fixed value for a bench.
    AUTH_SECRET: process.env.AUTH_SECRET ?? 'bench-secret-bench-secret-bench-secret',
    LOG_LEVEL: 'error',
    TRUST_PROXY: 'on',
    PORT: String(port),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  try {
    await database?.create();
    const seeded = await seed(size, env);
    const server = await startServer(env, baseUrl);
    try {
      const cookie = await signIn(baseUrl);
      const users = await walk(baseUrl, cookie, 'getAllUsers');
      const files = await walk(baseUrl, cookie, 'getAllEcuFiles');
      const userDeep = deepCursor(users);
      const fileDeep = deepCursor(files);
      const userPick = selectiveTerm(
        users.rows,
        userText,
        users.rows.flatMap((u) => [u.lastName, u.firstName]),
      );
      const filePick = selectiveTerm(
        files.rows,
        ticketText,
        files.rows.flatMap((t) => [t.userId?.lastName, t.model]).filter(Boolean),
      );
      const plate = files.rows[Math.floor(files.rows.length / 2)].registration;
      const u = users.rows.length;
      const f = files.rows.length;
      const cases = [
        ['getAllUsers first page', '/api/admin/getAllUsers', ''],
        [
          'getAllUsers deep page',
          `/api/admin/getAllUsers?cursor=${encodeURIComponent(userDeep.cursor)}`,
          `from row ${userDeep.position} of ${u}`,
        ],
        [
          'getAllUsers search ~0.1%',
          `/api/admin/getAllUsers?q=${encodeURIComponent(userPick.term)}`,
          `'${userPick.term}': ${share(userPick.count, u)}`,
        ],
        [
          'getAllUsers search broad',
          '/api/admin/getAllUsers?q=gmail',
          `'gmail': ${share(countMatches(users.rows, userText, 'gmail'), u)}`,
        ],
        [
          'getAllUsers search all',
          '/api/admin/getAllUsers?q=user',
          `'user': ${share(countMatches(users.rows, userText, 'user'), u)}`,
        ],
        ['getAllEcuFiles first page', '/api/admin/getAllEcuFiles', ''],
        [
          'getAllEcuFiles deep page',
          `/api/admin/getAllEcuFiles?cursor=${encodeURIComponent(fileDeep.cursor)}`,
          `from row ${fileDeep.position} of ${f}`,
        ],
        [
          'getAllEcuFiles search ~0.1%',
          `/api/admin/getAllEcuFiles?q=${encodeURIComponent(filePick.term)}`,
          `'${filePick.term}': ${share(filePick.count, f)}`,
        ],
        [
          'getAllEcuFiles search a plate',
          `/api/admin/getAllEcuFiles?q=${encodeURIComponent(plate)}`,
          `'${plate}': ${share(countMatches(files.rows, ticketText, plate), f)}`,
        ],
        [
          'getAllEcuFiles search broad',
          '/api/admin/getAllEcuFiles?q=BMW',
          `'BMW': ${share(countMatches(files.rows, ticketText, 'BMW'), f)}`,
        ],
      ];
      const results = new Map();
      for (const [label, route, note] of cases) {
        const sep = route.includes('?') ? '&' : '?';
        results.set(label, { ...(await measure(baseUrl, cookie, `${route}${sep}limit=${PAGE}`)), note });
      }
      return { seeded, results };
    } finally {
      await stop(server);
    }
  } finally {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function postgresBackend(adminUrl) {
  return {
    name: 'PostgreSQL',
    database: (size) => scratchDatabase(adminUrl, `ecu_bench_${size.label}_${process.pid}`),
  };
}

/** Both sizes on one backend, then the table of figures. */
async function benchBackend(backend, port) {
  const measured = [];
  for (const size of SIZES) measured.push(await benchSize(size, backend, port));
  const [a, b] = measured;
  console.info(
    `\nAdmin lists on ${backend.name}: a page of ${PAGE}, p50/p95 over ${RUNS} requests each (after ${WARM_UP} warm-up)`,
  );
  for (const [i, size] of SIZES.entries()) {
    const s = measured[i].seeded;
    console.info(
      `  seeded ${size.label}: ${s.users} users, ${s.tickets} tickets (${s.ticketEvents} events), ${s.payments} payments, ${s.ledgerEntries} ledger rows in ${seconds(s.wallMs)} (build ${seconds(s.generateMs)}, write ${seconds(s.writeMs)})`,
    );
  }
  const f = (ms) => `${ms.toFixed(1).padStart(6)} ms`;
  for (const [label, one] of a.results) {
    const many = b.results.get(label);
    const ratio = many.p50 / one.p50;
    const mark = ratio > GOAL_RATIO ? `  above ${GOAL_RATIO}x` : '';
    console.info(
      `  ${label.padEnd(30)} ${SIZES[0].label} p50 ${f(one.p50)} p95 ${f(one.p95)}   ${SIZES[1].label} p50 ${f(many.p50)} p95 ${f(many.p95)}   ratio ${ratio.toFixed(2)}x${mark}`,
    );
    const notes = [
      one.note && `${SIZES[0].label} ${one.note}`,
      many.note && `${SIZES[1].label} ${many.note}`,
    ].filter(Boolean);
    if (notes.length) console.info(`  ${''.padEnd(30)} (${notes.join('; ')})`);
  }
}

export async function benchAdminLists({ port = 3191 } = {}) {
  if (!existsSync(PORTAL_ENTRY)) {
    throw new Error('api/dist/main.mjs is missing: run `pnpm build` first');
  }
  await benchBackend({ name: 'PGlite' }, port);
  const postgresUrl = process.env.BENCH_POSTGRES_URL;
  if (postgresUrl) await benchBackend(postgresBackend(postgresUrl), port);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchAdminLists();
