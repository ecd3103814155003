import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiSession, createAccount, dataOf, signInThroughUi } from './support/accounts';
import { ADMIN } from './support/paths';
import { createTicketThroughForm, uniqueRegistration } from './support/tickets';

interface Created {
  _id: string;
  ticketNumber: number;
}

/** A Ford Focus for EGR OFF with a 4 KB read. */
function createTicket(tuner: APIRequestContext): Promise<Created> {
  return createTicketThroughForm<Created>(tuner, {
    registration: uniqueRegistration('RV'),
    fields: {
      make: 'Ford',
      model: 'Focus 1.5 TDCi',
      ecuId: 'Bosch EDC17C10',
      options: 'EGR OFF',
      notes: undefined,
    },
    ecuFile: new Uint8Array(4096).fill(7),
  });
}

test('a tuner requests a change of a delivered file; both tickets show the chain, the timeline and the credit history', async ({
  page,
}) => {
  const account = await createAccount('verified');
  const tuner = await apiSession(account.email, account.password);
  const admin = await apiSession(ADMIN.email, ADMIN.password);
  await dataOf(
    await admin.put('/api/admin/updateUserCredits', {
      data: { userId: account.id, credits: 5, note: 'Welcome credits' },
    }),
  );
  const parent = await createTicket(tuner);
  await dataOf(
    await admin.put('/api/admin/uploadTunedFile', {
      multipart: {
        ticketNumber: String(parent.ticketNumber),
        tunedFile: { name: 'stage1.bin', mimeType: 'application/octet-stream', buffer: Buffer.from('tuned') },
      },
    }),
  );
  await dataOf(
    await admin.put('/api/admin/updateEcuFileStatus', { data: { fileId: parent._id, status: 'Completed' } }),
  );

  await signInThroughUi(page, account.email);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The credit history: the adjustment with its reason and the running balance.
  await page.goto('/transactions');
  const history = page.getByRole('region', { name: 'Credit history' });
  await expect(history.getByRole('row', { name: /Adjusted by support/ })).toContainText('5');

  // The timeline of the delivered ticket.
  await page.goto(`/ticket-details/${parent.ticketNumber}`);
  await expect(page.getByText('Completed').first()).toBeVisible();
  const change = page.getByRole('region', { name: 'Request a change' });
  await change.getByRole('button', { name: 'Request a change' }).click();
  await expect(change.getByRole('table', { name: 'Price of the change' })).toBeVisible();
  await change.getByRole('button', { name: 'Submit change request' }).click();

  await expect(page).not.toHaveURL(new RegExp(`/ticket-details/${parent.ticketNumber}$`));
  await expect(page).toHaveURL(/\/ticket-details\/\d+$/);
  const child = Number(page.url().split('/').pop());
  expect(child).toBeGreaterThan(parent.ticketNumber);
  await expect(page.getByRole('link', { name: `#${parent.ticketNumber}` }).first()).toBeVisible();
  await expect(page.getByText(/Revision of/)).toBeVisible();

  await page.goto(`/ticket-details/${parent.ticketNumber}`);
  await expect(page.getByRole('link', { name: new RegExp(`#${child}`) }).first()).toBeVisible();
});
