import type { UserDto } from '@ecu/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRuntime } from '../app/build-deps';
import { users } from '../db/schema';
import { adminUser, newClient, signUpUser, uniqueEmail } from '../test/factories';
import { recordingLogger } from '../test/recording-logger';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/test-server';
import { ensureAdmin, GENERATED_ADMIN_EMAIL } from './admin-bootstrap';

async function admins(server: TestServer) {
  return server.deps.db.select().from(users).where(eq(users.role, 'admin'));
}

describe('with ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('that admin exists onboarded and verified, and signs in', async () => {
    const client = newClient(server);
    const login = await client.post<UserDto>('/api/auth/login', TEST_ADMIN);
    expect(login.status).toBe(200);
    const me = await client.get<UserDto>('/api/auth/getMe');
    expect(me.body.data).toMatchObject({
      email: TEST_ADMIN.email,
      role: 'admin',
      onBoarded: true,
      verified: true,
      disabled: false,
    });
    expect(me.body.data.firstName).not.toBe('');
    expect(me.body.data.country).not.toBe('');
  });

  it('a restart with the same settings creates nobody else', async () => {
    const before = (await admins(server)).length;
    await ensureAdmin(server.deps);
    await ensureAdmin(server.deps);
    const rows = await server.deps.db.select().from(users).where(eq(users.email, TEST_ADMIN.email));
    expect(rows).toHaveLength(1);
    expect(await admins(server)).toHaveLength(before);
  });

  it('leaves an account that signed up with ADMIN_EMAIL before the start as it is, and warns', async () => {
    const { email, password, client } = await signUpUser(server);
    const logger = recordingLogger();
    await ensureAdmin({
      ...server.deps,
      logger,
      config: { ...server.config, admin: { email, password: 'the-operators-password' } },
    });
    const me = await client.get<UserDto>('/api/auth/getMe');
    expect(me.body.data).toMatchObject({ email, role: 'user', onBoarded: false, verified: false });
    expect(logger.lines).toEqual([
      expect.stringMatching(new RegExp(`^\\[admin\\] ADMIN_EMAIL ${email} .*left as it is`)),
    ]);
    // The stranger keeps their own password; ADMIN_PASSWORD opens nothing.
    const stranger = newClient(server);
    expect(
      (await stranger.post('/api/auth/login', { email, password: 'the-operators-password' })).status,
    ).toBe(401);
    expect((await newClient(server).post('/api/auth/login', { email, password })).status).toBe(200);
  });

  it('a demoted, then disabled, start-up admin stays so at every restart', async () => {
    const email = uniqueEmail('bootstrap');
    const restart = (logger = recordingLogger()) =>
      ensureAdmin({
        ...server.deps,
        logger,
        config: { ...server.config, admin: { email, password: 'bootstrap-password-1' } },
      }).then(() => logger.lines);
    expect(await restart()).toEqual([`[admin] created ${email} from ADMIN_EMAIL`]);
    const [made] = await server.deps.db.select().from(users).where(eq(users.email, email));
    expect(made).toMatchObject({ role: 'admin', onBoarded: true, emailVerified: true, disabled: false });

    const admin = await adminUser(server);
    const demoted = await admin.client.put('/api/admin/updateUserRole', { userId: made!.id, role: 'user' });
    expect(demoted.status, demoted.text).toBe(200);
    expect(await restart()).toEqual([expect.stringContaining('not an active admin: left as it is')]);
    const disabled = await admin.client.post('/api/admin/disableUser', { userId: made!.id });
    expect(disabled.status, disabled.text).toBe(200);
    await restart();
    await restart();

    const [after] = await server.deps.db.select().from(users).where(eq(users.email, email));
    expect(after).toMatchObject({ role: 'user', disabled: true, emailVerified: true });
  });
});

describe('with neither ADMIN_EMAIL nor ADMIN_PASSWORD', () => {
  let server: TestServer;
  const logger = recordingLogger();
  beforeAll(async () => {
    server = await startTestServer({ admin: false, logger });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('generates one admin and logs its password once', async () => {
    const rows = await admins(server);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: GENERATED_ADMIN_EMAIL, onBoarded: true, emailVerified: true });

    const announcements = logger.lines.filter((l) => l.includes(GENERATED_ADMIN_EMAIL));
    expect(announcements).toHaveLength(1);
    const password = announcements[0]!.match(/with password (\S+)/)?.[1];
    expect(password).toBeDefined();
    expect(password!.length).toBeGreaterThanOrEqual(12);

    const client = newClient(server);
    expect((await client.post('/api/auth/login', { email: GENERATED_ADMIN_EMAIL, password })).status).toBe(
      200,
    );
    expect((await client.get<UserDto>('/api/auth/getMe')).body.data.role).toBe('admin');
  });

  it('a second start on the same database creates no other admin and logs no password', async () => {
    const before = logger.lines.length;
    const restartLogger = recordingLogger();
    // A new runtime over the same database, as after a restart (not closed: it shares the database).
    const restarted = await buildRuntime(server.config, { database: server.database, logger: restartLogger });
    await ensureAdmin(restarted.deps);

    const rows = await admins(server);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.email).toBe(GENERATED_ADMIN_EMAIL);
    // Every start says which payments are active; nothing else, and no admin line.
    expect(restartLogger.lines.filter((line) => !line.startsWith('[payments]'))).toEqual([]);
    expect(restartLogger.lines.join('\n')).not.toMatch(/password|\[admin\]/i);
    expect(logger.lines.length).toBe(before);
  });
});
