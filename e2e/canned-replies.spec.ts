import { expect, test } from '@playwright/test';
import { engineerAndTuner, PROFILE, signInThroughUi } from './support/accounts';
import { expectAxeCleanInBothSchemes } from './support/axe';
import { createTicketThroughForm, uniqueRegistration } from './support/tickets';

/** Canned replies (docs/decisions/088-canned-replies.md). */

test('an engineer keeps a canned reply on the Inbox page and inserts it, filled, with the keyboard; the customer gets no menu', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { tuner, tunerAccount, engineerAccount } = await engineerAndTuner();
  const ticket = await createTicketThroughForm(tuner, {
    registration: uniqueRegistration('CR'),
    fields: { model: 'A4 2.0 TDI', year: '2016', ecuId: undefined, options: 'EGR OFF', notes: undefined },
  });

  // The engineer adds a reply on the Inbox page, at phone width.
  const page = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signInThroughUi(page, engineerAccount.email, engineerAccount.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/inbox');
  const section = page.getByRole('region', { name: 'Canned replies' });
  await section.getByRole('textbox', { name: 'Title' }).fill('File ready');
  const body = section.getByRole('textbox', { name: 'Reply' });
  await body.fill('Hi {name}');
  await section.getByRole('button', { name: 'Add reply' }).click();
  await expect(section.getByText(/Unknown placeholder \{name\}/)).toBeVisible();
  await body.fill('Hi {firstName}, the file for your {vehicle} (ticket #{ticketNumber}) is ready.');
  await section.getByRole('button', { name: 'Add reply' }).click();
  await expect(section.getByRole('heading', { name: 'File ready' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAxeCleanInBothSchemes(page, 'the Inbox page with canned replies, 360 px');

  // In the ticket's chat: a slash, part of the title, the arrow keys and Enter.
  await page.goto(`/ticket/${ticket.ticketNumber}`);
  const chat = page.getByTestId('chat-panel');
  await expect(chat.getByTestId('chat-status')).toHaveText('Connected');
  const box = chat.getByRole('textbox', { name: 'Message' });
  await box.pressSequentially('/file');
  const list = chat.getByRole('listbox', { name: 'Canned replies' });
  await expect(list.getByRole('option')).toHaveCount(1);
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  await expect(list.getByRole('option', { selected: true })).toContainText('File ready');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAxeCleanInBothSchemes(page, 'the staff chat with the slash menu open, 360 px');
  await box.press('ArrowDown');
  await box.press('Enter');
  const filled = `Hi ${PROFILE.firstName}, the file for your Audi A4 2.0 TDI 2016 (ticket #${ticket.ticketNumber}) is ready.`;
  await expect(box).toHaveValue(filled);
  await expect(list).toHaveCount(0);
  await box.press('Enter');
  await expect(chat.getByTestId('chat-message').filter({ hasText: filled })).toHaveCount(1);

  // The customer reads the message; their composer offers no menu and never asks for the list.
  const customer = await (await browser.newContext()).newPage();
  const asked: string[] = [];
  customer.on('request', (req) => {
    // The API call, not the code chunk the chat shares with staff (the matching and filling).
    if (req.url().includes('/api/admin/canned-replies')) asked.push(req.url());
  });
  await signInThroughUi(customer, tunerAccount.email, tunerAccount.password);
  await expect(customer).toHaveURL(/\/dashboard$/);
  await customer.goto(`/ticket-details/${ticket.ticketNumber}`);
  const theirs = customer.getByTestId('chat-panel');
  await expect(theirs.getByTestId('chat-status')).toHaveText('Connected');
  await expect(theirs.getByTestId('chat-message').filter({ hasText: filled })).toHaveCount(1);
  await theirs.getByRole('textbox', { name: 'Message' }).pressSequentially('/file');
  await expect(theirs.getByRole('listbox')).toHaveCount(0);
  expect(asked).toEqual([]);
  expect((await tuner.get('/api/admin/canned-replies')).status()).toBe(403);
});
