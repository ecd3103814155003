import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, newClient, onboardedUser, type TestUser, verifiedUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminUser(server);
});
afterAll(async () => {
  await server?.close();
});

describe('POST /api/admin/disableUser and /api/admin/activeUser', () => {
  it('disables a user, who still reads getMe (disabled: true) but is refused everything else, until activated', async () => {
    const tuner = await verifiedUser(server);
    const disabled = await admin.client.post('/api/admin/disableUser', { userId: tuner.user._id });
    expect(disabled.status, disabled.text).toBe(200);
    expect(disabled.body.message).toBe('User disabled successfully');

    const me = await tuner.client.get('/api/auth/getMe');
    expect(me.status).toBe(200);
    expect(me.body.data.disabled).toBe(true);
    const sync = await tuner.client.get('/api/sync');
    expect(sync.status).toBe(403);
    expect(sync.body.message).toBe('Account disabled');

    const activated = await admin.client.post('/api/admin/activeUser', { userId: tuner.user._id });
    expect(activated.status, activated.text).toBe(200);
    expect(activated.body.message).toBe('User activated successfully');
    expect((await tuner.client.get('/api/auth/getMe')).body.data.disabled).toBe(false);
    expect((await tuner.client.get('/api/sync')).status).toBe(200);
  });

  it('takes effect on the very next request of a signed-in session (no cookie cache)', async () => {
    const tuner = await verifiedUser(server);
    expect((await tuner.client.get('/api/sync')).status).toBe(200);
    await admin.client.post('/api/admin/disableUser', { userId: tuner.user._id });
    expect((await tuner.client.get('/api/sync')).status).toBe(403);
  });

  it('refuses an admin disabling their own account', async () => {
    const res = await admin.client.post('/api/admin/disableUser', { userId: admin.user._id });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('You cannot disable your own account');
    expect((await admin.client.get('/api/auth/getMe')).body.data.disabled).toBe(false);
  });

  it('answers 404 for an unknown user and 400 without a userId', async () => {
    const unknown = await admin.client.post('/api/admin/disableUser', { userId: 'no-such-user' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('User not found');
    const missing = await admin.client.post('/api/admin/activeUser', {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('userId is required');
    expect(missing.body.errors).toEqual([{ path: 'userId', message: 'userId is required' }]);
  });

  it.each([
    ['signed out', 401, 'Please sign in to continue'],
    ['unverified', 403, 'Verify your email address first'],
    ['user', 403, 'Only admins can do this'],
  ] as const)('refuses a caller who is %s (%i)', async (who, status, message) => {
    const target = await verifiedUser(server);
    const caller =
      who === 'signed out'
        ? newClient(server)
        : who === 'unverified'
          ? (await onboardedUser(server)).client
          : (await verifiedUser(server)).client;
    for (const path of ['/api/admin/disableUser', '/api/admin/activeUser']) {
      const res = await caller.post(path, { userId: target.user._id });
      expect(res.status).toBe(status);
      expect(res.body.message).toBe(message);
    }
    expect((await target.client.get('/api/auth/getMe')).body.data.disabled).toBe(false);
  });
});
