import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedUser } from '../../test/credits-helpers';
import { adminUser, engineerUser, newClient, type TestUser, verifiedUser } from '../../test/factories';
import type { ApiClient } from '../../test/http-client';
import { jobsSettled } from '../../test/jobs-settled';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let admin: TestUser;
/** A customer, an engineer, an admin whose account is disabled, and the account the calls name. */
let customer: TestUser;
let engineer: TestUser;
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
  engineer = await engineerUser(server);
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

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
/** 'queue': engineers get through as admins do; 'admin': engineers get 403 not_admin. */
type Desk = 'queue' | 'admin';

/**
 * Every admin call: the /admin/* calls (docs/product.md#13-the-http-api), the user desk,
 * the user's page, settings, the overview, the exports, the Deliveries desk, the solution library,
 * the chat inbox, internal notes, assignment (docs/decisions/087-assignment.md), canned replies
 * (docs/decisions/088-canned-replies.md) and counter-offers (docs/decisions/091-counter-offers.md), each with its desk: engineers work the 'queue' calls only
 * (docs/decisions/086-engineers-and-internal-notes.md). `body` names the account a call acts on: the victim for callers
 * the gate must stop, an unknown account for the admin (who must get past the gate, and only
 * that: a 400 or 404 from the route itself is fine here).
 */
const CALLS: [Desk, Method, string, ((userId: string) => Record<string, unknown>)?][] = [
  ['admin', 'GET', '/api/admin/getAllUsers'],
  ['admin', 'GET', '/api/admin/getAllDisabledUsers'],
  ['admin', 'GET', '/api/admin/getAllUnverifiedUsers'],
  ['admin', 'GET', '/api/admin/getAllTransactionHistory'],
  ['admin', 'GET', '/api/admin/payments/00000000-0000-4000-8000-000000000000/evidence.pdf'],
  ['queue', 'GET', '/api/admin/getAllEcuFiles'],
  ['queue', 'GET', '/api/admin/getTicketDetails/100001'],
  ['admin', 'PUT', '/api/admin/updateUserRole', (userId) => ({ userId, role: 'admin' })],
  ['admin', 'PUT', '/api/admin/updateUserCredits', (userId) => ({ userId, credits: 5 })],
  ['admin', 'PUT', '/api/admin/updatePerCreditPrice', (userId) => ({ userId, creditPrice: 1 })],
  [
    'queue',
    'PUT',
    '/api/admin/updateEcuFileStatus',
    () => ({ fileId: '00000000-0000-4000-8000-000000000000', status: 'Failed' }),
  ],
  ['queue', 'PUT', '/api/admin/uploadTunedFile', () => ({ ticketNumber: 100001 })],
  ['admin', 'POST', '/api/admin/disableUser', (userId) => ({ userId })],
  ['admin', 'POST', '/api/admin/activeUser', (userId) => ({ userId })],
  ['admin', 'POST', '/api/admin/deleteUser', (userId) => ({ userId })],
  ['admin', 'POST', '/api/admin/resendVerification', (userId) => ({ userId })],
  ['admin', 'GET', '/api/admin/users/:userId'],
  ['admin', 'GET', '/api/admin/users/:userId/ledger'],
  ['admin', 'GET', '/api/admin/users/:userId/payments'],
  ['admin', 'GET', '/api/admin/users/:userId/tickets'],
  ['admin', 'GET', '/api/admin/users/:userId/audit'],
  ['admin', 'GET', '/api/admin/settings'],
  ['admin', 'PUT', '/api/admin/settings', () => ({})],
  ['admin', 'GET', '/api/admin/overview'],
  ['admin', 'GET', '/api/admin/export/users.csv'],
  ['admin', 'GET', '/api/admin/export/transactions.csv'],
  ['admin', 'GET', '/api/admin/deliveries'],
  ['admin', 'POST', '/api/admin/deliveries/mail-dead/00000000-0000-4000-8000-000000000000/retry'],
  ['queue', 'GET', '/api/admin/solutions'],
  ['queue', 'POST', '/api/admin/solutions', () => ({ ticketNumber: 100001, approve: true })],
  ['queue', 'POST', '/api/admin/solutions/upload'],
  ['queue', 'POST', '/api/admin/solutions/1/approve'],
  ['queue', 'POST', '/api/admin/solutions/1/retire'],
  ['queue', 'GET', '/api/admin/solutions/matches/100001'],
  ['queue', 'GET', '/api/admin/solutions/matches/100001/prepared'],
  ['queue', 'POST', '/api/admin/reuseTunedFile', () => ({ ticketNumber: 100001, fromTicketNumber: 100002 })],
  ['queue', 'GET', '/api/admin/chat-inbox'],
  ['queue', 'GET', '/api/admin/chat-inbox/count'],
  ['queue', 'GET', '/api/admin/tickets/notes?ticketNumber=100001'],
  ['queue', 'POST', '/api/admin/tickets/notes', () => ({ ticketNumber: 100001, text: 'A note' })],
  ['queue', 'POST', '/api/admin/software-notes', () => ({ softwareNumber: '1037000000', text: 'A note' })],
  ['queue', 'GET', '/api/admin/canned-replies'],
  ['queue', 'POST', '/api/admin/canned-replies', () => ({ title: 'Matrix', body: 'Hi {firstName}' })],
  [
    'queue',
    'PUT',
    '/api/admin/canned-replies/00000000-0000-4000-8000-000000000000',
    () => ({ title: 'Matrix', body: 'Hi {firstName}' }),
  ],
  ['queue', 'DELETE', '/api/admin/canned-replies/00000000-0000-4000-8000-000000000000'],
  ['queue', 'GET', '/api/admin/tickets/assignees'],
  ['queue', 'POST', '/api/admin/tickets/assign', (userId) => ({ ticketNumber: 100001, userId })],
  [
    'queue',
    'POST',
    '/api/admin/tickets/counter-offer',
    () => ({ ticketNumber: 100001, stage: 'Stage 2', options: ['EGR OFF'], message: 'A different plan' }),
  ],
  [
    'queue',
    'POST',
    '/api/admin/tickets/dtc-codes',
    () => ({ ticketNumber: 100001, code: 'P0420', removed: true }),
  ],
];

function call(client: ApiClient, [, method, path, body]: (typeof CALLS)[number], userId: string) {
  const url = path.replace(':userId', encodeURIComponent(userId));
  return client.request(method, url, body ? { json: body(userId) } : {});
}

describe('every staff call: signed out 401, a user 403, a disabled admin 403, an engineer by desk, an admin gets through', () => {
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

    const asEngineer = await call(
      engineer.client,
      row,
      row[0] === 'queue' ? 'no-such-user' : victim.user._id,
    );
    if (row[0] === 'queue') {
      expect([401, 403], asEngineer.text).not.toContain(asEngineer.status);
      expect(asEngineer.status, asEngineer.text).toBeLessThan(500);
      expect(asEngineer.text).not.toContain('No such API endpoint');
    } else {
      expect(asEngineer.status, asEngineer.text).toBe(403);
      expect(asEngineer.body).toEqual({
        success: false,
        message: 'Only admins can do this',
        errors: [],
        code: 'not_admin',
      });
    }

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
