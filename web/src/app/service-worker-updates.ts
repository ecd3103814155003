import type { Workbox, WorkboxLifecycleEvent } from 'workbox-window';

/**
 * What the page does as its service worker changes: a new version waiting is offered
 * (`onWaiting`); once the new version takes control the page reloads, so that its code and the
 * worker's cache agree. Workbox also fires `controlling` on the very first install, when no
 * older version ran: the page's code is already that version's, and a reload there would only
 * throw the first screen away, so `isUpdate` decides.
 */
export function followServiceWorkerUpdates(
  wb: Pick<Workbox, 'addEventListener'>,
  { onWaiting, reload }: { onWaiting: () => void; reload: () => void },
): void {
  wb.addEventListener('waiting', () => onWaiting());
  wb.addEventListener('controlling', (event: WorkboxLifecycleEvent) => {
    if (event.isUpdate) reload();
  });
}
