import { randomBytes } from 'node:crypto';
import type { AdminUserDetailDto } from '@ecu/shared';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { adminUser, newClient, signIn, type TestUser, verifiedUser } from '../test/factories';
import { runCli } from '../test/run-cli';
import { describeOnPostgres } from '../test/test-db';
import { startTestServer, type TestServer } from '../test/test-server';
import { ResetPasswordError, resetPassword } from './reset-password';

async function auditOf(admin: TestUser, userId: string) {
  const res = await admin.client.get<AdminUserDetailDto>(`/api/admin/users/${userId}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data.audit;
}

describe('resetPassword', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sets the new password, revokes every session and writes an audit line; role and status stay', async () => {
    const tuner = await verifiedUser(server);
    const second = await signIn(server, tuner);
    const result = await resetPassword(server.deps.db, {
      email: tuner.email.toUpperCase(),
      password: 'a-brand-new-password-7',
    });
    expect(result).toEqual({ userId: tuner.user._id, sessionsRevoked: 2 });

    expect((await tuner.client.get('/api/auth/getMe')).status).toBe(401);
    expect((await second.get('/api/auth/getMe')).status).toBe(401);
    expect((await newClient(server).post('/api/auth/login', tuner)).status).toBe(401);
    const fresh = newClient(server);
    expect(
      (await fresh.post('/api/auth/login', { email: tuner.email, password: 'a-brand-new-password-7' }))
        .status,
    ).toBe(200);
    expect((await fresh.get('/api/auth/getMe')).body.data).toMatchObject({ role: 'user', verified: true });

    const audit = await auditOf(await adminUser(server), tuner.user._id);
    expect(audit[0]).toMatchObject({
      action: 'user.password-reset',
      actor: null,
      targetId: tuner.user._id,
      after: { by: 'command line', sessionsRevoked: 2 },
    });
  });

  it('refuses an unknown e-mail and changes nothing', async () => {
    await expect(
      resetPassword(server.deps.db, { email: 'nobody@ecu.test', password: 'whatever-password-1' }),
    ).rejects.toThrow(ResetPasswordError);
  });
});

const runResetCli = (args: string[], env: Record<string, string>, stdin?: string) =>
  runCli('src/accounts/reset-password-cli.ts', args, env, stdin);

describeOnPostgres('pnpm admin:reset-password, run as a process on the portal database', (source) => {
  const name = `${source.namePrefix}cli_${randomBytes(4).toString('hex')}`;
  const url = new URL(source.adminUrl);
  url.pathname = `/${name}`;
  let server: TestServer;
  let database: Awaited<ReturnType<typeof openDatabase>>;
  const env = () => ({ DATABASE_URL: url.toString(), AUTH_SECRET: 's'.repeat(40), NODE_ENV: 'test' });
  beforeAll(async () => {
    const admin = postgres(source.adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}" template "${source.template}"`);
    await admin.end();
    database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 5 }, { migrate: false });
    server = await startTestServer({ database });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
    const admin = postgres(source.adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  it('generates a password, prints it once, and the old session is gone', async () => {
    const tuner = await verifiedUser(server);
    const run = await runResetCli([tuner.email], env());
    expect(run.code, run.stderr).toBe(0);
    const printed = run.stdout.match(/New password \(shown once\): (\S+)/)?.[1];
    expect(printed).toBeDefined();
    expect(printed!.length).toBeGreaterThanOrEqual(20);
    expect(run.stdout).toContain('1 session(s) revoked');
    expect((await tuner.client.get('/api/auth/getMe')).status).toBe(401);
    expect(
      (await newClient(server).post('/api/auth/login', { email: tuner.email, password: printed })).status,
    ).toBe(200);
  });

  it('reads the password from stdin with --password-stdin and prints none', async () => {
    const tuner = await verifiedUser(server);
    const run = await runResetCli([tuner.email, '--password-stdin'], env(), 'piped-in-password-42\n');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toContain('piped-in-password-42');
    expect(run.stdout).not.toContain('New password');
    expect(
      (
        await newClient(server).post('/api/auth/login', {
          email: tuner.email,
          password: 'piped-in-password-42',
        })
      ).status,
    ).toBe(200);
  });

  it.each([
    [['nobody@ecu.test'], undefined, /No account has the e-mail nobody@ecu\.test/],
    [['not-an-email'], undefined, /valid email/],
    [[], undefined, /usage: pnpm admin:reset-password EMAIL/],
    [['admin@ecu.test', '--password-stdin'], 'short\n', /at least/],
  ])('%j refuses with one clear line and exit code 2', async (args, stdin, message) => {
    const run = await runResetCli(args, env(), stdin);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
