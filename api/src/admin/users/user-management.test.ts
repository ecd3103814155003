import type { AdminUserDetailDto, AuditEntryDto, LedgerEntryDto, TransactionDto, UserDto } from '@ecu/shared';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAccounts, creditLedger, payments, sessions, tickets, verifications } from '../../db/schema';
import { buyCredits, storedUser } from '../../test/credits-helpers';
import {
  adminUser,
  newClient,
  onboardedUser,
  PASSWORD,
  PROFILE,
  signUpUser,
  type TestUser,
  verifiedUser,
} from '../../test/factories';
import { jobsSettled } from '../../test/jobs-settled';
import { verificationLinkIn } from '../../test/smtp-sink';
import { startTestServer, type TestServer } from '../../test/test-server';
import { submitTicket } from '../../test/ticket-helpers';

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminUser(server);
});
afterAll(async () => {
  await server?.close();
});

const adminRef = () => ({
  _id: admin.user._id,
  firstName: admin.user.firstName,
  lastName: admin.user.lastName,
  email: admin.user.email,
});

async function page(userId: string): Promise<AdminUserDetailDto> {
  const res = await admin.client.get<AdminUserDetailDto>(`/api/admin/users/${userId}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

async function search(path: string, q: string): Promise<UserDto[]> {
  const res = await admin.client.get<UserDto[]>(`${path}?q=${encodeURIComponent(q)}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

describe('PUT /api/admin/updateUserRole', () => {
  it('promotes and demotes, effective on the next request, and the user page shows each change with actor, before and after', async () => {
    const tuner = await verifiedUser(server);
    expect((await tuner.client.get('/api/admin/getAllUsers')).status).toBe(403);

    const promoted = await admin.client.put<UserDto>('/api/admin/updateUserRole', {
      userId: tuner.user._id,
      role: 'admin',
    });
    expect(promoted.status, promoted.text).toBe(200);
    expect(promoted.body.message).toBe('User role updated successfully');
    expect(promoted.body.data).toMatchObject({ _id: tuner.user._id, role: 'admin' });
    expect((await tuner.client.get('/api/admin/getAllUsers')).status).toBe(200);

    const demoted = await admin.client.put<UserDto>('/api/admin/updateUserRole', {
      userId: tuner.user._id,
      role: 'user',
    });
    expect(demoted.status, demoted.text).toBe(200);
    expect(demoted.body.data.role).toBe('user');
    expect((await tuner.client.get('/api/admin/getAllUsers')).status).toBe(403);

    // The same role again changes nothing and records nothing.
    const again = await admin.client.put('/api/admin/updateUserRole', {
      userId: tuner.user._id,
      role: 'user',
    });
    expect(again.status).toBe(200);

    const { audit, auditNextCursor } = await page(tuner.user._id);
    expect(auditNextCursor).toBeNull();
    expect(audit.map((a) => [a.action, a.before, a.after, a.actor])).toEqual([
      ['user.role', { role: 'admin' }, { role: 'user' }, adminRef()],
      ['user.role', { role: 'user' }, { role: 'admin' }, adminRef()],
    ]);
    expect(audit[0]).toMatchObject({ targetType: 'user', targetId: tuner.user._id });
    expect(Date.parse(audit[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(audit[1]!.createdAt));
  });

  it.each([
    [{ role: 'admin' }, 'userId is required'],
    [{ userId: 'x' }, 'role must be user, engineer or admin'],
    [{ userId: 'x', role: 'root' }, 'role must be user, engineer or admin'],
  ])('refuses %j with 400', async (body, message) => {
    const res = await admin.client.put('/api/admin/updateUserRole', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('answers 404 for an unknown account', async () => {
    const res = await admin.client.put('/api/admin/updateUserRole', {
      userId: 'no-such-user',
      role: 'admin',
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('User not found');
  });
});

describe('an admin never disables, deletes or demotes themself', () => {
  it.each([
    ['PUT', '/api/admin/updateUserRole', { role: 'user' }, 'You cannot change your own role'],
    ['POST', '/api/admin/disableUser', {}, 'You cannot disable your own account'],
    ['POST', '/api/admin/deleteUser', {}, 'You cannot delete your own account'],
  ] as const)('%s %s answers 400', async (method, path, body, message) => {
    const res = await admin.client.request(method, path, { json: { ...body, userId: admin.user._id } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    const me = await admin.client.get<UserDto>('/api/auth/getMe');
    expect(me.body.data).toMatchObject({ role: 'admin', disabled: false });
  });
});

describe('disable, activate, credits and price leave an audit trail', () => {
  it('records each change with before and after, and the ledger shows the note, actor and running balance', async () => {
    const tuner = await verifiedUser(server);
    const userId = tuner.user._id;
    for (const [path, body] of [
      ['/api/admin/disableUser', {}],
      ['/api/admin/disableUser', {}],
      ['/api/admin/activeUser', {}],
    ] as const) {
      const res = await admin.client.post(path, { ...body, userId });
      expect(res.status, res.text).toBe(200);
    }
    for (const body of [
      { credits: 5, note: 'Bank transfer 2026-01' },
      { credits: -1, note: 'Goodwill correction' },
      { credits: 'reset' },
    ]) {
      const res = await admin.client.put('/api/admin/updateUserCredits', { ...body, userId });
      expect(res.status, res.text).toBe(200);
    }
    const price = await admin.client.put('/api/admin/updatePerCreditPrice', { userId, creditPrice: 45.5 });
    expect(price.status, price.text).toBe(200);
    const samePrice = await admin.client.put('/api/admin/updatePerCreditPrice', {
      userId,
      creditPrice: 45.5,
    });
    expect(samePrice.status).toBe(200);

    const { audit, ledger, user } = await page(userId);
    expect(user).toMatchObject({ credits: 0, perCreditPrice: 45.5, disabled: false });
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ['user.price', { perCreditPrice: 60 }, { perCreditPrice: 45.5 }],
      ['user.credits', { credits: 4 }, { credits: 0, delta: -4, note: null }],
      ['user.credits', { credits: 5 }, { credits: 4, delta: -1, note: 'Goodwill correction' }],
      ['user.credits', { credits: 0 }, { credits: 5, delta: 5, note: 'Bank transfer 2026-01' }],
      ['user.activate', { disabled: true }, { disabled: false }],
      ['user.disable', { disabled: false }, { disabled: true }],
    ]);
    expect(audit.every((a) => a.actor?._id === admin.user._id)).toBe(true);
    expect(ledger.map((e) => [e.kind, e.delta, e.balanceAfter, e.note, e.actor])).toEqual([
      ['admin_reset', -4, 0, null, adminRef()],
      ['admin_adjustment', -1, 4, 'Goodwill correction', adminRef()],
      ['admin_adjustment', 5, 5, 'Bank transfer 2026-01', adminRef()],
    ]);
  });

  it('writes no audit row when the change is refused', async () => {
    const tuner = await verifiedUser(server);
    const res = await admin.client.put('/api/admin/updateUserCredits', {
      userId: tuner.user._id,
      credits: -1,
    });
    expect(res.status).toBe(400);
    expect((await page(tuner.user._id)).audit).toEqual([]);
  });
});

describe('POST /api/admin/deleteUser', () => {
  it('anonymises the account, ends its sessions, keeps payments, ledger and tickets, and frees the e-mail', async () => {
    const tuner = await verifiedUser(server, { ...PROFILE, firstName: 'Delia', lastName: 'Leaving' });
    const userId = tuner.user._id;
    const paid: TransactionDto = await buyCredits(tuner.client, '1credit');
    const credited = await admin.client.put('/api/admin/updateUserCredits', {
      userId,
      credits: 5,
      note: 'Before leaving',
    });
    expect(credited.status).toBe(200);
    const { ticket } = await submitTicket(tuner.client);
    const otherSession = await newClient(server).post('/api/auth/login', {
      email: tuner.email,
      password: tuner.password,
    });
    expect(otherSession.status).toBe(200);
    const ledgerBefore = await server.deps.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId));
    expect(ledgerBefore).toHaveLength(2);

    const res = await admin.client.post('/api/admin/deleteUser', { userId });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'User deleted successfully', data: null });

    // Signed out everywhere: the old cookie is refused.
    expect((await tuner.client.get('/api/auth/getMe')).status).toBe(401);
    expect((await tuner.client.get('/api/ecuFile/my-files')).status).toBe(401);
    const { db } = server.deps;
    expect(await db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
    expect(await db.select().from(authAccounts).where(eq(authAccounts.userId, userId))).toEqual([]);
    expect(
      await db
        .select()
        .from(verifications)
        .where(like(verifications.identifier, `%${tuner.email}%`)),
    ).toEqual([]);
    const signIn = await newClient(server).post('/api/auth/login', {
      email: tuner.email,
      password: PASSWORD,
    });
    expect(signIn.status).toBe(401);

    // The person's data is gone; the row stays, with its money and files.
    const row = await storedUser(db, userId);
    expect(row).toMatchObject({
      email: `deleted+${userId}@deleted.invalid`,
      firstName: '',
      lastName: '',
      name: '',
      address: '',
      city: '',
      postalCode: '',
      country: '',
      credits: 6,
    });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(await db.select().from(creditLedger).where(eq(creditLedger.userId, userId))).toEqual(ledgerBefore);
    expect(await db.select({ id: payments.id }).from(payments).where(eq(payments.userId, userId))).toEqual([
      { id: paid._id },
    ]);
    expect(await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.userId, userId))).toEqual([
      { id: ticket._id },
    ]);
    const history = await admin.client.get<TransactionDto[]>(
      `/api/admin/getAllTransactionHistory?q=${encodeURIComponent(paid.serialNo)}`,
    );
    expect(history.body.data.map((t) => [t._id, t.userId?.email])).toEqual([
      [paid._id, `deleted+${userId}@deleted.invalid`],
    ]);

    // In no list, under no search.
    for (const path of [
      '/api/admin/getAllUsers',
      '/api/admin/getAllDisabledUsers',
      '/api/admin/getAllUnverifiedUsers',
    ]) {
      expect(await search(path, tuner.email)).toEqual([]);
      expect(await search(path, 'deleted.invalid')).toEqual([]);
      expect(await search(path, userId)).toEqual([]);
    }

    // The page still opens, anonymised, for accounting; its audit row names no personal data.
    const detail = await page(userId);
    expect(detail.deletedAt).not.toBeNull();
    expect(detail.user).toMatchObject({ email: `deleted+${userId}@deleted.invalid`, firstName: '' });
    expect(detail.payments.map((p) => p._id)).toEqual([paid._id]);
    expect(detail.tickets.map((t) => t.ticketNumber)).toEqual([ticket.ticketNumber]);
    expect(detail.ledger.map((e: LedgerEntryDto) => e.balanceAfter)).toEqual([6, 1]);
    const deletion = detail.audit[0] as AuditEntryDto;
    expect(deletion).toMatchObject({ action: 'user.delete', after: { deleted: true }, actor: adminRef() });
    expect(JSON.stringify(deletion.before)).not.toMatch(/Delia|Leaving|Downing|ecu\.test/);

    // The address is free for a new account.
    const again = await signUpUser(server, { email: tuner.email });
    expect(again.user._id).not.toBe(userId);
    expect(again.user.email).toBe(tuner.email);
    expect((await again.client.get('/api/auth/getMe')).status).toBe(200);
  });

  it('answers 404 for a deleted or unknown account, everywhere an admin acts on one', async () => {
    const tuner = await verifiedUser(server);
    expect((await admin.client.post('/api/admin/deleteUser', { userId: tuner.user._id })).status).toBe(200);
    for (const userId of [tuner.user._id, 'no-such-user']) {
      for (const [method, path, body] of [
        ['POST', '/api/admin/deleteUser', {}],
        ['POST', '/api/admin/disableUser', {}],
        ['POST', '/api/admin/activeUser', {}],
        ['POST', '/api/admin/resendVerification', {}],
        ['PUT', '/api/admin/updateUserRole', { role: 'admin' }],
        ['PUT', '/api/admin/updateUserCredits', { credits: 1 }],
        ['PUT', '/api/admin/updatePerCreditPrice', { creditPrice: 10 }],
      ] as const) {
        const res = await admin.client.request(method, path, { json: { ...body, userId } });
        expect([path, res.status, res.body.message]).toEqual([path, 404, 'User not found']);
      }
    }
    expect(await storedUser(server.deps.db, tuner.user._id)).toMatchObject({
      role: 'user',
      credits: 0,
      perCreditPricePence: 6000,
    });
  });

  it('deletes another admin while an active admin remains', async () => {
    const other = await verifiedUser(server);
    await admin.client.put('/api/admin/updateUserRole', { userId: other.user._id, role: 'admin' });
    const res = await admin.client.post('/api/admin/deleteUser', { userId: other.user._id });
    expect(res.status, res.text).toBe(200);
    expect((await other.client.get('/api/admin/getAllUsers')).status).toBe(401);
    expect(await storedUser(server.deps.db, other.user._id)).toMatchObject({ role: 'user' });
    expect((await page(other.user._id)).audit[0]?.before).toMatchObject({ role: 'admin' });
  });
});

describe('POST /api/admin/resendVerification', () => {
  it("mails the sign-up's verification link again, which verifies the account", async () => {
    const pending = await onboardedUser(server);
    await server.smtp.nextMail(pending.email); // the sign-up's own mail
    const res = await admin.client.post('/api/admin/resendVerification', { userId: pending.user._id });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Verification email sent successfully!', data: null });

    const link = verificationLinkIn(await server.smtp.nextMail(pending.email));
    expect(link.email).toBe(pending.email);
    const verified = await pending.client.post('/api/auth/signup-verify', {
      token: link.token,
      email: link.email,
    });
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body.data.verified).toBe(true);

    const { audit } = await page(pending.user._id);
    expect(audit.map((a) => [a.action, a.actor?._id])).toEqual([
      ['user.resend_verification', admin.user._id],
    ]);
  });

  it('answers 409 for a verified account and sends nothing', async () => {
    const tuner = await verifiedUser(server);
    const res = await admin.client.post('/api/admin/resendVerification', { userId: tuner.user._id });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This email address is already verified');
    await jobsSettled(server.deps.jobs);
    expect(server.smtp.pending(tuner.email)).toEqual([]);
  });

  it('counts against the address limit: the fourth mail in ten minutes is refused with 429', async () => {
    const pending = await onboardedUser(server);
    await server.smtp.nextMail(pending.email); // the sign-up's own mail
    for (let i = 0; i < 3; i++) {
      const res = await admin.client.post('/api/admin/resendVerification', { userId: pending.user._id });
      expect(res.status, res.text).toBe(200);
      await server.smtp.nextMail(pending.email);
    }
    const refused = await admin.client.post('/api/admin/resendVerification', { userId: pending.user._id });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many verification e-mails to this address/);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    await jobsSettled(server.deps.jobs);
    expect(server.smtp.pending(pending.email)).toEqual([]);
  });
});
