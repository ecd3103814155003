// Upload throughput, printed (never asserted): tus-js-client to the API against a plain HTTP PUT
// of the same bytes streamed to a file by a tiny node:http server in this process. The modes run
// interleaved (round by round, after a warm-up round) so the noise of a shared machine hits all
// of them alike; each prints its median MB/s and its ratio to the PUT's median of the same run.
// 20 MB: one PATCH and 5, 16, 50 MiB chunks (50 MiB = one PATCH too); 100 MB of purpose
// 'common' in 5, 16 and 50 MiB chunks. Every tus upload's Upload-Sha256 is checked against the
// bytes sent (a wrong hash throws: that is correctness, not timing). MB = 10^6 bytes.
//
// On its own: `pnpm build && node scripts/bench-upload.mjs` starts api/dist/main.mjs (or the
// bundle named by BENCH_ENTRY) on a temp DATA_DIR with an ADMIN_EMAIL admin (verified, and
// allowed 'tuned' uploads of up to 20 MiB). BENCH_RUNS sets the rounds (default 5), BENCH_LARGE=0
// skips the 100 MB upload, BENCH_NODE_ARGS sets the server's node flags instead of
// deploy/node-args.json's (scripts/portal-process.mjs; '' for node's defaults, or with a CPU
// profiler's, say).
// From code: `await benchUpload({ baseUrl, cookie, purpose })` against a running server and session.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchProcessEnv, PORTAL_ENTRY, portalNodeArgs } from './portal-process.mjs';

const root = path.resolve(import.meta.dirname, '..');
// tus-js-client is a dependency of the api package, not of the workspace root.
const tus = createRequire(path.join(root, 'api/package.json'))('tus-js-client');

const MiB = 1024 * 1024;
const SMALL = 20 * 1000 * 1000;
const LARGE = 100 * 1000 * 1000;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mbPerSecond = (bytes, ms) => bytes / 1e6 / (ms / 1000);
const sha256 = (data) => createHash('sha256').update(data).digest('hex');

/**
 * One tus upload of `data` through tus-js-client; resolves with the milliseconds it took.
 * Rejects when the server's Upload-Sha256 is not the SHA-256 of `data`. In Node the client
 * writes a body in 16 KiB pieces, each awaited (its progress events): a cost of the client.
 */
function tusClientOnce({ baseUrl, cookie, data, hash, chunkSize, purpose }) {
  const endpoint = new URL('/api/uploads', baseUrl).toString();
  const headers = { Origin: new URL(baseUrl).origin, Cookie: cookie };
  return new Promise((resolve, reject) => {
    const options = {
      endpoint,
      headers,
      metadata: { filename: 'bench.bin', purpose },
      retryDelays: [],
      onError: reject,
      onSuccess: ({ lastResponse }) => {
        const ms = performance.now() - started;
        const stored = lastResponse?.getHeader('Upload-Sha256');
        if (stored === hash) resolve(ms);
        else reject(new Error(`Upload-Sha256 ${stored} is not the file's ${hash}`));
      },
    };
    // Never pass a tus option as undefined (chunkSize: undefined hangs).
    if (chunkSize) options.chunkSize = chunkSize;
    const upload = new tus.Upload(data, options);
    const started = performance.now();
    upload.start();
  });
}

/** One HTTP request by node:http with `body` written at once; resolves with status and headers. */
function send(url, { method, headers, body }) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * One tus upload of `data` by a bare tus client on node:http, the PUT's own client: a POST,
 * then a PATCH per chunk with its bytes written at once. What the server costs, client aside.
 */
async function tusOnce({ baseUrl, cookie, data, hash, chunkSize, purpose }) {
  const base = { Origin: new URL(baseUrl).origin, Cookie: cookie, 'Tus-Resumable': '1.0.0' };
  const meta = (k, v) => `${k} ${Buffer.from(v).toString('base64')}`;
  const started = performance.now();
  const created = await send(new URL('/api/uploads', baseUrl), {
    method: 'POST',
    headers: {
      ...base,
      'Upload-Length': String(data.length),
      'Upload-Metadata': `${meta('filename', 'bench.bin')},${meta('purpose', purpose)}`,
    },
  });
  if (created.status !== 201) throw new Error(`tus POST ${created.status}`);
  const url = new URL(created.headers.location, baseUrl);
  const step = chunkSize ?? data.length;
  let last;
  for (let offset = 0; offset < data.length; offset += step) {
    const body = data.subarray(offset, Math.min(offset + step, data.length));
    last = await send(url, {
      method: 'PATCH',
      headers: {
        ...base,
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(body.length),
      },
      body,
    });
    if (last.status !== 204) throw new Error(`tus PATCH ${last.status}`);
  }
  const ms = performance.now() - started;
  const stored = last.headers['upload-sha256'];
  if (stored !== hash) throw new Error(`Upload-Sha256 ${stored} is not the file's ${hash}`);
  return ms;
}

/**
 * The PUT baseline's server: a tiny node:http server that streams each PUT body to a file in
 * `dir` and deletes it again unless `keep`. It runs in a process of its own, as the API does:
 * in the bench's own process it would skip the hand-over between two processes that every
 * tus request pays, which on a loaded machine is much of the time.
 */
const PUT_SERVER = `
const { createServer } = require('node:http');
const { createWriteStream, rm } = require('node:fs');
const { pipeline } = require('node:stream/promises');
const path = require('node:path');
const [dir, keep] = process.argv.slice(1);
let n = 0;
const server = createServer((req, res) => {
  const file = path.join(dir, 'put-' + ++n + '.bin');
  pipeline(req, createWriteStream(file)).then(
    () => {
      res.writeHead(204).end();
      if (keep !== 'keep') rm(file, { force: true }, () => {});
    },
    (err) => res.writeHead(500).end(String(err)),
  );
});
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));
`;

async function plainPutServer({ keepFiles }) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ecu-bench-put-'));
  const child = spawn(process.execPath, ['-e', PUT_SERVER, dir, keepFiles ? 'keep' : 'drop'], {
    env: { ...process.env, ...benchProcessEnv() },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the PUT server exited (${code})`)));
    child.stdout.once('data', (line) => resolve(Number(String(line).trim())));
  });
  return {
    port,
    pid: child.pid,
    async close() {
      await new Promise((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * CPU milliseconds a process has used so far, all its threads (the fs writes run on libuv's),
 * from /proc's schedstat in nanoseconds (Linux; undefined elsewhere). Per upload it is a
 * steadier figure than MB/s on a machine shared with others.
 */
function cpuMs(pid) {
  if (!pid) return undefined;
  try {
    let ns = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    }
    return ns / 1e6;
  } catch {
    return undefined;
  }
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
 * Runs every mode once per round (a warm-up round first, not counted): per mode the medians of
 * MB/s and of the CPU its server spent (`mode.pid`, when /proc tells).
 */
async function interleaved(modes, runs) {
  const rates = modes.map(() => []);
  const cpu = modes.map(() => []);
  for (let round = -1; round < runs; round++) {
    for (const [i, mode] of modes.entries()) {
      const before = cpuMs(mode.pid);
      const ms = await mode.once();
      const after = cpuMs(mode.pid);
      if (round < 0) continue;
      rates[i].push(mbPerSecond(mode.bytes, ms));
      if (before !== undefined && after !== undefined) cpu[i].push(after - before);
    }
  }
  return modes.map((mode, i) => ({
    label: mode.label,
    runs: rates[i],
    medianMBps: median(rates[i]),
    serverCpuMs: cpu[i].length ? median(cpu[i]) : undefined,
  }));
}

function print(title, results) {
  const put = results.find((r) => r.label.startsWith('plain PUT'));
  console.info(title);
  for (const r of results) {
    const runs = r.runs.map((x) => x.toFixed(0)).join(', ');
    const ratio = put ? `${(r.medianMBps / put.medianMBps).toFixed(2)}x PUT` : '';
    const cpu = r.serverCpuMs === undefined ? '' : `server CPU ${r.serverCpuMs.toFixed(0).padStart(4)} ms`;
    console.info(
      `  ${r.label.padEnd(30)} median ${r.medianMBps.toFixed(1).padStart(6)} MB/s ${ratio.padStart(9)}  ${cpu}   (runs: ${runs})`,
    );
  }
}

/**
 * Uploads a 20 MB random buffer (purpose `purpose`) and, unless `large` is false, a 100 MB one
 * (purpose `largePurpose`, whose limit is 100 MiB) to `baseUrl` with the session `cookie`, by a
 * bare tus client on node:http and by tus-js-client, interleaved with a plain streaming PUT of
 * the same bytes by the same node:http client. Prints MB/s per mode (median of `runs`) with its
 * ratio to the PUT, and returns the figures. With `uploadsDir` (the server's DATA_DIR/uploads)
 * each finished upload's file is deleted after its run, as the PUT's is: dirty pages of kept
 * files would otherwise weigh on the later runs (the API refuses to DELETE a finished upload).
 * With `serverPid` (the API's process) the CPU the API spent per upload is printed too.
 */
export async function benchUpload({
  baseUrl,
  cookie,
  purpose = 'ecu',
  largePurpose = 'common',
  large = true,
  runs = 5,
  uploadsDir,
  serverPid,
}) {
  const put = await plainPutServer({ keepFiles: !uploadsDir });
  const removeUploads = async () => {
    if (!uploadsDir) return;
    const names = await readdir(uploadsDir).catch(() => []);
    await Promise.all(names.map((name) => rm(path.join(uploadsDir, name), { force: true })));
  };
  const modesFor = (bytes, purposeOf, chunks) => {
    const data = randomBytes(bytes);
    const hash = sha256(data);
    const tusMode = ([label, chunkSize, client = tusOnce]) => ({
      label,
      bytes,
      pid: serverPid,
      once: async () => {
        const ms = await client({ baseUrl, cookie, data, hash, chunkSize, purpose: purposeOf });
        await removeUploads();
        return ms;
      },
    });
    return [
      { label: 'plain PUT streamed to a file', bytes, pid: put.pid, once: () => putOnce(put.port, data) },
      ...chunks.map(tusMode),
    ];
  };
  const all = [];
  try {
    const small = await interleaved(
      modesFor(SMALL, purpose, [
        ['tus, one PATCH', undefined],
        ['tus, 5 MiB chunks', 5 * MiB],
        ['tus, 16 MiB chunks', 16 * MiB],
        ['tus, 50 MiB chunks (one PATCH)', 50 * MiB],
        ['tus-js-client, one PATCH', undefined, tusClientOnce],
        ['tus-js-client, 5 MiB chunks', 5 * MiB, tusClientOnce],
      ]),
      runs,
    );
    print(`Upload of ${SMALL / 1e6} MB ('${purpose}'), ${runs} interleaved rounds (MB = 10^6 bytes):`, small);
    all.push(...small.map((r) => ({ ...r, bytes: SMALL })));
    if (large) {
      const rounds = Math.max(1, Math.ceil(runs / 2));
      const big = await interleaved(
        modesFor(LARGE, largePurpose, [
          ['tus, 5 MiB chunks', 5 * MiB],
          ['tus, 16 MiB chunks', 16 * MiB],
          ['tus, 50 MiB chunks', 50 * MiB],
          ['tus-js-client, 16 MiB chunks', 16 * MiB, tusClientOnce],
        ]),
        rounds,
      );
      print(`Upload of ${LARGE / 1e6} MB ('${largePurpose}'), ${rounds} interleaved rounds:`, big);
      all.push(...big.map((r) => ({ ...r, bytes: LARGE })));
    }
  } finally {
    await put.close();
  }
  return all;
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
  const entry = process.env.BENCH_ENTRY ? path.resolve(process.env.BENCH_ENTRY) : PORTAL_ENTRY;
  if (!existsSync(entry)) {
    console.error(`${entry} is missing: run "pnpm build" first.`);
    process.exit(1);
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ecu-bench-upload-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const admin = { email: 'bench-admin@ecu.test', password: randomBytes(12).toString('base64url') };
  const child = spawn(process.execPath, [...portalNodeArgs(), entry], {
    env: {
      ...process.env,
      ...benchProcessEnv(),
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
    const startedAt = performance.now();
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
    console.info(
      `Server up in ${(performance.now() - startedAt).toFixed(0)} ms (${path.relative(root, entry)})`,
    );
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
    const runs = Number(process.env.BENCH_RUNS) || undefined;
    await benchUpload({
      baseUrl,
      cookie,
      purpose: 'tuned',
      uploadsDir: path.join(dataDir, 'uploads'),
      serverPid: child.pid,
      large: process.env.BENCH_LARGE !== '0',
      ...(runs ? { runs } : {}),
    });
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
