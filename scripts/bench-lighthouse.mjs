// The pages as a phone sees them, printed, never asserted: the JavaScript (gzip) each route
// fetches before its first paint, against a budget (OVER BUDGET when past it;
// docs/decisions/084-paint-from-device.md); three Lighthouse mobile runs (simulated slow 4G and
// a 4x slower CPU, Lighthouse's default) of /signin signed out and of /dashboard signed in as a
// verified, onboarded customer (performance score, LCP, TBT, JavaScript transferred), each run
// and the median (the dashboard's median of repeat visits, after one first visit printed alone); then a first visit of /signin against the repeat visit served by the service
// worker (time to the load event, requests and bytes from the network and from the worker).
// The built portal runs on a scratch PGlite data dir; Debian's Chromium drives both parts.
// Without Chromium (or when Lighthouse fails) it prints a 'skipped' line and returns.
//
// On its own: `pnpm build && node scripts/bench-lighthouse.mjs` (a few minutes). From code:
// `await benchLighthouse({ port })` (scripts/bench.mjs). Knobs: BENCH_CHROMIUM=/path/to/chromium,
// BENCH_LIGHTHOUSE_PORT (the portal's port when run on its own, 4189 by default),
// BENCH_LIGHTHOUSE_RUNS (3), BENCH_LIGHTHOUSE_REPORTS=dir (each run's Lighthouse JSON report
// written there, to read the LCP element, its phases and the long tasks).
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { simpleParser } from 'mailparser';
import { benchProcessEnv, PORTAL_ENTRY, portalNodeArgs } from './portal-process.mjs';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.BENCH_CHROMIUM || '/usr/bin/chromium';
const PASSWORD = 'bench-password-1';
const PROFILE = {
  firstName: 'Bench',
  lastName: 'Customer',
  country: 'GB',
  city: 'London',
  postalCode: 'SW1A 1AA',
  address: '1 Bench Street',
};
const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--no-first-run', '--disable-dev-shm-usage'];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const NONE = { n: 0, bytes: 0 };
const add = (a, b) => ({ n: a.n + b.n, bytes: a.bytes + b.bytes });
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 3;
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
/**
 * The JavaScript a route may fetch before its first paint, gzip: both paint with React, the
 * router and their own chunks; the dashboard's frame comes before Dexie, whose figures fill it
 * in (docs/decisions/084-paint-from-device.md).
 */
const FIRST_PAINT_BUDGET = { '/signin': 100 * 1024, '/dashboard': 110 * 1024 };

/** Polls `probe` every 100 ms until it returns something truthy, for at most `ms`, while `child` runs. */
async function until(label, ms, probe, child) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child && child.exitCode !== null) throw new Error(`${label}: exited (${child.exitCode})`);
    const value = await probe().catch(() => undefined);
    if (value) return value;
    await sleep(100);
  }
  throw new Error(`${label}: not within ${ms} ms`);
}

export function startPortal(port, dataDir) {
  const child = spawn(process.execPath, [...portalNodeArgs(), PORTAL_ENTRY], {
    cwd: root,
    env: {
      ...process.env,
      ...benchProcessEnv(),
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'error',
      AUTH_SECRET: process.env.AUTH_SECRET ?? 'bench-secret-bench-secret-bench-secret',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const health = `http://localhost:${port}/api/health`;
  return until('portal start', 180_000, async () => (await fetch(health)).ok && child, child).catch((err) => {
    child.kill('SIGTERM');
    throw err;
  });
}

/** A customer signed up, onboarded and verified through the API (the link of the outbox mail). */
export async function signedInCustomer(baseUrl, dataDir) {
  let cookie = '';
  const post = async (route, body) => {
    const res = await fetch(`${baseUrl}/api${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${route}: HTTP ${res.status} ${await res.text()}`);
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0]);
    if (set.length) cookie = set.join('; ');
  };
  const email = 'bench-lighthouse@bench.test';
  await post('/auth/signup', { email, password: PASSWORD, confirmPassword: PASSWORD });
  await post('/auth/onboarding', PROFILE);
  const outbox = path.join(dataDir, 'outbox');
  const file = await until('verification mail', 15_000, async () =>
    readdirSync(outbox).find((name) => name.endsWith(`-${email}.eml`)),
  );
  const mail = await simpleParser(readFileSync(path.join(outbox, file)));
  const link = new URL(mail.text?.match(/https?:\/\/\S+\/verify-email\?\S+/)?.[0] ?? 'x:');
  await post('/auth/signup-verify', {
    token: link.searchParams.get('token'),
    email: link.searchParams.get('email'),
  });
  return cookie;
}

/** Chromium with a DevTools port for Lighthouse (what chrome-launcher does, without the dependency). */
async function launchChromium(profileDir) {
  const child = spawn(
    CHROMIUM,
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'],
    { stdio: 'ignore', detached: true },
  );
  const activePort = path.join(profileDir, 'DevToolsActivePort');
  const port = await until(
    'Chromium',
    20_000,
    async () => readFileSync(activePort, 'utf8').split('\n')[0],
    child,
  );
  const close = () => {
    if (child.exitCode !== null) return Promise.resolve();
    return new Promise((r) => {
      child.once('exit', r);
      process.kill(-child.pid, 'SIGTERM'); // its own process group: the renderers go too
    });
  };
  return { port: Number(port), close };
}

async function lighthouseRun(lighthouse, url, chromePort, extraHeaders) {
  const run = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(extraHeaders ? { extraHeaders } : {}),
  });
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    const name = `${new URL(url).pathname.slice(1) || 'root'}-${Date.now()}.json`;
    writeFileSync(path.join(REPORTS, name), JSON.stringify(run.lhr));
  }
  const { audits, categories, finalDisplayedUrl, runtimeError } = run.lhr;
  if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
  const script = audits['resource-summary'].details.items.find((i) => i.resourceType === 'script');
  return {
    score: Math.round(categories.performance.score * 100),
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    js: script?.transferSize ?? 0,
    jsFiles: script?.requestCount ?? 0,
    total: audits['total-byte-weight'].numericValue,
    finalPath: new URL(finalDisplayedUrl).pathname,
  };
}

/**
 * Requests and bytes of a visit by who answered: the network asked by the page, the network
 * asked by the service worker (its precache, or what it passes on), or the worker itself.
 */
function tally(context) {
  const seen = [];
  context.on('response', (res) => {
    const req = res.request();
    const from = res.fromServiceWorker() ? 'served' : req.serviceWorker() ? 'worker' : 'page';
    seen.push(
      req
        .sizes()
        .then((s) => ({ from, bytes: s.responseBodySize + s.responseHeadersSize }))
        .catch(() => ({ from, bytes: 0 })),
    );
  });
  return async () => {
    const all = await Promise.all(seen.splice(0));
    const sum = (from) => all.filter((r) => r.from === from).reduce((a, r) => add(a, { n: 1, ...r }), NONE);
    return { page: sum('page'), worker: sum('worker'), served: sum('served') };
  };
}

/** Navigates and returns the ms from navigation start to the end of the load event. */
async function visit(page, url) {
  await page.goto(url, { waitUntil: 'load' });
  // The lazy parts and the auth lookup that follow the load.
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  return page.evaluate(() => performance.getEntriesByType('navigation')[0].loadEventEnd);
}

// Lighthouse's mobile network (slow 4G): 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up.
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 204_800, uploadThroughput: 96_000 };

/**
 * A first visit of /signin in a fresh browser context, then (once the service worker is
 * active: the app registers it after the load, when idle, and it does not claim the open
 * page) a second navigation, which the worker answers.
 */
async function repeatVisit(browser, baseUrl, throttle) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    if (throttle)
      await (await context.newCDPSession(page)).send('Network.emulateNetworkConditions', throttle);
    const take = tally(context);
    const firstMs = await visit(page, `${baseUrl}/signin`);
    const first = await take();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => (window.benchSwReady = true)));
    await page.waitForFunction(() => window.benchSwReady, null, { timeout: 30_000 });
    const install = await take();
    const repeatMs = await visit(page, `${baseUrl}/signin`);
    const repeat = await take();
    const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
    const precache = add(first.worker, install.worker);
    return { firstMs, first, precache, repeatMs, repeat, controlled };
  } finally {
    await context.close();
  }
}

function printVisits(label, v) {
  const line = (what, ms, t, served) =>
    console.info(
      `${`/signin ${what}, ${label}`.padEnd(34)} load ${ms.toFixed(0).padStart(5)} ms  network ${String(t.n).padStart(2)} requests ${kb(t.bytes).padStart(8)}  from the service worker ${served.n}`,
    );
  // The first visit's own requests; the worker's precache, started when the page is idle, apart.
  line('first visit', v.firstMs, v.first.page, v.first.served);
  const repeat = `repeat visit${v.controlled ? '' : ' (NOT controlled)'}`;
  line(repeat, v.repeatMs, add(v.repeat.page, v.repeat.worker), v.repeat.served);
  const { n, bytes } = v.precache;
  console.info(`${''.padEnd(34)} (between them the worker's precache: ${n} requests, ${kb(bytes)})`);
}

function printLighthouse(label, r) {
  const redirected = r.finalPath === label.split(' ')[0] ? '' : ` (ended on ${r.finalPath})`;
  console.info(
    `Lighthouse mobile ${label.padEnd(44)} score ${String(r.score).padStart(3)}  LCP ${(r.lcp / 1000).toFixed(2)} s  TBT ${r.tbt.toFixed(0).padStart(4)} ms  JS ${kb(r.js)} in ${r.jsFiles} files, all ${kb(r.total)}${redirected}`,
  );
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Each run's figures, then the median of every figure (each on its own: not one run's). */
async function lighthouseMedian(lighthouse, label, url, chromePort, headers) {
  const runs = [];
  for (let i = 1; i <= RUNS; i++) {
    const run = await lighthouseRun(lighthouse, url, chromePort, headers);
    printLighthouse(`${label} run ${i}`, run);
    runs.push(run);
  }
  const pick = (key) => median(runs.map((r) => r[key]));
  const keys = ['score', 'lcp', 'tbt', 'js', 'jsFiles', 'total'];
  printLighthouse(`${label} MEDIAN`, {
    ...Object.fromEntries(keys.map((k) => [k, pick(k)])),
    finalPath: runs[0].finalPath,
  });
}

/**
 * The scripts a route requested before its first contentful paint, in a real page on slow 4G
 * (the service worker blocked, so every script comes from the network), counted at the gzip
 * size of the built file. The dashboard is measured on its second load: the device knows the
 * user and the tickets, as on a repeat visit or after signing in.
 */
async function firstPaintJs(browser, baseUrl, route, cookie) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    if (cookie) {
      const cookies = cookie.split('; ').map((c) => {
        const at = c.indexOf('=');
        return { name: c.slice(0, at), value: c.slice(at + 1), url: baseUrl };
      });
      await context.addCookies(cookies);
    }
    const page = await context.newPage();
    if (cookie) await visit(page, `${baseUrl}${route}`);
    await (await context.newCDPSession(page)).send('Network.emulateNetworkConditions', SLOW_4G);
    await visit(page, `${baseUrl}${route}`);
    const { paths, fcp, finalPath } = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.endsWith('.js') && e.startTime < paint)
        .map((e) => new URL(e.name).pathname);
      return { paths: scripts, fcp: paint, finalPath: location.pathname };
    });
    const files = [...new Set(paths)].filter((p) => p.startsWith('/assets/'));
    const gz = files.reduce(
      (sum, p) => sum + gzipSync(readFileSync(path.join(root, 'web/dist', p)), { level: 9 }).length,
      0,
    );
    return { files: files.length, gz, fcp, finalPath };
  } finally {
    await context.close();
  }
}

function printFirstPaint(route, r) {
  const budget = FIRST_PAINT_BUDGET[route];
  const verdict = r.gz > budget ? 'OVER BUDGET' : 'within budget';
  const ended = r.finalPath === route ? '' : ` (ended on ${r.finalPath})`;
  console.info(
    `JS before first paint ${route.padEnd(11)} ${kb(r.gz).padStart(8)} gzip in ${String(r.files).padStart(2)} files (budget ${kb(budget)}): ${verdict}${ended}`,
  );
}

export async function benchLighthouse({ port = Number(process.env.BENCH_LIGHTHOUSE_PORT) || 4189 } = {}) {
  if (!existsSync(CHROMIUM)) {
    console.info(`Lighthouse: skipped: no Chromium at ${CHROMIUM} (BENCH_CHROMIUM)`);
    return;
  }
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ecu-bench-lh-'));
  let portal;
  let browser;
  try {
    // Imported here, so a missing package is a 'skipped' line too.
    const { default: lighthouse } = await import('lighthouse');
    const { chromium } = await import('@playwright/test');
    portal = await startPortal(port, dataDir);
    const cookie = await signedInCustomer(baseUrl, dataDir);
    const pw = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    try {
      printFirstPaint('/signin', await firstPaintJs(pw, baseUrl, '/signin'));
      printFirstPaint('/dashboard', await firstPaintJs(pw, baseUrl, '/dashboard', cookie));
    } finally {
      await pw.close();
    }
    // Lighthouse clears the HTTP cache and the service worker before each run, not local storage
    // or IndexedDB: each page has a browser profile of its own, so the sign-in runs' 'nobody is
    // signed in' does not reach the dashboard's. The dashboard's first run is the first visit
    // after signing in elsewhere (the cookie, nothing on the device); the runs after it are
    // repeat visits, which paint from what the first one stored.
    for (const [label, route, headers, profile] of [
      ['/signin (signed out)', '/signin', undefined, 'chromium-signin'],
      ['/dashboard (signed in)', '/dashboard', { Cookie: cookie }, 'chromium-dashboard'],
    ]) {
      browser = await launchChromium(path.join(dataDir, profile));
      if (headers) {
        const first = await lighthouseRun(lighthouse, `${baseUrl}${route}`, browser.port, headers);
        printLighthouse('/dashboard first visit (device empty)', first);
      }
      const repeat = headers ? `${route} repeat visit` : label;
      await lighthouseMedian(lighthouse, repeat, `${baseUrl}${route}`, browser.port, headers);
      await browser.close();
      browser = undefined;
    }
    const pw2 = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    try {
      printVisits('loopback', await repeatVisit(pw2, baseUrl));
      printVisits('slow 4G', await repeatVisit(pw2, baseUrl, SLOW_4G));
    } finally {
      await pw2.close();
    }
  } catch (err) {
    console.info(`Lighthouse: skipped: ${err instanceof Error ? err.message : err}`);
  } finally {
    await browser?.close();
    if (portal && portal.exitCode === null)
      await new Promise((r) => portal.once('exit', r) && portal.kill('SIGTERM'));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchLighthouse();
