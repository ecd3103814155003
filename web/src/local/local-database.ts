/**
 * The name of this device's portal database (Dexie, local/db.ts) and whether the browser holds
 * it, asked without Dexie: signed-out screens on a device that never signed in need nothing of
 * it, and opening it there created its tables on the main thread for nothing
 * (docs/decisions/084-paint-from-device.md).
 */
export const LOCAL_DATABASE_NAME = 'ecu-portal';

/**
 * False only when the browser says it holds no database of that name; true when it holds one
 * or cannot say (no `indexedDB.databases()`, or it failed), so callers then take the full path.
 */
export async function mayHoldLocalDatabase(name = LOCAL_DATABASE_NAME): Promise<boolean> {
  try {
    if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
    return (await indexedDB.databases()).some((db) => db.name === name);
  } catch {
    return true;
  }
}
