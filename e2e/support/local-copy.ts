import { expect, type Page } from '@playwright/test';

/**
 * Waits until the admin screens' persisted query cache holds `text`: IndexedDB `ecu-portal`,
 * store `queryCache`, row `tanstack-query`, which TanStack Query's persister writes a moment
 * after each answer (web/src/local/query-client.ts). A reload without a network shows only
 * what is on disk, so a test that reloads offline right after a list loads waits for this.
 */
export async function untilPersisted(page: Page, text: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        (wanted) =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('ecu-portal');
            open.onerror = () => resolve(false);
            open.onsuccess = () => {
              const get = open.result
                .transaction('queryCache')
                .objectStore('queryCache')
                .get('tanstack-query');
              get.onerror = () => resolve(false);
              get.onsuccess = () => {
                resolve(JSON.stringify(get.result ?? null).includes(wanted));
                open.result.close();
              };
            };
          }),
        text,
      ),
    )
    .toBe(true);
}
