import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedUser } from '../../test/credits-helpers';
import { adminUser, newClient, type TestUser, verifiedUser } from '../../test/factories';
import type { ApiClient } from '../../test/http-client';
import { jobsSettled } from '../../test/jobs-settled';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let admin: TestUser;
/** A customer, an admin whose account is disabled, and the account the calls name. */
let customer: TestUser;
let disabledAdmin: TestUser;
let victim: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [admin, customer, disabledAdmin, victim] = await Promise.all([
    adminUser(server),
    verifiedUser(server),
    verifiedUser(server),
    verifiedUser(server),
  ]);
  const promoted = await admin.client.put('/api/admin/updateUserRole', {
    userId: disabledAdmin.user._id,
    role: 'admin',
  });
  expect(promoted.status, promoted.text).toBe(200);
  const disabled = await admin.client.post('/api/admin/disableUser', { userId: disabledAdmin.user._id });
  expect(disabled.status, disabled.text).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

type Method = 'GET' | 'PUT' | 'POST';

/**
 * Every admin call: the /admin/* calls (docs/product.md#13-the-http-api), the user desk,
 * the user's page, settings, the overview, the exports, the Deliveries desk and the solution library. `body` names the account a call acts on: the victim for callers
 * the gate must stop, an unknown account for the admin (who must get past the gate, and only
 * that: a 400 or 404 from the route itself is fine here).
 */
const CALLS: [Method, string, ((userId: string) => Record<string, unknown>)?][] = [
  ['GET', '/api/admin/getAllUsers'],
  ['GET', '/api/admin/getAllDisabledUsers'],
  ['GET', '/api/admin/getAllUnverifiedUsers'],
  ['GET', '/api/admin/getAllTransactionHistory'],
  ['GET', '/api/admin/getAllEcuFiles'],
  ['GET', '/api/admin/getTicketDetails/100001'],
  ['PUT', '/api/admin/updateUserRole', (userId) => ({ userId, role: 'admin' })],
  ['PUT', '/api/admin/updateUserCredits', (userId) => ({ userId, credits: 5 })],
  ['PUT', '/api/admin/updatePerCreditPrice', (userId) => ({ userId, creditPrice: 1 })],
  [
    'PUT',
    '/api/admin/updateEcuFileStatus',
    () => ({ fileId: '00000000-0000-4000-8000-000000000000', status: 'Failed' }),
  ],
  ['PUT', '/api/admin/uploadTunedFile', () => ({ ticketNumber: 100001 })],
  ['POST', '/api/admin/disableUser', (userId) => ({ userId })],
  ['POST', '/api/admin/activeUser', (userId) => ({ userId })],
  ['POST', '/api/admin/deleteUser', (userId) => ({ userId })],
  ['POST', '/api/admin/resendVerification', (userId) => ({ userId })],
  ['GET', '/api/admin/users/:userId'],
  ['GET', '/api/admin/users/:userId/ledger'],
  ['GET', '/api/admin/users/:userId/payments'],
  ['GET', '/api/admin/users/:userId/tickets'],
  ['GET', '/api/admin/users/:userId/audit'],
  ['GET', '/api/admin/settings'],
  ['PUT', '/api/admin/settings', () => ({})],
  ['GET', '/api/admin/overview'],
  ['GET', '/api/admin/export/users.csv'],
  ['GET', '/api/admin/export/transactions.csv'],
  ['GET', '/api/admin/deliveries'],
  ['POST', '/api/admin/deliveries/mail-dead/00000000-0000-4000-8000-000000000000/retry'],
  ['GET', '/api/admin/solutions'],
  ['POST', '/api/admin/solutions', () => ({ ticketNumber: 100001, approve: true })],
  ['POST', '/api/admin/solutions/upload'],
  ['POST', '/api/admin/solutions/1/approve'],
  ['POST', '/api/admin/solutions/1/retire'],
  ['GET', '/api/admin/solutions/matches/100001'],
  ['GET', '/api/admin/solutions/matches/100001/prepared'],
];

function call(client: ApiClient, [method, path, body]: (typeof CALLS)[number], userId: string) {
  const url = path.replace(':userId', encodeURIComponent(userId));
  return client.request(method, url, body ? { json: body(userId) } : {});
}

describe('every admin call: signed out 401, a user 403, a disabled admin 403, an admin gets through', () => {
  it.each(CALLS)('%s %s', async (...row) => {
    const signedOut = await call(newClient(server), row, victim.user._id);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual({
      success: false,
      message: 'Please sign in to continue',
      errors: [],
      code: 'unauthorized',
    });

    const asUser = await call(customer.client, row, victim.user._id);
    expect(asUser.status).toBe(403);
    expect(asUser.body).toEqual({
      success: false,
      message: 'Only admins can do this',
      errors: [],
      code: 'not_admin',
    });

    const asDisabledAdmin = await call(disabledAdmin.client, row, victim.user._id);
    expect(asDisabledAdmin.status).toBe(403);
    expect(asDisabledAdmin.body).toEqual({
      success: false,
      message: 'Account disabled',
      errors: [],
      code: 'account_disabled',
    });

    const asAdmin = await call(admin.client, row, 'no-such-user');
    expect([401, 403], asAdmin.text).not.toContain(asAdmin.status);
    expect(asAdmin.status, asAdmin.text).toBeLessThan(500);
    // The route exists: a 404 here comes from the route (an unknown account), not the router.
    expect(asAdmin.text).not.toContain('No such API endpoint');
  });

  it('left the account the refused calls named as it was', async () => {
    const after = await storedUser(server.deps.db, victim.user._id);
    expect(after).toMatchObject({
      role: 'user',
      disabled: false,
      deletedAt: null,
      credits: 0,
      perCreditPricePence: 6000,
      email: victim.email,
    });
    await jobsSettled(server.deps.jobs);
    expect(server.smtp.pending(victim.email)).toEqual([]);
  });
});
