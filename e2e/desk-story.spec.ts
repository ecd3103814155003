import { expect, test } from '@playwright/test';
import { apiSession, createAccount, dataOf, engineerAndTuner, signInThroughUi } from './support/accounts';
import { expectAxeCleanInBothSchemes } from './support/axe';
import { waitForMail } from './support/mail';
import { createTicketThroughForm, uniqueRegistration } from './support/tickets';

/**
 * The desk's story on phones: two engineers share the queue, one writes an internal note and
 * proposes a different plan (docs/decisions/091-counter-offers.md), the customer accepts, the
 * file is delivered at the new price and rated.
 */
test('two engineers share the queue; one notes and proposes a plan, the customer accepts, the file is delivered and rated', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { admin, tuner, tunerAccount, engineerAccount } = await engineerAndTuner();
  const second = await createAccount('verified');
  await dataOf(
    await admin.put('/api/admin/updateUserRole', { data: { userId: second.id, role: 'engineer' } }),
  );
  await dataOf(
    await admin.put('/api/admin/updateUserCredits', {
      data: { userId: tunerAccount.id, credits: 5, note: 'Welcome credits' },
    }),
  );
  // Audi, Stage 1, DTC OFF: 2 credits. The offer, Stage 2 with DTC OFF and CVN FIX (1): 3.
  const ticket = await createTicketThroughForm<{ _id: string; ticketNumber: number }>(tuner, {
    registration: uniqueRegistration('DS'),
  });
  const n = ticket.ticketNumber;

  // The first engineer takes it, notes, and proposes the different plan.
  const desk = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signInThroughUi(desk, engineerAccount.email, engineerAccount.password);
  await expect(desk).toHaveURL(/\/dashboard$/);
  await desk.goto(`/ticket/${n}`);
  await desk
    .getByRole('region', { name: 'Assignee' })
    .getByRole('button', { name: `Take ticket ${n}` })
    .click();
  await expect(desk.getByRole('region', { name: 'Assignee' }).getByText(/\(you\)/)).toBeVisible();
  const notes = desk.getByRole('region', { name: 'Internal notes' });
  await notes
    .getByRole('textbox', { name: 'New internal note' })
    .fill('E2E-DESK: the read is a Stage 2 candidate');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByText('E2E-DESK: the read is a Stage 2 candidate')).toBeVisible();

  const propose = desk.getByRole('region', { name: 'Propose a different plan' });
  await propose.getByLabel('Stage').selectOption('Stage 2');
  await propose.getByRole('checkbox', { name: 'CVN FIX' }).check();
  await expect(propose.getByText('+1 credit')).toBeVisible();
  await propose.getByLabel('Message to the customer').fill('Stage 2 with a CVN fix suits this ECU.');
  const since = Date.now();
  await propose.getByRole('button', { name: 'Send to the customer' }).click();
  const waiting = desk.getByRole('region', { name: 'Awaiting customer' });
  await expect(waiting.getByText('Proposed Stage 2: DTC OFF, CVN FIX (+1 credit).')).toBeVisible();
  expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const mail = await waitForMail(tunerAccount.email, since);
  expect(mail.subject).toContain(`ticket ${n}: a different plan is proposed`);

  // The second engineer sees it in the shared queue, waiting on the customer, not as theirs.
  const other = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signInThroughUi(other, second.email, second.password);
  await expect(other).toHaveURL(/\/dashboard$/);
  await other.goto('/files');
  const row = other.getByRole('row').filter({ has: other.getByRole('link', { name: `Open ticket ${n}` }) });
  await expect(row.getByTestId('awaiting-customer')).toHaveText('Awaiting customer');
  await other.getByRole('group', { name: 'Assigned to' }).getByRole('button', { name: 'Mine' }).click();
  await expect(other.getByRole('link', { name: `Open ticket ${n}` })).toHaveCount(0);

  // The customer reads the offer on a phone and accepts; the internal note never shows.
  const customer = await (await browser.newContext({ viewport: { width: 360, height: 780 } })).newPage();
  await signInThroughUi(customer, tunerAccount.email, tunerAccount.password);
  await expect(customer).toHaveURL(/\/dashboard$/);
  await customer.goto(`/ticket-details/${n}`);
  const offer = customer.getByRole('region', { name: 'A different plan is proposed' });
  await expect(offer.getByText('Stage 2 with a CVN fix suits this ECU.')).toBeVisible();
  await expect(offer.getByText('+1 credit (3 credits in all)')).toBeVisible();
  await expect(customer.getByText('E2E-DESK')).toHaveCount(0);
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAxeCleanInBothSchemes(customer, 'the proposed plan on the ticket page');
  await offer.getByRole('button', { name: `Accept the proposed plan for ticket ${n}` }).click();
  await expect(offer).toHaveCount(0);
  await expect(
    customer.getByRole('region', { name: 'History' }).getByText(/^Proposed plan accepted/),
  ).toBeVisible();
  const accepted = await dataOf<{ stage: string; options: string[]; creditsNeed: number }>(
    await tuner.get(`/api/ecuFile/getTicketDetails/${n}`),
  );
  expect(accepted).toMatchObject({ stage: 'Stage 2', options: ['DTC OFF', 'CVN FIX'], creditsNeed: 3 });

  // Delivered by the engineer; the download charges the new price; the customer rates it.
  const engineer = await apiSession(engineerAccount.email, engineerAccount.password);
  await dataOf(
    await engineer.put('/api/admin/uploadTunedFile', {
      multipart: {
        ticketNumber: String(n),
        tunedFile: { name: 'stage2.bin', mimeType: 'application/octet-stream', buffer: Buffer.from('tuned') },
      },
    }),
  );
  await dataOf(
    await engineer.put('/api/admin/updateEcuFileStatus', {
      data: { fileId: ticket._id, status: 'Unlocked' },
    }),
  );
  const download = await dataOf<{ eligible: boolean; charged: boolean }>(
    await tuner.post('/api/ecuFile/isEligibleToDownload', { data: { ticketNumber: n } }),
  );
  expect(download).toMatchObject({ eligible: true, charged: true });
  const me = await dataOf<{ credits: number }>(await tuner.get('/api/auth/getMe'));
  expect(me.credits).toBe(2);
  const rating = await dataOf<{ stars: number }>(
    await tuner.post('/api/ecuFile/rate', { data: { ticketNumber: n, stars: 5, comment: 'Runs well' } }),
  );
  expect(rating.stars).toBe(5);
});
