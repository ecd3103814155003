import { expect, test } from '@playwright/test';
import { engineerAndTuner, signInThroughUi } from './support/accounts';
import { expectAxeCleanInBothSchemes, seriousViolations } from './support/axe';
import { createTicketThroughForm, uniqueRegistration } from './support/tickets';

test('an engineer takes a ticket, finds it under Mine, and the customer never sees who works it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { tuner, tunerAccount, engineerAccount } = await engineerAndTuner();
  const ticket = await createTicketThroughForm(tuner, { registration: uniqueRegistration('AS') });

  const page = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signInThroughUi(page, engineerAccount.email, engineerAccount.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`/ticket/${ticket.ticketNumber}`);
  const card = page.getByRole('region', { name: 'Assignee' });
  await expect(card.getByText('Unassigned')).toBeVisible();
  await card.getByRole('button', { name: `Take ticket ${ticket.ticketNumber}` }).click();
  await expect(card.getByText(/\(you\)/)).toBeVisible();
  await expect(card.getByRole('button', { name: `Let go of ticket ${ticket.ticketNumber}` })).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText(/^Assigned to /)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAxeCleanInBothSchemes(page, 'ticket page');

  await page.goto('/files');
  const filters = page.getByRole('group', { name: 'Assigned to' });
  await filters.getByRole('button', { name: 'Mine' }).click();
  await expect(filters.getByRole('button', { name: 'Mine' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('link', { name: `Open ticket ${ticket.ticketNumber}` })).toBeVisible();
  await filters.getByRole('button', { name: 'Unassigned' }).click();
  await expect(page.getByRole('link', { name: `Open ticket ${ticket.ticketNumber}` })).toHaveCount(0);
  expect.soft(await seriousViolations(page), 'ECU Files with filters').toEqual([]);

  // The customer's page and feed say nothing of it.
  const customer = await (await browser.newContext()).newPage();
  await signInThroughUi(customer, tunerAccount.email, tunerAccount.password);
  await expect(customer).toHaveURL(/\/dashboard$/);
  await customer.goto(`/ticket-details/${ticket.ticketNumber}`);
  await expect(customer.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(customer.getByText(/Assigned to|Unassigned/)).toHaveCount(0);
  const feed = await (await tuner.get('/api/sync')).text();
  expect(feed).not.toContain(engineerAccount.id);
  expect(feed).not.toContain('assigne');
});
