import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { apiSession, createAccount, dataOf, PASSWORD, signInThroughUi } from './support/accounts';
import { ADMIN } from './support/paths';
import { createTicketThroughForm, uniqueRegistration } from './support/tickets';

/** A verified tuner with one ticket, signed in on a page of its own browser context. */
async function tunerWithTicket(browser: Browser) {
  const account = await createAccount('verified');
  const api = await apiSession(account.email, PASSWORD);
  const { ticketNumber } = await createTicketThroughForm(api, {
    registration: uniqueRegistration('CH'),
    notes: 'Chat e2e',
  });
  await api.dispose();
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughUi(page, account.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { account, ticketNumber, page, context };
}

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

/** The chat panel of the page, once it is connected to the server. */
async function openChat(page: Page, path: string): Promise<Locator> {
  await page.goto(path);
  const chat = page.getByTestId('chat-panel');
  await expect(chat.getByTestId('chat-status')).toHaveText('Connected');
  // On screen, so that what arrives counts as read.
  await chat.scrollIntoViewIfNeeded();
  return chat;
}

const messages = (chat: Locator) => chat.getByTestId('chat-message');

async function serverMessages(ticketNumber: number) {
  const admin = await apiSession(ADMIN.email, ADMIN.password);
  // GET /api/chat/{ticketNumber}: the chat load payload.
  const payload = await dataOf<{ messages: { message: string }[] }>(
    await admin.get(`/api/chat/${ticketNumber}`),
  );
  await admin.dispose();
  return payload.messages.map((m) => m.message);
}

test('a tuner and support chat live on a ticket: messages both ways, typing, unread marker and read receipts', async ({
  browser,
}) => {
  const tuner = await tunerWithTicket(browser);
  const n = tuner.ticketNumber;
  const tunerChat = await openChat(tuner.page, `/ticket-details/${n}`);
  await expect(tunerChat.getByRole('heading', { name: 'Chat with support' })).toBeVisible();
  await expect(tunerChat.getByTestId('chat-partner')).toHaveText('Support');

  // Blank text is not sent; Enter sends, the box clears, the message is delivered.
  const tunerInput = tunerChat.getByLabel('Message', { exact: true });
  await tunerInput.fill('   ');
  await expect(tunerChat.getByRole('button', { name: 'Send' })).toBeDisabled();
  await tunerInput.press('Enter');
  await expect(messages(tunerChat)).toHaveCount(0);
  await tunerInput.fill('Hello, is my Audi file ready?');
  await tunerInput.press('Enter');
  await expect(tunerInput).toHaveValue('');
  const first = messages(tunerChat).filter({ hasText: 'Hello, is my Audi file ready?' });
  await expect(first.getByTestId('chat-delivery')).toHaveText('Sent');

  // Support opens the ticket: the customer's message under 'New messages', the owner named.
  const desk = await adminPage(browser);
  const deskChat = await openChat(desk, `/ticket/${n}`);
  await expect(deskChat.getByRole('heading', { name: 'Chat with the customer' })).toBeVisible();
  await expect(deskChat.getByTestId('chat-partner')).toHaveText('Ann Lee');
  await expect(deskChat.getByTestId('chat-unread')).toHaveText('New messages');
  await expect(messages(deskChat)).toHaveText([/Hello, is my Audi file ready\?/]);
  await expect(deskChat.getByRole('heading', { level: 3 }).first()).toHaveText(/^\d{2} [A-Z][a-z]+ \d{4}$/);
  // Support has it on screen: the tuner sees it read.
  await expect(first.getByTestId('chat-delivery')).toHaveText('Read');

  // Typing shows on the other side, and stops with the message.
  const deskInput = deskChat.getByLabel('Message', { exact: true });
  await deskInput.pressSequentially('Almost');
  await expect(tunerChat.getByText('Portal Admin is typing…')).toBeVisible();
  await deskInput.pressSequentially(' done, give me ten minutes.');
  await deskChat.getByRole('button', { name: 'Send' }).click();
  await expect(deskInput).toHaveValue('');
  await expect(messages(tunerChat).filter({ hasText: 'Almost done, give me ten minutes.' })).toHaveCount(1);
  await expect(tunerChat.getByText('Portal Admin is typing…')).toHaveCount(0);
  await expect(tunerChat.getByTestId('chat-partner')).toHaveText('Portal Admin');
  await expect(messages(deskChat).filter({ hasText: 'Almost done' }).getByTestId('chat-delivery')).toHaveText(
    'Read',
  );

  // Shift+Enter is a new line inside one message; times are on a 24-hour clock.
  await tunerInput.pressSequentially('Thanks!');
  await tunerInput.press('Shift+Enter');
  await tunerInput.pressSequentially('I will wait.');
  await tunerInput.press('Enter');
  await expect(messages(deskChat).last()).toContainText('Thanks!\nI will wait.');
  await expect(messages(deskChat).last().locator('time')).toHaveText(/^\d{2}:\d{2}$/);
  expect(await serverMessages(n)).toEqual([
    'Hello, is my Audi file ready?',
    'Almost done, give me ten minutes.',
    'Thanks!\nI will wait.',
  ]);
  await tuner.context.close();
  await desk.context().close();
});

test('a message written offline is pending, survives a reload and is delivered once when back online', async ({
  browser,
}) => {
  const tuner = await tunerWithTicket(browser);
  const { page, context, ticketNumber: n } = tuner;
  const path = `/ticket-details/${n}`;
  await openChat(page, path);
  // The service worker controls the page after a reload: the portal then opens offline.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  let chat = page.getByTestId('chat-panel');
  await expect(chat.getByTestId('chat-status')).toHaveText('Connected');

  await context.setOffline(true);
  await expect(chat.getByTestId('chat-status')).toHaveText('Offline');
  await expect(chat.getByRole('button', { name: 'Attach a file' })).toBeDisabled();
  await expect(chat.getByText('Attaching files needs a connection.')).toBeVisible();
  await chat.getByLabel('Message', { exact: true }).fill('Written on the road, no signal');
  await chat.getByRole('button', { name: 'Send' }).click();
  const pending = messages(chat).filter({ hasText: 'Written on the road' });
  await expect(pending.getByTestId('chat-delivery')).toHaveText('Pending');

  await page.reload();
  chat = page.getByTestId('chat-panel');
  await expect(chat.getByTestId('chat-status')).toHaveText('Offline');
  await expect(
    messages(chat).filter({ hasText: 'Written on the road' }).getByTestId('chat-delivery'),
  ).toHaveText('Pending');

  await context.setOffline(false);
  await expect(chat.getByTestId('chat-status')).toHaveText('Connected');
  await expect(
    messages(chat).filter({ hasText: 'Written on the road' }).getByTestId('chat-delivery'),
  ).toHaveText('Sent');
  expect(await serverMessages(n)).toEqual(['Written on the road, no signal']);

  const desk = await adminPage(browser);
  const deskChat = await openChat(desk, `/ticket/${n}`);
  await expect(messages(deskChat).filter({ hasText: 'Written on the road, no signal' })).toHaveCount(1);
  await expect(messages(deskChat)).toHaveCount(1);
  await context.close();
  await desk.context().close();
});

test('the support inbox lists a ticket with an unread customer message and the sidebar counts it', async ({
  browser,
}) => {
  const tuner = await tunerWithTicket(browser);
  const n = tuner.ticketNumber;
  const chat = await openChat(tuner.page, `/ticket-details/${n}`);
  await chat.getByLabel('Message', { exact: true }).fill('Please check the boost map too.');
  await chat.getByLabel('Message', { exact: true }).press('Enter');
  await expect(messages(chat).getByTestId('chat-delivery')).toHaveText('Sent');

  const desk = await adminPage(browser);
  const admin = await apiSession(ADMIN.email, ADMIN.password);
  const waiting = (await dataOf<{ count: number }>(await admin.get('/api/admin/chat-inbox/count'))).count;
  expect(waiting).toBeGreaterThanOrEqual(1);
  const badge = desk.getByTestId('inbox-badge');
  await expect(badge).toContainText(String(waiting));
  await desk
    .getByRole('navigation')
    .getByRole('link', { name: /^Inbox/ })
    .click();
  await expect(desk).toHaveURL(/\/inbox$/);
  await expect(desk.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  const row = desk
    .getByTestId('inbox-row')
    .filter({ has: desk.getByRole('link', { name: `Open ticket ${n}` }) });
  await expect(row).toContainText('Ann Lee');
  await expect(row).toContainText(tuner.account.email);
  await expect(row).toContainText('Audi A4');
  await expect(row).toContainText('1 message');
  await expect(row).toContainText('Please check the boost map too.');

  // Reading the chat takes the ticket out of the inbox and the count down.
  await row.getByRole('link', { name: `Open ticket ${n}` }).click();
  const deskChat = desk.getByTestId('chat-panel');
  await expect(deskChat.getByTestId('chat-status')).toHaveText('Connected');
  await deskChat.scrollIntoViewIfNeeded();
  await expect(messages(chat).getByTestId('chat-delivery')).toHaveText('Read');
  await desk
    .getByRole('navigation')
    .getByRole('link', { name: /^Inbox/ })
    .click();
  await expect(desk.getByRole('link', { name: `Open ticket ${n}` })).toHaveCount(0);
  const after = (await dataOf<{ count: number }>(await admin.get('/api/admin/chat-inbox/count'))).count;
  expect(after).toBe(waiting - 1);
  if (after === 0) await expect(badge).toHaveCount(0);
  else await expect(badge).toContainText(String(after));
  if (after === 0) await expect(desk.getByText('No customer messages waiting.')).toBeVisible();
  await admin.dispose();
  await tuner.context.close();
  await desk.context().close();
});
