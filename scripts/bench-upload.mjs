// Upload throughput, printed (never asserted): 20 MB through tus-js-client to the API, in one
// request and in 5 MB chunks, against a plain HTTP PUT of the same bytes streamed to a file by a
// tiny node:http server. 3 runs each, median. MB = 10^6 bytes.
//
// On its own: `pnpm build && node scripts/bench-upload.mjs` starts api/dist/main.mjs on a temp
// DATA_DIR with an ADMIN_EMAIL admin (verified, and allowed 'tuned' uploads of up to 20 MiB).
// From code: `await benchUpload({ baseUrl, cookie })` against a running server and session.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
// tus-js-client is a dependency of the api package, not of the workspace root.
const tus = createRequire(path.join(root, 'api/package.json'))('tus-js-client');

const SIZE = 20 * 1000 * 1000;
const RUNS = 3;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mbPerSecond = (bytes, ms) => bytes / 1e6 / (ms / 1000);

/** One tus upload of `data`; resolves with the milliseconds it took, then deletes the upload. */
function tusOnce({ baseUrl, cookie, data, chunkSize, purpose }) {
  const endpoint = new URL('/api/uploads', baseUrl).toString();
  const headers = { Origin: new URL(baseUrl).origin, Cookie: cookie };
  return new Promise((resolve, reject) => {
    const options = {
      endpoint,
      headers,
      metadata: { filename: 'bench.bin', purpose },
      retryDelays: [],
      onError: reject,
      onSuccess: () => {
        const ms = performance.now() - started;
        // Leave nothing behind on the server measured.
        tus.Upload.terminate(upload.url, { headers }).then(
          () => resolve(ms),
          () => resolve(ms),
        );
      },
    };
    // Never pass a tus option as undefined (chunkSize: undefined hangs).
    if (chunkSize) options.chunkSize = chunkSize;
    const upload = new tus.Upload(data, options);
    const started = performance.now();
    upload.start();
  });
}

/** A tiny HTTP server on 127.0.0.1 that streams each PUT body to a file in a temp dir. */
async function plainPutServer() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ecu-bench-put-'));
  let n = 0;
  const server = createServer((req, res) => {
    n += 1;
    pipeline(req, createWriteStream(path.join(dir, `put-${n}.bin`))).then(
      () => res.writeHead(204).end(),
      (err) => res.writeHead(500).end(String(err)),
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function putOnce(port, data) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path: '/bench.bin',
        headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': String(data.length) },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 204
            ? resolve(performance.now() - started)
            : reject(new Error(`PUT ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/**
 * Uploads a 20 MB random buffer through tus-js-client (one request, then 5 MB chunks) to
 * `baseUrl` with the session `cookie`, and PUTs the same bytes to a local file server.
 * Prints MB/s per mode (median of 3) and returns the figures.
 */
export async function benchUpload({ baseUrl, cookie, purpose = 'ecu' }) {
  const data = randomBytes(SIZE);
  const put = await plainPutServer();
  const modes = [
    ['tus, single request', () => tusOnce({ baseUrl, cookie, data, purpose })],
    ['tus, 5 MB chunks', () => tusOnce({ baseUrl, cookie, data, chunkSize: 5 * 1000 * 1000, purpose })],
    ['plain PUT streamed to a file', () => putOnce(put.port, data)],
  ];
  const results = [];
  try {
    for (const [label, once] of modes) {
      await once(); // warm-up: connections, JIT, the first file in the directory
      const rates = [];
      for (let i = 0; i < RUNS; i++) rates.push(mbPerSecond(SIZE, await once()));
      results.push({ label, medianMBps: median(rates), runs: rates });
    }
  } finally {
    await put.close();
  }
  console.info(`Upload of ${SIZE / 1e6} MB, ${RUNS} runs each (MB = 10^6 bytes):`);
  for (const r of results) {
    const runs = r.runs.map((x) => x.toFixed(0)).join(', ');
    console.info(
      `  ${r.label.padEnd(30)} median ${r.medianMBps.toFixed(1).padStart(6)} MB/s   (runs: ${runs})`,
    );
  }
  return results;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the built server on a temp DATA_DIR, signs its admin in and runs the benchmark. */
async function main() {
  const entry = path.join(root, 'api/dist/main.mjs');
  if (!existsSync(entry)) {
    console.error('api/dist/main.mjs is missing: run `pnpm build` first.');
    process.exit(1);
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ecu-bench-upload-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const admin = { email: 'bench-admin@ecu.test', password: randomBytes(12).toString('base64url') };
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'error',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
      if (Date.now() > deadline) throw new Error('the server did not start within 60 s');
      if (
        await fetch(`${baseUrl}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: baseUrl },
      body: JSON.stringify(admin),
    });
    if (!login.ok) throw new Error(`admin sign-in: HTTP ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    // The admin is verified and may upload 'tuned' files of up to 20 MiB.
    await benchUpload({ baseUrl, cookie, purpose: 'tuned' });
  } finally {
    if (child.exitCode === null) {
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
