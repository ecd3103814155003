import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { UserDto } from '@ecu/shared';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../db/client';
import { newClient } from '../test/factories';
import { runCli } from '../test/run-cli';
import { describeOnPostgres } from '../test/test-db';
import { startTestServer, type TestServer } from '../test/test-server';
import { DEMO_SOFTWARE } from './demo-solutions';

const seedCli = (args: string[], env: Record<string, string>) => runCli('src/demo/seed-cli.ts', args, env);

describe('pnpm seed:demo refuses before it connects', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ecu-seed-cli-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it.each([
    [{ NODE_ENV: 'production' }, /^Refused: NODE_ENV is production\. Add --yes-really/],
    [
      { DATABASE_URL: 'postgres://ecu:pw@db.example.com:5432/ecu', AUTH_SECRET: 's'.repeat(40) },
      /^Refused: the database is on db\.example\.com, not on this machine\./,
    ],
  ])('%j', async (env, message) => {
    const run = await seedCli(['--users', '5'], { DATA_DIR: dataDir, AUTH_SECRET: 'a'.repeat(40), ...env });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describeOnPostgres('pnpm seed:demo, one real run on a fresh portal database', (source) => {
  const name = `${source.namePrefix}seed_${randomBytes(4).toString('hex')}`;
  const url = new URL(source.adminUrl);
  url.pathname = `/${name}`;
  let server: TestServer | undefined;
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  beforeAll(async () => {
    const admin = postgres(source.adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}" template "${source.template}"`);
    await admin.end();
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
    const admin = postgres(source.adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  it('writes the demo and prints fresh passwords that sign in', async () => {
    const env = { DATABASE_URL: url.toString(), AUTH_SECRET: 's'.repeat(40), NODE_ENV: 'development' };
    const readsDir = await mkdtemp(path.join(os.tmpdir(), 'ecu-demo-reads-'));
    onTestFinished(() => rm(readsDir, { recursive: true, force: true }));
    const run = await seedCli(
      ['--users', '40', '--tickets', '30', '--payments', '10', '--reads-dir', readsDir, '--json'],
      env,
    );
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as {
      users: number;
      solutions: number;
      reads: string[];
      adminEmails: string[];
      adminPassword: string;
      password: string;
    };
    expect(result.users).toBe(40);
    // The demo's solution library, and one read of each of its software versions to upload.
    expect(result.solutions).toBe(DEMO_SOFTWARE.reduce((sum, d) => sum + d.items.length, 0));
    expect(result.reads.map((f) => path.dirname(f))).toEqual(DEMO_SOFTWARE.map(() => readsDir));
    const first = await readFile(result.reads[0]!);
    expect(first.length).toBe(DEMO_SOFTWARE[0]!.size);
    expect(result.password).not.toBe('demo-password-1');

    database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 5 }, { migrate: false });
    server = await startTestServer({ database });
    const admin = newClient(server);
    const res = await admin.post<UserDto>('/api/auth/login', {
      email: result.adminEmails[0],
      password: result.adminPassword,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.role).toBe('admin');
  }, 120_000);
});
