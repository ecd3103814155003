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
  // A push goes to an activated worker: `ready` resolves while the worker may still be activating.
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker && worker.state !== 'activated') {
      await new Promise<void>((resolve) => {
        worker.addEventListener('statechange', () => worker.state === 'activated' && resolve());
      });
    }
  });
  await expect.poll(() => registrations.get(`${BASE_URL}/`)).toBeTruthy();

  const deliver = () =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin: BASE_URL,
      registrationId: registrations.get(`${BASE_URL}/`)!,
      data: JSON.stringify({
        title: 'File unlocked',
        body: 'Ticket #100123 is ready to download',
        url: '/ticket-details/100123',
        tag: 'ticket-100123',
      }),
    });
  await deliver();
  // DevTools hands the message to the worker without the push service's retry: on a loaded
  // machine a delivery can be dropped while the worker starts, so an empty answer delivers it
  // again. The tag makes a second delivery replace the first, so the list still holds one.
  const shown = async () => {
    const notifications = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        data: n.data,
      }));
    });
    if (notifications.length === 0) await deliver();
    return notifications;
  };
  await expect.poll(shown, { timeout: 20_000 }).toEqual([
    {
      title: 'File unlocked',
      body: 'Ticket #100123 is ready to download',
      data: { url: `${BASE_URL}/ticket-details/100123` },
    },
  ]);
});
