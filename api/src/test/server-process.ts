import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { expect, inject } from 'vitest';
import { createPglite } from '../db/pglite';
import { PASSWORD, PROFILE, uniqueEmail, uniqueIp } from './factories';
import { ApiClient } from './http-client';
import { SmtpSink, verificationLinkIn } from './smtp-sink';

const API_DIR = path.resolve(import.meta.dirname, '../..');

/** The admin that ServerProcess.start puts in ADMIN_EMAIL/ADMIN_PASSWORD. */
export const PROCESS_ADMIN = { email: 'process-admin@ecu.test', password: 'process-admin-password-1' };

/**
 * The API server as a process of its own, built by api/build.mjs, on a database of
 * the test's project (PGlite in its DATA_DIR, or a PostgreSQL database cloned from the migrated
 * template), with a real SMTP sink: for faults that only a real process has, such as SIGKILL.
 * A restart keeps the database, the files and the sessions (one AUTH_SECRET).
 */
export class ServerProcess {
  child: ChildProcess | undefined;

  private constructor(
    readonly url: string,
    readonly dataDir: string,
    readonly smtp: SmtpSink,
    private readonly env: Record<string, string>,
    private readonly bundle: { entry: string; remove(): Promise<void> },
    private readonly database: { url: string | undefined; drop(): Promise<void> },
  ) {}

  static async start(extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
    const smtp = await SmtpSink.start();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ecu-api-process-'));
    const database = await processDatabase(dataDir);
    const bundle = await bundleServer();
    const port = await freePort();
    const url = `http://localhost:${port}`;
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'test',
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'error',
      TRUST_PROXY: 'on',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ADMIN_EMAIL: PROCESS_ADMIN.email,
      ADMIN_PASSWORD: PROCESS_ADMIN.password,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      // Required with DATABASE_URL; the restarted process must keep the sessions of the first.
      AUTH_SECRET: randomBytes(32).toString('hex'),
      ...extraEnv,
    };
    const server = new ServerProcess(url, dataDir, smtp, env, bundle, database);
    await server.running();
    return server;
  }

  /** The process, started (again) when it is not running; resolves once /api/health answers. */
  async running(): Promise<ChildProcess> {
    const child = this.child;
    // A process that was sent a signal a moment ago is let die before another takes its port.
    if (child?.killed && child.exitCode === null && child.signalCode === null) await once(child, 'exit');
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      this.child = await startProcess(this.bundle.entry, this.env, this.url);
    }
    return this.child!;
  }

  /** Sends `signal` to the process and resolves once it has exited. */
  stop(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    return new Promise((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }

  /** A verified, onboarded user, signed up through the process's API. */
  async signedUpUser(): Promise<ApiClient> {
    const client = new ApiClient(this.url, uniqueIp());
    const email = uniqueEmail('process');
    const steps = [
      await client.post('/api/auth/signup', { email, password: PASSWORD, confirmPassword: PASSWORD }),
      await client.post('/api/auth/onboarding', PROFILE),
    ];
    const link = verificationLinkIn(await this.smtp.nextMail(email));
    steps.push(await client.post('/api/auth/signup-verify', { token: link.token, email: link.email }));
    for (const step of steps) expect(step.status, step.text).toBeLessThan(300);
    return client;
  }

  /** The ADMIN_EMAIL admin, signed in through /api/auth/login. */
  async signedInAdmin(): Promise<ApiClient> {
    const client = new ApiClient(this.url, uniqueIp());
    const res = await client.post('/api/auth/login', PROCESS_ADMIN);
    expect(res.status, res.text).toBe(200);
    return client;
  }

  async close(): Promise<void> {
    await this.stop('SIGKILL');
    await this.bundle.remove();
    await this.database.drop();
    await this.smtp.close();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}

export function freePort(): Promise<number> {
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
 * The server as `pnpm build` bundles it: api/build.mjs, into a folder under node_modules/.cache
 * so that the packages it leaves external resolve as they do from api/dist.
 */
async function bundleServer(): Promise<{ entry: string; remove(): Promise<void> }> {
  const dir = path.join(API_DIR, 'node_modules', '.cache', `ecu-process-${randomBytes(4).toString('hex')}`);
  await promisify(execFile)(process.execPath, ['build.mjs', dir], { cwd: API_DIR });
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
