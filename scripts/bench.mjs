// Benchmarks that print figures (never assert): server cold start, first-route JS size, the
// ECU identification of a 20 MB read (scripts/bench-identify.ts),
// API latency, uploads, the chat, the server against a bare baseline (scripts/bench-server.mjs),
// the admin lists at 1k and 100k rows (and the file search's statement: scripts/bench-admin-search.ts),
// automatic delivery from the solution library (scripts/bench-solutions.ts), and a Lighthouse mobile run of /signin and /dashboard with
// the service worker's repeat visit (scripts/bench-lighthouse.mjs). Run `pnpm build` first.
// Usage: pnpm bench
// Knob: BENCH_LIGHTHOUSE=off skips the Lighthouse part (it needs Chromium, /usr/bin/chromium or
// BENCH_CHROMIUM, and takes about a minute); the other scripts list their own knobs at the top.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { benchAdminLists } from './bench-admin-lists.mjs';
import { benchChat } from './bench-chat.mjs';
import { benchLighthouse } from './bench-lighthouse.mjs';
import { adminSearchRows, benchServer, captureInfo, summaryTable } from './bench-server.mjs';
import { benchUpload } from './bench-upload.mjs';
import { benchProcessEnv, PORTAL_ENTRY, portalNodeArgs } from './portal-process.mjs';

const root = path.resolve(import.meta.dirname, '..');
const PORT = 3190;
const BASE = `http://localhost:${PORT}`;

function startServer(dataDir, extraEnv = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, [...portalNodeArgs(), PORTAL_ENTRY], {
    env: {
      ...process.env,
      ...benchProcessEnv(),
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      TRUST_PROXY: 'on',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error('server exited'));
      try {
        if ((await fetch(`${BASE}/api/health`)).ok)
          return resolve({ child, ms: performance.now() - started });
      } catch {}
      setTimeout(poll, 20);
    };
    poll();
  });
}

const stop = (child) => new Promise((r) => child.once('exit', r) && child.kill('SIGTERM'));

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function latency(label, n, request) {
  for (let i = 0; i < 20; i++) await request(); // warm-up
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await request();
    if (!res.ok) throw new Error(`${label}: HTTP ${res.status}`);
    await res.arrayBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const f = (x) => x.toFixed(2).padStart(7);
  console.info(
    `${label.padEnd(34)} n=${n}  p50 ${f(percentile(times, 50))} ms  p95 ${f(percentile(times, 95))} ms  p99 ${f(percentile(times, 99))} ms`,
  );
}

function firstRouteJs() {
  const manifest = JSON.parse(readFileSync(path.join(root, 'web/dist/.vite/manifest.json'), 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit('index.html');
  visit('src/accounts/pages/sign-in-page.tsx');
  // The English shell catalogue, which the first render waits for (web/src/i18n/i18n.ts).
  visit('src/locales/en.po');
  let raw = 0;
  let gz = 0;
  for (const file of files) {
    const buf = readFileSync(path.join(root, 'web/dist', file));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return { files: files.size, raw, gz };
}

const js = firstRouteJs();
console.info(
  `First route (/signin) JavaScript: ${js.files} files, ${(js.raw / 1024).toFixed(1)} KB raw, ${(js.gz / 1024).toFixed(1)} KB gzip`,
);
if (process.env.BENCH_LIGHTHOUSE !== 'off') await benchLighthouse({ port: PORT + 6 });

/** A bench written in TypeScript (it imports shared/ or api/ sources), through the API's tsx. */
const runTsx = (script, label) =>
  new Promise((resolve) => {
    const tsx = path.join(root, 'api/node_modules/.bin/tsx');
    spawn(tsx, [path.join(root, script)], { stdio: 'inherit' })
      .on('exit', resolve)
      .on('error', (err) => {
        console.info(`${label}: skipped (${err.message})`);
        resolve();
      });
  });
// The ECU identification of a 20 MB read; the admin file search's statement at 1k and 100k;
// automatic delivery from the solution library (upload end to Unlocked, matching's CPU).
await runTsx('scripts/bench-identify.ts', 'identifyEcu');
await runTsx('scripts/bench-admin-search.ts', 'admin file search');
await runTsx('scripts/bench-solutions.ts', 'solution library');

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ecu-bench-'));
try {
  const fresh = await startServer(dataDir, {
    ADMIN_EMAIL: 'bench-admin@bench.test',
    ADMIN_PASSWORD: 'bench-password-1',
  });
  console.info(`Cold start, fresh PGlite data dir (initdb + migrations): ${fresh.ms.toFixed(0)} ms`);
  await stop(fresh.child);
  const again = await startServer(dataDir, {
    ADMIN_EMAIL: 'bench-admin@bench.test',
    ADMIN_PASSWORD: 'bench-password-1',
  });
  console.info(`Cold start, existing PGlite data dir:                 ${again.ms.toFixed(0)} ms`);

  await latency('GET /api/health', 500, () => fetch(`${BASE}/api/health`));
  const login = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify({ email: 'bench-admin@bench.test', password: 'bench-password-1' }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  await latency('GET /api/auth/getMe (signed in)', 500, () =>
    fetch(`${BASE}/api/auth/getMe`, { headers: { cookie } }),
  );
  const t = performance.now();
  const n = 10;
  for (let i = 0; i < n; i++) {
    await fetch(`${BASE}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: BASE, 'x-forwarded-for': `10.0.0.${i}` },
      body: JSON.stringify({ email: 'bench-admin@bench.test', password: 'bench-password-1' }),
    });
  }
  console.info(
    `POST /api/auth/login (scrypt)            mean ${((performance.now() - t) / n).toFixed(1)} ms over ${n}`,
  );
  // The admin is verified and may upload tuned files (20 MB limit), so it drives the tus bench.
  await benchUpload({ baseUrl: BASE, cookie, purpose: 'tuned' });
  await stop(again.child);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

// The chat: delivery latency against a plain ws broadcast, memory over room cycles (about 2 minutes).
await benchChat({ port: PORT + 2 });

// The portal against a bare node:http + postgres.js server on PostgreSQL (about 4 minutes).
const serverRows = await benchServer({ port: PORT + 3, printTable: false });

// Seeds its own databases (see scripts/bench-admin-lists.mjs): this takes a few minutes.
const listLines = await captureInfo(() => benchAdminLists({ port: PORT + 1 }));

// One table, to paste into docs/benchmarks.md: the server rows and the admin search at 1k and the large size.
console.info(`\n${summaryTable([...serverRows, ...adminSearchRows(listLines)])}`);
