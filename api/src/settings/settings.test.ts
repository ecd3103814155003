import { type AdminSettings, type AdminSettingsDto, DEFAULT_WORKING_HOURS, type UserDto } from '@ecu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../db/schema';
import { buyCredits, getBytes, pdfText } from '../test/credits-helpers';
import {
  adminUser,
  newClient,
  onboardedUser,
  signUpUser,
  type TestUser,
  verifiedUser,
} from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';

/** Configuration defaults no built-in value could produce: GET must show exactly these. */
const CONFIG = {
  COMPANY_NAME: 'Config Tuning Ltd',
  COMPANY_ADDRESS: '1 Config Road, Leeds, LS1 1AA',
  COMPANY_VAT_ID: 'GB111222333',
  SUPPORT_EMAIL: 'help@config.test',
};

const SELLER = {
  companyName: 'Settings Motors Ltd',
  address: '9 Saved Street, York, YO1 7HH',
  vatId: 'GB444555666',
};

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer({ env: CONFIG });
  admin = await adminUser(server);
});
afterAll(async () => {
  await server?.close();
});

async function getSettingsDto(): Promise<AdminSettingsDto> {
  const res = await admin.client.get<AdminSettingsDto>('/api/admin/settings');
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

async function save(body: Partial<AdminSettings>): Promise<AdminSettingsDto> {
  const res = await admin.client.put<AdminSettingsDto>('/api/admin/settings', body);
  expect(res.status, res.text).toBe(200);
  expect(res.body.message).toBe('Settings saved');
  return res.body.data;
}

async function storedRows() {
  return server.deps.db.select().from(settings).orderBy(settings.key);
}

describe('GET and PUT /api/admin/settings', () => {
  it('starts from the configuration, £60 and the default working hours, with no history', async () => {
    const dto = await getSettingsDto();
    expect(dto).toEqual({
      settings: {
        seller: {
          companyName: CONFIG.COMPANY_NAME,
          address: CONFIG.COMPANY_ADDRESS,
          vatId: CONFIG.COMPANY_VAT_ID,
        },
        pricing: { defaultPerCreditPrice: 60 },
        support: { supportEmail: CONFIG.SUPPORT_EMAIL },
        hours: DEFAULT_WORKING_HOURS,
        // Automatic delivery is off on a fresh install (docs/decisions/085-solution-library.md).
        automation: { automaticDelivery: false },
        // Automatic assignment too (docs/decisions/087-assignment.md).
        assignment: { automaticAssignment: false, openTicketLimit: 10 },
        // Escalation is off too (docs/decisions/090-escalation.md).
        escalation: { pendingMinutes: 0, inProgressMinutes: 0, unansweredMinutes: 0 },
      },
      history: [],
    });
  });

  it('saves a group, leaves the others, and records who changed what, before and after', async () => {
    const saved = await save({ seller: SELLER });
    expect(saved.settings.seller).toEqual(SELLER);
    expect(saved.settings.support).toEqual({ supportEmail: CONFIG.SUPPORT_EMAIL });
    expect(saved.history).toHaveLength(1);
    expect(saved.history[0]).toMatchObject({
      action: 'settings.update',
      targetType: 'settings',
      targetId: 'seller',
      actor: { _id: admin.user._id, email: admin.email },
      before: {
        companyName: CONFIG.COMPANY_NAME,
        address: CONFIG.COMPANY_ADDRESS,
        vatId: CONFIG.COMPANY_VAT_ID,
      },
      after: SELLER,
    });
    expect(Date.parse(saved.history[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await getSettingsDto()).toEqual(saved);
    const rows = await storedRows();
    expect(rows.map((r) => [r.key, r.updatedBy])).toEqual([['seller', admin.user._id]]);
  });

  it('trims text, audits only the groups that changed, newest first', async () => {
    const saved = await save({
      seller: { ...SELLER, companyName: `  ${SELLER.companyName}  ` },
      pricing: { defaultPerCreditPrice: 45.5 },
      support: { supportEmail: 'desk@settings.test' },
    });
    expect(saved.settings.seller.companyName).toBe(SELLER.companyName);
    expect(saved.history.map((h) => h.targetId)).toEqual(['support', 'pricing', 'seller']);
    expect(saved.history[1]).toMatchObject({
      before: { defaultPerCreditPrice: 60 },
      after: { defaultPerCreditPrice: 45.5 },
    });
    // Saving the same values again changes nothing and records nothing.
    const again = await save({
      pricing: { defaultPerCreditPrice: 45.5 },
      support: { supportEmail: 'desk@settings.test' },
    });
    expect(again.history).toHaveLength(3);
  });

  it('saves working hours with holidays', async () => {
    const hours = {
      timeZone: 'Europe/Berlin',
      week: [
        { day: 1, open: '08:00', close: '12:00' },
        { day: 1, open: '13:00', close: '18:00' },
        { day: 6, open: '00:00', close: '24:00' },
      ],
      holidays: [{ date: '2026-12-25', name: 'Christmas Day' }],
    };
    const saved = await save({ hours });
    expect(saved.settings.hours).toEqual(hours);
    expect(saved.history[0]).toMatchObject({
      targetId: 'hours',
      before: DEFAULT_WORKING_HOURS,
      after: hours,
    });
  });

  it.each([
    [
      'an empty company name',
      { seller: { ...SELLER, companyName: ' ' } },
      [{ path: 'seller.companyName', message: 'Company name is required' }],
    ],
    [
      'a missing VAT number',
      { seller: { companyName: 'A', address: 'B' } },
      [{ path: 'seller.vatId', message: 'VAT number is required' }],
    ],
    [
      'a negative price',
      { pricing: { defaultPerCreditPrice: -1 } },
      [{ path: 'pricing.defaultPerCreditPrice', message: 'Enter a valid price' }],
    ],
    [
      'a price with fractions of a penny',
      { pricing: { defaultPerCreditPrice: 10.005 } },
      [{ path: 'pricing.defaultPerCreditPrice', message: 'Enter a valid price' }],
    ],
    [
      'a bad support e-mail',
      { support: { supportEmail: 'not-an-email' } },
      [{ path: 'support.supportEmail', message: 'Enter a valid email address' }],
    ],
    [
      'a closing time before the opening time',
      {
        hours: {
          ...DEFAULT_WORKING_HOURS,
          week: [
            { day: 1, open: '09:00', close: '17:00' },
            { day: 2, open: '09:00', close: '17:00' },
            { day: 3, open: '12:00', close: '11:00' },
          ],
        },
      },
      [{ path: 'hours.week.2.close', message: 'Closing time must be after opening time' }],
    ],
    [
      'a malformed time and an unknown time zone',
      {
        hours: {
          ...DEFAULT_WORKING_HOURS,
          timeZone: 'Mars/Olympus',
          week: [{ day: 0, open: '9am', close: '17:00' }],
        },
      },
      [
        { path: 'hours.timeZone', message: 'Choose a valid time zone' },
        { path: 'hours.week.0.open', message: 'Use HH:MM (24-hour)' },
      ],
    ],
    ['nothing at all', {}, [{ path: '', message: 'Nothing to save' }]],
  ])('refuses %s with 400 and the field paths, saving nothing', async (_, body, errors) => {
    const before = await storedRows();
    const res = await admin.client.put('/api/admin/settings', body);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.errors).toEqual(errors);
    expect(res.body.message).toBe(errors[0]!.message);
    expect(await storedRows()).toEqual(before);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await admin.client.request('PUT', '/api/admin/settings', {
      body: '{"seller":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The request body is not valid JSON');
  });

  it('falls back to the default for a stored group that no longer parses', async () => {
    await server.deps.db
      .insert(settings)
      .values({ key: 'support', value: { supportEmail: 42 } })
      .onConflictDoUpdate({ target: settings.key, set: { value: { supportEmail: 42 } } });
    const dto = await getSettingsDto();
    expect(dto.settings.support).toEqual({ supportEmail: CONFIG.SUPPORT_EMAIL });
    expect(dto.settings.seller).toEqual(SELLER);
    // Saving it again repairs the row; the audit names the default as the value before.
    const saved = await save({ support: { supportEmail: 'desk@settings.test' } });
    expect(saved.history[0]).toMatchObject({
      targetId: 'support',
      before: { supportEmail: CONFIG.SUPPORT_EMAIL },
      after: { supportEmail: 'desk@settings.test' },
    });
  });

  it.each([
    ['signed out', 401, 'Please sign in to continue'],
    ['unverified', 403, 'Verify your email address first'],
    ['a user', 403, 'Only admins can do this'],
  ] as const)('refuses a caller who is %s (%i)', async (who, status, message) => {
    const caller =
      who === 'signed out'
        ? newClient(server)
        : who === 'unverified'
          ? (await onboardedUser(server)).client
          : (await verifiedUser(server)).client;
    const before = await storedRows();
    const read = await caller.get('/api/admin/settings');
    expect(read.status).toBe(status);
    expect(read.body.message).toBe(message);
    expect(JSON.stringify(read.body)).not.toContain(SELLER.vatId);
    const write = await caller.put('/api/admin/settings', { pricing: { defaultPerCreditPrice: 1 } });
    expect(write.status).toBe(status);
    expect(write.body.message).toBe(message);
    expect(await storedRows()).toEqual(before);
  });
});

describe('where the settings apply', () => {
  it('gives new sign-ups the default per-credit price; existing accounts keep theirs', async () => {
    await save({ pricing: { defaultPerCreditPrice: 60 } });
    const earlier = await signUpUser(server);
    expect(earlier.user.perCreditPrice).toBe(60);

    await save({ pricing: { defaultPerCreditPrice: 37.25 } });
    const later = await signUpUser(server);
    expect(later.user.perCreditPrice).toBe(37.25);
    const me = await later.client.get<UserDto>('/api/auth/getMe');
    expect(me.body.data.perCreditPrice).toBe(37.25);
    expect((await earlier.client.get<UserDto>('/api/auth/getMe')).body.data.perCreditPrice).toBe(60);
  });

  it('shows the saved seller and support e-mail in /api/public-config, to anyone', async () => {
    await save({ seller: SELLER, support: { supportEmail: 'desk@settings.test' } });
    const res = await newClient(server).get('/api/public-config');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      supportEmail: 'desk@settings.test',
      company: { name: SELLER.companyName, address: SELLER.address, vatId: SELLER.vatId },
    });
  });

  it('prints the saved seller on VAT invoices, also on those of earlier payments', async () => {
    await save({ pricing: { defaultPerCreditPrice: 60 } });
    const buyer = await verifiedUser(server);
    const payment = await buyCredits(buyer.client, '1credit');
    const changed = {
      companyName: 'Renamed Tuning plc',
      address: '2 New Yard, Hull, HU1 1AA',
      vatId: 'GB777888999',
    };
    await save({ seller: changed });
    const pdf = await getBytes(buyer.client, payment.invoiceUrl!);
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain(changed.companyName);
    expect(text).toContain(`VAT number: ${changed.vatId}`);
    expect(text).not.toContain(SELLER.companyName);
  });
});
