import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPglite } from '../db/pglite';
import { pruneTables } from '../platform/prune';
import { PASSWORD, PROFILE, type TestUser, uniqueEmail, uniqueIp, verifiedUser } from '../test/factories';
import { ApiClient } from '../test/http-client';
import { SmtpSink, verificationLinkIn } from '../test/smtp-sink';
import { startTestServer, type TestServer } from '../test/test-server';
import {
  bytesAccepted,
  download,
  fileBytes,
  postTicket,
  sha256,
  startTus,
  type TusExchange,
  ticketFields,
  tusEndpoint,
  tusUpload,
  uploadRow,
} from '../test/ticket-helpers';

/** 20 MB, just under the ECU limit of 20 MiB. */
const SIZE = 20 * 1000 * 1000;
const CHUNK = 1000 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a resumed upload shows: where it started again and how much it sent. */
function resumeFigures(exchanges: TusExchange[]) {
  const firstPatch = exchanges.find((e) => e.method === 'PATCH');
  return { resumedAt: firstPatch?.sentOffset ?? 0, sent: bytesAccepted(exchanges) };
}

function expectResumed(label: string, exchanges: TusExchange[], cutAt: number) {
  // A resume starts with HEAD (no new POST), then PATCHes from the server's offset.
  expect(exchanges[0]?.method).toBe('HEAD');
  expect(exchanges.some((e) => e.method === 'POST')).toBe(false);
  const { resumedAt, sent } = resumeFigures(exchanges);
  expect(resumedAt).toBe(exchanges[0]?.answeredOffset);
  expect(resumedAt).toBeGreaterThan(0);
  expect(sent).toBe(SIZE - resumedAt);
  expect(sent).toBeLessThan(SIZE);
  console.info(
    `[resume] ${label}: cut at ${cutAt} bytes written, server offset ${resumedAt} (${((100 * resumedAt) / SIZE).toFixed(1)}%), resumed with ${sent} of ${SIZE} bytes`,
  );
}

describe('resume after the connection is cut', () => {
  let server: TestServer;
  let tuner: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    tuner = await verifiedUser(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('continues from the server offset after tus-js-client aborts at about 50%', async () => {
    const bytes = fileBytes(SIZE);
    let cutAt = 0;
    const first = startTus(tuner.client, bytes, {
      chunkSize: CHUNK,
      onProgress(sent) {
        if (cutAt === 0 && sent >= SIZE / 2) {
          cutAt = sent;
          // A moment later, off the progress callback, so the abort hits a request in flight.
          setTimeout(() => void first.upload.abort(), 2);
        }
      },
    });
    await expect.poll(() => cutAt, { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => first.upload.url).not.toBeNull();
    const uploadUrl = first.upload.url!;
    await new Promise((r) => setTimeout(r, 100));

    const second = startTus(tuner.client, bytes, { uploadUrl, chunkSize: CHUNK });
    const done = await second.done;
    expectResumed('abort()', second.exchanges, cutAt);
    expect(done.sha256Header).toBe(sha256(bytes));
    const row = await uploadRow(server.deps.db, done.uploadId);
    expect(row).toMatchObject({ status: 'complete', size: SIZE, sha256: sha256(bytes) });
    // The hash made as the bytes arrived is the hash of what the server stored.
    expect(sha256(await readFile(path.join(server.config.dataDir, 'uploads', done.uploadId)))).toBe(
      row?.sha256,
    );
  });

  it('continues from the server offset after the socket is cut mid-PATCH (TCP proxy)', async () => {
    const proxy = await tcpProxy(Number(new URL(server.url).port));
    try {
      const bytes = fileBytes(SIZE);
      // Cut once about half of the file went upstream, in the middle of a 1 MB PATCH.
      proxy.cutAfter(SIZE / 2 + CHUNK / 2);
      const endpoint = tusEndpoint(`http://127.0.0.1:${proxy.port}`);
      const first = startTus(tuner.client, bytes, { endpoint, chunkSize: CHUNK });
      await expect(first.done).rejects.toThrow();
      expect(proxy.cuts).toBe(1);
      const uploadUrl = first.upload.url!;
      expect(uploadUrl).toContain(`:${proxy.port}/api/uploads/`);

      const second = startTus(tuner.client, bytes, { endpoint, uploadUrl, chunkSize: CHUNK });
      const done = await second.done;
      expectResumed('socket cut', second.exchanges, proxy.cutAtBytes);
      expect(done.sha256Header).toBe(sha256(bytes));
      expect((await uploadRow(server.deps.db, done.uploadId))?.sha256).toBe(sha256(bytes));
      expect(sha256(await readFile(path.join(server.config.dataDir, 'uploads', done.uploadId)))).toBe(
        sha256(bytes),
      );
    } finally {
      await proxy.close();
    }
  });

  it("keeps a ticket's files through the upload sweep, however old tus's record of them", async () => {
    const bytes = fileBytes(3000);
    const upload = await tusUpload(tuner.client, bytes);
    const ticket = await postTicket(tuner.client, { ...ticketFields(), ecuFileUploadId: upload.uploadId });
    expect(ticket.status, ticket.text).toBe(201);
    const loose = await tusUpload(tuner.client, fileBytes(2000));
    // Two days on, as far as tus's own record of the upload tells.
    const record = path.join(server.config.dataDir, 'uploads', `${upload.uploadId}.json`);
    const info = JSON.parse(await readFile(record, 'utf8'));
    info.creation_date = new Date(Date.now() - 2 * DAY_MS).toISOString();
    await writeFile(record, JSON.stringify(info));

    // The sweep of expired uploads is part of the prune schedule (docs/decisions/070-durable-jobs.md):
    // run here as it runs two days from now (null: the scheduled run held its lock just then).
    const later = new Date(Date.now() + 2 * DAY_MS);
    let pruned: Awaited<ReturnType<typeof pruneTables>> = null;
    for (let i = 0; i < 50 && !pruned; i++) {
      pruned = await pruneTables({ db: server.deps.db, storage: server.deps.storage }, later);
      if (!pruned) await new Promise((r) => setTimeout(r, 100));
    }
    expect(pruned?.uploads).toBeGreaterThanOrEqual(1);
    // The upload no ticket took is gone; the ticket's is not.
    expect(await uploadRow(server.deps.db, loose.uploadId)).toBeUndefined();
    expect(await uploadRow(server.deps.db, upload.uploadId)).toMatchObject({ status: 'attached' });
    const file = await download(tuner.client, ticket.body.data.ecuFile!.url);
    expect(file.status).toBe(200);
    expect(sha256(file.bytes)).toBe(sha256(bytes));
  });
});

describe('resume after the server process is killed', () => {
  let smtp: SmtpSink;
  let dataDir: string;
  let database: { url: string | undefined; drop(): Promise<void> };
  let bundle: { entry: string; remove(): Promise<void> };
  let env: Record<string, string>;
  let baseUrl: string;
  let child: ChildProcess | undefined;
  let client: ApiClient;

  /** The server process, started (again) when it is not running. */
  async function running(): Promise<ChildProcess> {
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      child = await startProcess(bundle.entry, env, baseUrl);
    }
    return child;
  }

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ecu-api-resume-'));
    database = await processDatabase(dataDir);
    bundle = await bundleServer();
    const port = await freePort();
    baseUrl = `http://localhost:${port}`;
    env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'test',
      PORT: String(port),
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'error',
      TRUST_PROXY: 'on',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      // Required with DATABASE_URL; the restarted process must keep the sessions of the first.
      AUTH_SECRET: randomBytes(32).toString('hex'),
    };
    await running();
    client = await processUser(baseUrl, smtp);
  });
  afterAll(async () => {
    if (child) await stopProcess(child, 'SIGKILL');
    await bundle?.remove();
    await database?.drop();
    await smtp?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('finishes the upload on the restarted server from its offset, with the same SHA-256', async () => {
    const bytes = fileBytes(SIZE);
    const server = await running();
    let written = 0;
    let cutAt = 0;
    const first = startTus(client, bytes, {
      metadata: { filename: 'stage1-read.bin', purpose: 'ecu' },
      chunkSize: CHUNK,
      onProgress(sent) {
        written = sent;
        if (cutAt === 0 && sent >= SIZE / 2) {
          cutAt = sent;
          // A moment later, so the kill lands while a PATCH is on the wire.
          setTimeout(() => {
            cutAt = written;
            server.kill('SIGKILL');
          }, 3);
        }
      },
    });
    await expect(first.done).rejects.toThrow();
    await stopProcess(server, 'SIGKILL');
    expect(server.signalCode).toBe('SIGKILL');
    const uploadUrl = first.upload.url!;

    await running();
    const second = startTus(client, bytes, { uploadUrl, chunkSize: CHUNK });
    const done = await second.done;
    expectResumed('process killed', second.exchanges, cutAt);
    expect(done.sha256Header).toBe(sha256(bytes));

    // The restarted server kept the session and the upload row: the ticket gets the file.
    const ticket = await postTicket(client, { ...ticketFields(), ecuFileUploadId: done.uploadId });
    expect(ticket.status, ticket.text).toBe(201);
    expect(ticket.body.data.ecuFile).toMatchObject({
      name: 'stage1-read.bin',
      size: SIZE,
      sha256: sha256(bytes),
    });
    const file = await download(client, ticket.body.data.ecuFile!.url);
    expect(file.status).toBe(200);
    expect(sha256(file.bytes)).toBe(sha256(bytes));
  }, 180_000);
});

interface TcpProxy {
  port: number;
  /** How many times the proxy cut the connections. */
  cuts: number;
  /** Upstream bytes forwarded when the cut happened. */
  cutAtBytes: number;
  /** Cut every open connection once this many bytes went upstream in total. */
  cutAfter(bytes: number): void;
  close(): Promise<void>;
}

/** A loopback TCP proxy in front of the server that can drop its connections mid-transfer. */
async function tcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let upstreamBytes = 0;
  let limit = Number.POSITIVE_INFINITY;
  const state = { cuts: 0, cutAtBytes: 0 };
  const cut = () => {
    state.cuts += 1;
    state.cutAtBytes = upstreamBytes;
    limit = Number.POSITIVE_INFINITY;
    for (const s of sockets) s.destroy();
  };
  const server: Server = createServer((downstream) => {
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(downstream);
    sockets.add(upstream);
    const forget = () => {
      sockets.delete(downstream);
      sockets.delete(upstream);
      downstream.destroy();
      upstream.destroy();
    };
    downstream.on('data', (chunk: Buffer) => {
      upstreamBytes += chunk.length;
      upstream.write(chunk);
      if (upstreamBytes >= limit) cut();
    });
    upstream.on('data', (chunk: Buffer) => downstream.write(chunk));
    for (const s of [downstream, upstream]) {
      s.on('close', forget);
      s.on('error', forget);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    get cuts() {
      return state.cuts;
    },
    get cutAtBytes() {
      return state.cutAtBytes;
    },
    cutAfter(bytes) {
      limit = upstreamBytes + bytes;
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The server as `pnpm build` bundles it (esbuild, npm packages external), built from the
 * current source into node_modules/.cache so that those packages resolve; migrations beside.
 */
async function bundleServer(): Promise<{ entry: string; remove(): Promise<void> }> {
  const dir = path.join(API_DIR, 'node_modules', '.cache', `ecu-resume-${randomBytes(4).toString('hex')}`);
  await build({
    entryPoints: [path.join(API_DIR, 'src/main.ts')],
    outfile: path.join(dir, 'main.mjs'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-npm-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@ecu/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  // The worker pool's tasks beside main.mjs, as api/build.mjs writes them (docs/decisions/068-worker-pool.md).
  await build({
    entryPoints: [path.join(API_DIR, 'src/platform/worker-pool-tasks.ts')],
    outfile: path.join(dir, 'worker-pool-tasks.mjs'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-npm-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@ecu/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  await cp(path.join(API_DIR, 'src/db/migrations'), path.join(dir, 'migrations'), { recursive: true });
  return { entry: path.join(dir, 'main.mjs'), remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Starts the bundled server; resolves once /api/health answers. */
async function startProcess(
  entry: string,
  env: Record<string, string>,
  baseUrl: string,
): Promise<ChildProcess> {
  const proc = spawn(process.execPath, [entry], { cwd: API_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  proc.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  proc.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`The server exited (${proc.exitCode}):\n${output}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return proc;
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill('SIGKILL');
  throw new Error(`The server did not start within 60 s:\n${output}`);
}

function stopProcess(proc: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill(signal);
  });
}

/**
 * The database of the spawned server: PGlite in its DATA_DIR (api-pglite), or a PostgreSQL
 * database cloned from the migrated template (api-postgres), dropped afterwards.
 */
async function processDatabase(dataDir: string): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  const source = inject('testDb');
  if (source.kind === 'pglite') {
    // Where main.ts opens PGlite, loaded from global setup's migrated dump (no initdb here).
    const seeded = createPglite(path.join(dataDir, 'pglite'), {
      loadDataDir: new Blob([await readFile(source.dumpFile)]),
    });
    await seeded.close();
    return { url: undefined, drop: async () => {} };
  }
  const name = `${source.namePrefix}${randomBytes(6).toString('hex')}`;
  const admin = postgres(source.adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}" template "${source.template}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(source.adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = postgres(source.adminUrl, { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** A verified, onboarded user of the spawned server, signed up through its API. */
async function processUser(baseUrl: string, smtp: SmtpSink): Promise<ApiClient> {
  const client = new ApiClient(baseUrl, uniqueIp());
  const email = uniqueEmail('resume');
  const steps = [
    await client.post('/api/auth/signup', { email, password: PASSWORD, confirmPassword: PASSWORD }),
    await client.post('/api/auth/onboarding', PROFILE),
  ];
  const link = verificationLinkIn(await smtp.nextMail(email));
  steps.push(await client.post('/api/auth/signup-verify', { token: link.token, email: link.email }));
  for (const step of steps) expect(step.status, step.text).toBeLessThan(300);
  return client;
}
