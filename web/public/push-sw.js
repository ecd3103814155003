/*
 * Web Push in the generated service worker (vite.config.ts: workbox.importScripts). The
 * server sends { title, body, url, tag } (api/src/notifications/messages.ts); the
 * notification opens that page of the app: an open window already there is focused,
 * another window of the app is taken there, else a new window opens.
 */
/* global self, clients */

const FALLBACK_TITLE = 'ECU Portal';

/** Only a path of this app is opened, whatever a message says. */
function appUrl(path) {
  const safe = typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : '/';
  return new URL(safe, self.location.origin).href;
}

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const tag = typeof message.tag === 'string' ? message.tag : undefined;
  event.waitUntil(
    self.registration.showNotification(message.title || FALLBACK_TITLE, {
      body: message.body || '',
      tag,
      // A newer message of the same tag (the same ticket's chat) replaces the old one and still alerts.
      renotify: Boolean(tag),
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: appUrl(message.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || appUrl('/');
  event.waitUntil(
    (async () => {
      const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
      const there = windows.find((w) => w.url === url);
      if (there) return there.focus();
      const app = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (app) {
        try {
          const focused = await app.focus();
          return await focused.navigate(url);
        } catch {
          // An uncontrolled window cannot be navigated from here: open a new one.
        }
      }
      return clients.openWindow(url);
    })(),
  );
});
