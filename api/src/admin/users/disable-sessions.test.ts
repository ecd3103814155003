import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, signIn, type TestUser, verifiedUser } from '../../test/factories';
import type { ApiClient } from '../../test/http-client';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminUser(server);
});
afterAll(async () => {
  await server?.close();
});

describe('disableUser with 20 live sessions of that user', () => {
  it('refuses every session on its next call, keeps getMe answering disabled: true, and activate restores them', async () => {
    const tuner = await verifiedUser(server);
    // 20 browsers, each signed in on its own (20 session cookies); five at a time, under the
    // per-e-mail sign-in limit (10), which forgives each sign-in once it succeeded.
    const sessions: ApiClient[] = [];
    for (let batch = 0; batch < 4; batch += 1) {
      sessions.push(...(await Promise.all(Array.from({ length: 5 }, () => signIn(server, tuner)))));
    }
    expect(new Set(sessions.map((s) => [...s.cookies.values()].join())).size).toBe(20);
    for (const session of sessions) {
      expect((await session.get('/api/ecuFile/my-files')).status).toBe(200);
    }

    const disabled = await admin.client.post('/api/admin/disableUser', { userId: tuner.user._id });
    expect(disabled.status, disabled.text).toBe(200);

    const next = await Promise.all(sessions.map((s) => s.get('/api/ecuFile/my-files')));
    expect(next.map((r) => [r.status, r.body.message])).toEqual(
      sessions.map(() => [403, 'Account disabled']),
    );
    const me = await Promise.all(sessions.map((s) => s.get('/api/auth/getMe')));
    expect(me.map((r) => [r.status, r.body.data.disabled])).toEqual(sessions.map(() => [200, true]));

    const activated = await admin.client.post('/api/admin/activeUser', { userId: tuner.user._id });
    expect(activated.status, activated.text).toBe(200);
    const again = await Promise.all(sessions.map((s) => s.get('/api/ecuFile/my-files')));
    expect(again.map((r) => r.status)).toEqual(sessions.map(() => 200));
    expect((await tuner.client.get('/api/auth/getMe')).body.data.disabled).toBe(false);
  }, 120_000); // 21 sign-ins, each a deliberately slow password hash
});
