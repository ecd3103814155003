import { expect, test } from '@playwright/test';
import { apiSession, createAccount, dataOf, signInThroughUi } from './support/accounts';
import { expectAxeCleanInBothSchemes } from './support/axe';
import { waitForMail } from './support/mail';
import { ADMIN } from './support/paths';
import { createTicketThroughForm, uniqueRegistration } from './support/tickets';

/** Ratings of delivered files (docs/decisions/089-ratings.md), on a phone. */
test.use({ viewport: { width: 360, height: 780 } });

test("a tuner follows the mail's '5' link, confirms with one tap, and sees the rating; the card is axe-clean at 360 px", async ({
  page,
}) => {
  const account = await createAccount('verified');
  const tuner = await apiSession(account.email, account.password);
  const admin = await apiSession(ADMIN.email, ADMIN.password);
  const ticket = await createTicketThroughForm<{ _id: string; ticketNumber: number }>(tuner, {
    registration: uniqueRegistration('RT'),
    fields: {
      make: 'Ford',
      model: 'Focus 1.5 TDCi',
      ecuId: 'Bosch EDC17C10',
      options: 'EGR OFF',
      notes: undefined,
    },
    ecuFile: new Uint8Array(4096).fill(9),
  });
  await dataOf(
    await admin.put('/api/admin/uploadTunedFile', {
      multipart: {
        ticketNumber: String(ticket.ticketNumber),
        tunedFile: { name: 'stage1.bin', mimeType: 'application/octet-stream', buffer: Buffer.from('tuned') },
      },
    }),
  );
  const since = Date.now();
  await dataOf(
    await admin.put('/api/admin/updateEcuFileStatus', { data: { fileId: ticket._id, status: 'Unlocked' } }),
  );
  const mail = await waitForMail(account.email, since);
  expect(mail.subject).toContain('your tuned file is ready');
  const link = new RegExp(`https?://\\S+/ticket-details/${ticket.ticketNumber}\\?rate=5`).exec(
    mail.text,
  )?.[0];
  expect(link).toBeTruthy();

  await signInThroughUi(page, account.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  const url = new URL(link!);
  await page.goto(`${url.pathname}${url.search}`);
  const card = page.getByRole('region', { name: 'Rate this file' });
  await expect(card.getByRole('radio', { name: '5 stars' })).toBeChecked();
  // Opening the link rated nothing.
  const before = await dataOf<{ rating: unknown }>(
    await tuner.get(`/api/ecuFile/getTicketDetails/${ticket.ticketNumber}`),
  );
  expect(before.rating).toBeNull();
  await expectAxeCleanInBothSchemes(page, 'the rating card, chosen from the mail');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await card.getByRole('button', { name: 'Send' }).click();
  await expect(card.getByText('You rated this file 5 stars.')).toBeVisible();
  const after = await dataOf<{ rating: { stars: number } }>(
    await tuner.get(`/api/ecuFile/getTicketDetails/${ticket.ticketNumber}`),
  );
  expect(after.rating.stars).toBe(5);
  await expectAxeCleanInBothSchemes(page, 'the given rating');
});
