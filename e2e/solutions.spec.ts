import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { boschEdc17Read, MB } from '../shared/src/ecu-identify/test-binaries';
import { apiSession, createAccount, dataOf, signInThroughUi } from './support/accounts';
import { seriousViolations } from './support/axe';
import { ADMIN } from './support/paths';
import { createTicketThroughForm, uniqueRegistration } from './support/tickets';

/** A software number of this run's own: earlier runs' solutions never match its reads. */
const software = `1037${String(Date.now() % 1_000_000).padStart(6, '0')}`;

/** A Bosch EDC17C46 read of `software`; two cars of it differ only in their VIN bytes. */
function read(vin: string): Uint8Array {
  return boschEdc17Read({ size: 2 * MB, seed: 35, software, vin, hardware: '0281017946' });
}

/** The engineer's work: a map and a limiter. */
function tune(bytes: Uint8Array): Uint8Array {
  const out = bytes.slice();
  out.fill(0x42, 0x1c4a20, 0x1c4a60);
  out.fill(0x99, 0x1d0000, 0x1d0004);
  return out;
}

interface Created {
  _id: string;
  ticketNumber: number;
}

/** An Audi A4 2.0 TDI for EGR OFF with `bytes` as its read: no ECU named (the read says it), no notes. */
function createTicket(tuner: APIRequestContext, bytes: Uint8Array): Promise<Created> {
  return createTicketThroughForm<Created>(tuner, {
    registration: uniqueRegistration('SL'),
    fields: { model: 'A4 2.0 TDI', year: '2016', ecuId: undefined, options: 'EGR OFF', notes: undefined },
    ecuFile: bytes,
  });
}

/** No serious axe-core violation (contrast among them) on the screen as shown, in both themes. */
async function passesAxe(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect.soft(await seriousViolations(page), `${name} in ${colorScheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: null });
}

async function setAutomaticDelivery(admin: APIRequestContext, on: boolean) {
  await dataOf(await admin.put('/api/admin/settings', { data: { automation: { automaticDelivery: on } } }));
}

test('a delivered ticket becomes a solution; the next car of that software is delivered automatically, until the solution is retired', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await apiSession(ADMIN.email, ADMIN.password);
  await setAutomaticDelivery(admin, true);
  try {
    const firstAccount = await createAccount('verified');
    const secondAccount = await createAccount('verified');
    const first = await apiSession(firstAccount.email, firstAccount.password);
    const second = await apiSession(secondAccount.email, secondAccount.password);

    // An engineer delivers the first car's file by hand.
    const original = read('WAUZZZ8K0GA000001');
    const delivered = await createTicket(first, original);
    await dataOf(
      await admin.put('/api/admin/uploadTunedFile', {
        multipart: {
          ticketNumber: String(delivered.ticketNumber),
          tunedFile: {
            name: 'stage1.bin',
            mimeType: 'application/octet-stream',
            buffer: Buffer.from(tune(original)),
          },
        },
      }),
    );
    await dataOf(
      await admin.put('/api/admin/updateEcuFileStatus', {
        data: { fileId: delivered._id, status: 'Completed' },
      }),
    );

    // The admin adds it to the library from its page, approved at once.
    const adminPage = await (await browser.newContext()).newPage();
    await signInThroughUi(adminPage, ADMIN.email, ADMIN.password);
    await expect(adminPage).toHaveURL(/\/dashboard$/);
    await adminPage.goto(`/ticket/${delivered.ticketNumber}`);
    const library = adminPage.getByRole('region', { name: 'Solution library' });
    await library.getByRole('checkbox', { name: 'Approve at once for automatic delivery' }).check();
    await library.getByRole('button', { name: 'Add to solution library' }).click();
    await expect(library.getByRole('status')).toContainText('approved for automatic delivery');
    await passesAxe(adminPage, 'the delivered ticket, added to the library');

    await adminPage.getByRole('navigation').getByRole('link', { name: 'Solutions' }).first().click();
    await expect(adminPage).toHaveURL(/\/solutions$/);
    await adminPage.getByRole('searchbox', { name: 'Search solutions' }).fill(software);
    const row = adminPage.getByTestId('solution-row').filter({ hasText: software });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Stage 1 + EGR OFF');
    await expect(row).toContainText('Approved');
    await expect(row).toContainText(`ticket #${delivered.ticketNumber}`);
    await passesAxe(adminPage, '/solutions');

    // Another tuner's car of the same software (other VIN bytes) is delivered within seconds.
    const auto = await createTicket(second, read('WAUZZZ8K0GA999999'));
    await expect
      .poll(
        async () =>
          (
            await dataOf<{ status: string }>(
              await second.get(`/api/ecuFile/getTicketDetails/${auto.ticketNumber}`),
            )
          ).status,
        { timeout: 30_000 },
      )
      .toBe('Unlocked');
    const tunerPage = await (await browser.newContext()).newPage();
    await signInThroughUi(tunerPage, secondAccount.email);
    await expect(tunerPage).toHaveURL(/\/dashboard$/);
    await tunerPage.goto(`/ticket-details/${auto.ticketNumber}`);
    await expect(tunerPage.getByTestId('auto-delivered')).toContainText(
      /Delivered automatically in \d+ (s|min)/,
    );
    // The tuner never learns whose ticket the solution came from.
    await expect(tunerPage.getByText(`#${delivered.ticketNumber}`)).toHaveCount(0);
    await expect(tunerPage.getByText(firstAccount.email)).toHaveCount(0);
    await passesAxe(tunerPage, "the tuner's automatically delivered ticket");

    await adminPage.goto(`/ticket/${auto.ticketNumber}`);
    await expect(adminPage.getByRole('region', { name: 'Matched solutions' })).toContainText(
      'Delivered automatically: approved solutions cover every option.',
    );
    await passesAxe(adminPage, "the admin's automatically delivered ticket");

    // Retired: the next car waits for an engineer.
    await adminPage.goto('/solutions');
    await adminPage.getByRole('searchbox', { name: 'Search solutions' }).fill(software);
    await row.getByRole('button', { name: /^Retire solution/ }).click();
    const dialog = adminPage.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Retire solution' }).click();
    await expect(row).toContainText('Retired');
    const waits = await createTicket(second, read('WAUZZZ8K0GA555555'));
    await expect
      .poll(
        async () =>
          (
            await dataOf<{ outcome: string } | null>(
              await admin.get(`/api/admin/solutions/matches/${waits.ticketNumber}`),
            )
          )?.outcome ?? 'not yet',
        { timeout: 30_000 },
      )
      .toBe('none');
    expect(
      (
        await dataOf<{ status: string }>(
          await second.get(`/api/ecuFile/getTicketDetails/${waits.ticketNumber}`),
        )
      ).status,
    ).toBe('Pending');
  } finally {
    await setAutomaticDelivery(admin, false);
  }
});
