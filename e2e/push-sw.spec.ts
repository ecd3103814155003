import { expect, test } from '@playwright/test';
import { BASE_URL } from './support/accounts';

test('the service worker shows a pushed message as a notification that links to its ticket', async ({
  context,
  page,
}) => {
  await context.grantPermissions(['notifications'], { origin: BASE_URL });
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: all }) => {
    for (const r of all) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await page.goto('/signin');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => registrations.get(`${BASE_URL}/`)).toBeTruthy();

  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: BASE_URL,
    registrationId: registrations.get(`${BASE_URL}/`)!,
    data: JSON.stringify({
      title: 'File unlocked',
      body: 'Ticket #100123 is ready to download',
      url: '/ticket-details/100123',
      tag: 'ticket-100123',
    }),
  });
  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        data: n.data,
      }));
    });
  await expect.poll(shown).toEqual([
    {
      title: 'File unlocked',
      body: 'Ticket #100123 is ready to download',
      data: { url: `${BASE_URL}/ticket-details/100123` },
    },
  ]);
});
