/**
 * The chats' own IndexedDB databases, one per ticket and account (y-indexeddb, chat/room.ts):
 * `ecu-chat-<ticket>-<user id>`. They are an account's copy of server data like the synced
 * tables, so they go with it: on sign-out, and when another account signs in on this device.
 */
const PREFIX = 'ecu-chat-';

/** The database of one chat on this device, per account. */
export const chatDbName = (ticketNumber: number, userId: string) => `${PREFIX}${ticketNumber}-${userId}`;

/** Whether `name` is a chat copy of an account other than `keepUserId` (any account without it). */
function isDroppedChatCopy(name: string, keepUserId: string | undefined): boolean {
  if (!name.startsWith(PREFIX)) return false;
  if (keepUserId === undefined) return true;
  // After the prefix comes the ticket number, then the account's id.
  const owner = name.slice(PREFIX.length).replace(/^\d+-/, '');
  return owner !== keepUserId;
}

/**
 * Deletes the chat copies on this device, except those of `keepUserId` when given. A chat still
 * open in a tab holds its database: the browser deletes it once that tab lets go ('blocked'),
 * so that is not waited for. Without `indexedDB.databases()` (Firefox before 126) nothing can
 * be listed and nothing is deleted.
 */
export async function dropChatCopies(keepUserId?: string): Promise<void> {
  const idb = globalThis.indexedDB;
  if (typeof idb?.databases !== 'function') return;
  let names: string[];
  try {
    names = (await idb.databases()).flatMap((info) => (info.name ? [info.name] : []));
  } catch {
    return; // storage unavailable: nothing to delete either
  }
  await Promise.all(
    names
      .filter((name) => isDroppedChatCopy(name, keepUserId))
      .map(
        (name) =>
          new Promise<void>((resolve) => {
            const request = idb.deleteDatabase(name);
            request.onsuccess = () => resolve();
            request.onerror = () => resolve();
            request.onblocked = () => resolve();
          }),
      ),
  );
}
