import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { adminUser, type TestUser, verifiedUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';
import { setUserDisabled } from '../user-status';
import { changeUserRole } from './change-user-role';
import { deleteUser } from './delete-user';

let server: TestServer;
let serverAdmin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  serverAdmin = await adminUser(server);
});
afterAll(async () => {
  await server?.close();
});

async function activeAdminIds(): Promise<string[]> {
  const rows = await server.deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.disabled, false), isNull(users.deletedAt)));
  return rows.map((r) => r.id).sort();
}

/** Two fresh admins, made by `by`, who then disables `by`: they are the only active admins. */
async function twoLastAdmins(by: TestUser): Promise<[TestUser, TestUser]> {
  const pair = await Promise.all([verifiedUser(server), verifiedUser(server)]);
  for (const who of pair) {
    const res = await by.client.put('/api/admin/updateUserRole', { userId: who.user._id, role: 'admin' });
    expect(res.status, res.text).toBe(200);
  }
  const disabled = await pair[0].client.post('/api/admin/disableUser', { userId: by.user._id });
  expect(disabled.status, disabled.text).toBe(200);
  expect(await activeAdminIds()).toEqual(pair.map((p) => p.user._id).sort());
  return pair;
}

describe('the last active admin', () => {
  let winner: TestUser;
  let loser: TestUser;

  it('survives two admins demoting each other at the same moment (three rounds)', async () => {
    let by = serverAdmin;
    for (let round = 0; round < 3; round += 1) {
      const [a, b] = await twoLastAdmins(by);
      const [ab, ba] = await Promise.all([
        a.client.put('/api/admin/updateUserRole', { userId: b.user._id, role: 'user' }),
        b.client.put('/api/admin/updateUserRole', { userId: a.user._id, role: 'user' }),
      ]);
      const statuses = [ab.status, ba.status];
      expect(
        statuses.filter((s) => s === 200),
        `${ab.text} ${ba.text}`,
      ).toHaveLength(1);
      // The second one either lost the race under the locks (409) or found itself demoted at the gate (403).
      const refused = ab.status === 200 ? ba : ab;
      expect([409, 403]).toContain(refused.status);
      if (refused.status === 409) expect(refused.body.message).toMatch(/last active admin/);
      winner = ab.status === 200 ? a : b;
      loser = ab.status === 200 ? b : a;
      expect(await activeAdminIds()).toEqual([winner.user._id]);
      by = winner;
    }
  });

  it('cannot be demoted, disabled or deleted (409), even by a caller who got past the gate before losing their role', async () => {
    const { db } = server.deps;
    const actorId = loser.user._id;
    const userId = winner.user._id;
    await expect(changeUserRole(db, { actorId, userId, role: 'user' })).rejects.toMatchObject({
      status: 409,
      message: 'This is the last active admin, who cannot be demoted. Make another account an admin first.',
    });
    // An engineer is no admin: that is a demotion too.
    await expect(changeUserRole(db, { actorId, userId, role: 'engineer' })).rejects.toMatchObject({
      status: 409,
      message: 'This is the last active admin, who cannot be demoted. Make another account an admin first.',
    });
    await expect(setUserDisabled(db, { actorId, userId, disabled: true })).rejects.toMatchObject({
      status: 409,
      message: 'This is the last active admin, who cannot be disabled. Make another account an admin first.',
    });
    await expect(deleteUser(db, { actorId, userId })).rejects.toMatchObject({
      status: 409,
      message: 'This is the last active admin, who cannot be deleted. Make another account an admin first.',
    });
    expect(await activeAdminIds()).toEqual([userId]);
  });

  it('refuses a change by someone who is no longer an active admin (403), once the locks are held', async () => {
    const target = await verifiedUser(server);
    await expect(
      deleteUser(server.deps.db, { actorId: loser.user._id, userId: target.user._id }),
    ).rejects.toMatchObject({ status: 403, message: 'Only admins can do this' });
    expect((await winner.client.get(`/api/admin/users/${target.user._id}`)).body.data.deletedAt).toBeNull();
  });

  it('cannot change their own account either, and hands over once another admin is active', async () => {
    for (const [method, path, body, message] of [
      ['PUT', '/api/admin/updateUserRole', { role: 'user' }, 'You cannot change your own role'],
      ['POST', '/api/admin/disableUser', {}, 'You cannot disable your own account'],
      ['POST', '/api/admin/deleteUser', {}, 'You cannot delete your own account'],
    ] as const) {
      const res = await winner.client.request(method, path, { json: { ...body, userId: winner.user._id } });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const activated = await winner.client.post('/api/admin/activeUser', { userId: serverAdmin.user._id });
    expect(activated.status).toBe(200);
    const demoted = await serverAdmin.client.put('/api/admin/updateUserRole', {
      userId: winner.user._id,
      role: 'user',
    });
    expect(demoted.status, demoted.text).toBe(200);
    expect(await activeAdminIds()).toEqual([serverAdmin.user._id]);
  });
});
