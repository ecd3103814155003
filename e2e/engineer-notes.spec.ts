import { expect, test } from '@playwright/test';
import { boschEdc17Read, MB } from '../shared/src/ecu-identify/test-binaries';
import { engineerAndTuner, signInThroughUi } from './support/accounts';
import { expectAxeCleanInBothSchemes } from './support/axe';
import { createTicketThroughForm, uniqueRegistration } from './support/tickets';

/** A software number of this run's own, so earlier runs' software notes never show. */
const software = `1037${String((Date.now() + 500_000) % 1_000_000).padStart(6, '0')}`;

test('an engineer works the queue, keeps internal notes beside the chat, and the customer never sees them', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { tuner, tunerAccount, engineerAccount } = await engineerAndTuner();
  const bytes = boschEdc17Read({
    size: 2 * MB,
    seed: 41,
    software,
    vin: 'WAUZZZ8K0GA000041',
    hardware: '0281017946',
  });
  const ticket = await createTicketThroughForm(tuner, {
    registration: uniqueRegistration('EN'),
    fields: { model: 'A4 2.0 TDI', year: '2016', ecuId: undefined, options: 'EGR OFF', notes: undefined },
    ecuFile: bytes,
  });

  // The engineer's desk: the queue only, and the business's pages send them home.
  const page = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signInThroughUi(page, engineerAccount.email, engineerAccount.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Engineer Desk')).toBeVisible();
  const nav = page.getByLabel('Engineer navigation');
  for (const name of ['ECU Files', 'Solutions', 'Inbox']) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(1);
  }
  for (const name of ['Users', 'Credits', 'Transactions', 'Settings', 'Deliveries']) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
  }
  await page.goto('/users');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/dashboard$/);

  // A note on the ticket and one on its software, typed and saved with the keyboard.
  await page.goto(`/ticket/${ticket.ticketNumber}`);
  const notes = page.getByRole('region', { name: 'Internal notes' });
  await expect(notes.getByText('Internal', { exact: true })).toBeVisible();
  await expect(notes.getByText('No notes on this ticket yet.')).toBeVisible();
  const box = notes.getByRole('textbox', { name: 'New internal note' });
  await box.fill(`E2E-INTERNAL ${software}: customer says the TCU is remapped`);
  await box.press('Control+Enter');
  await expect(notes.getByText(`E2E-INTERNAL ${software}: customer says the TCU is remapped`)).toBeVisible();
  await notes.getByRole('radio', { name: new RegExp(`Software ${software}`) }).check();
  await box.fill(`E2E-INTERNAL ${software}: immo bytes at 0x1C000 stay`);
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(
    notes
      .getByRole('list', { name: `On software ${software}` })
      .getByText(`E2E-INTERNAL ${software}: immo bytes at 0x1C000 stay`),
  ).toBeVisible();
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAxeCleanInBothSchemes(page, 'the ticket page with internal notes, 360 px');

  // The customer's own ticket page and feed carry neither note.
  const customer = await (await browser.newContext()).newPage();
  await signInThroughUi(customer, tunerAccount.email, tunerAccount.password);
  await expect(customer).toHaveURL(/\/dashboard$/);
  await customer.goto(`/ticket-details/${ticket.ticketNumber}`);
  await expect(customer.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(customer.getByText(/E2E-INTERNAL/)).toHaveCount(0);
  const feed = await tuner.get('/api/sync');
  expect(await feed.text()).not.toContain('E2E-INTERNAL');
});
