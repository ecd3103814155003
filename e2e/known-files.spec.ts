import { type APIRequestContext, expect, test } from '@playwright/test';
import { MB, makeBinary } from '../shared/src/ecu-identify/test-binaries';
import { apiSession, createAccount, dataOf, signInThroughUi } from './support/accounts';
import { ADMIN } from './support/paths';
import { createTicketThroughForm } from './support/tickets';

interface Created {
  _id: string;
  ticketNumber: number;
}

/** A synthetic Bosch EDC17 read; each run its own bytes, so earlier runs' tickets never match. */
const original = makeBinary({
  size: 2 * MB,
  randomBytes: 'all',
  seed: Date.now() % 100_000,
  strings: [{ offset: 0x40000, text: '0281017946 1037512345 EDC17C46' }],
});

/** A Volkswagen Golf for EGR OFF with `original` as its read. */
function createTicket(tuner: APIRequestContext, registration: string): Promise<Created> {
  return createTicketThroughForm<Created>(tuner, {
    registration,
    fields: {
      make: 'Volkswagen',
      model: 'Golf 2.0 TDI',
      year: '2019',
      ecuId: 'Bosch EDC17C46',
      options: 'EGR OFF',
      notes: undefined,
    },
    ecuFile: original,
  });
}

test('both ticket pages show the ECU identification; a known original is reused by the admin in one click', async ({
  browser,
}) => {
  const account = await createAccount('verified');
  const tuner = await apiSession(account.email, account.password);
  const admin = await apiSession(ADMIN.email, ADMIN.password);
  const plate = () => `KF${Math.random().toString(36).slice(2, 7).toUpperCase()}`;

  const first = await createTicket(tuner, plate());
  await dataOf(
    await admin.put('/api/admin/uploadTunedFile', {
      multipart: {
        ticketNumber: String(first.ticketNumber),
        tunedFile: { name: 'stage1.bin', mimeType: 'application/octet-stream', buffer: Buffer.from('tuned') },
      },
    }),
  );
  await dataOf(
    await admin.put('/api/admin/updateEcuFileStatus', { data: { fileId: first._id, status: 'Completed' } }),
  );
  const second = await createTicket(tuner, plate());

  const tunerPage = await (await browser.newContext()).newPage();
  await signInThroughUi(tunerPage, account.email);
  await expect(tunerPage).toHaveURL(/\/dashboard$/);
  await tunerPage.goto(`/ticket-details/${second.ticketNumber}`);
  const identified = tunerPage.getByRole('region', { name: 'ECU identification' });
  await expect(identified).toContainText('Bosch');
  await expect(identified).toContainText('0281017946');
  // The tuner is never told that someone else's ticket had the same file.
  await expect(tunerPage.getByText('Known file')).toHaveCount(0);

  const adminPage = await (await browser.newContext()).newPage();
  await signInThroughUi(adminPage, ADMIN.email, ADMIN.password);
  await expect(adminPage).toHaveURL(/\/dashboard$/);
  await adminPage.goto(`/ticket/${second.ticketNumber}`);
  await expect(adminPage.getByRole('region', { name: 'ECU identification' })).toContainText('EDC17C46');
  const known = adminPage.getByRole('region', { name: 'Known file' });
  await expect(known).toContainText(
    `Same original as #${first.ticketNumber}, delivered with Stage 1 + EGR OFF.`,
  );
  const reuse = known.getByRole('button', { name: `Reuse the tuned file of #${first.ticketNumber}` });
  await expect(reuse).toBeDisabled();
  await known.getByLabel(`I checked that this ticket's plan matches #${first.ticketNumber}`).check();
  await reuse.click();
  await expect(known).toContainText(`The tuned file of #${first.ticketNumber} was delivered on this ticket.`);
  await expect(adminPage.getByText(`tuned-${second.ticketNumber}.bin`).first()).toBeVisible();
});
