import { chatPeopleOf } from '@ecu/shared/chat/doc';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type * as Y from 'yjs';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { users } from '../db/schema';
import type { AppDeps } from '../http/context';
import { docRuntime } from './doc-runtime-loader';
import type { ChatFanout } from './fanout';
import type { ChatHub } from './hub';

/** What a chat shows for the sender of a deleted account's messages. */
export const DELETED_USER_NAME = 'Deleted user';

/**
 * The tickets whose stored chat names the account: its id is a key of the doc's `people` map,
 * so its bytes are in the snapshot or in an appended update. Read as bytes, without decoding
 * every chat, since a deletion is rare and chats are many.
 */
async function ticketsNaming(db: Db, userId: string): Promise<string[]> {
  const id = sql`convert_to(${userId}, 'UTF8')`;
  const rows = rowsOf<{ ticket_id: string }>(
    await db.execute(sql`
      select ticket_id from chat_docs where position(${id} in state) > 0
      union
      select ticket_id from chat_updates where position(${id} in data) > 0`),
  );
  return rows.map((r) => r.ticket_id);
}

/** Replaces the account's entry in the doc's people with the neutral one; false when there is none to replace. */
function neutralise(doc: Y.Doc, userId: string): boolean {
  const people = chatPeopleOf(doc);
  const person = people.get(userId);
  if (!person || (person.firstName === DELETED_USER_NAME && person.lastName === '')) return false;
  // The role stays: support's messages still read as support's.
  people.set(userId, { firstName: DELETED_USER_NAME, lastName: '', role: person.role });
  return true;
}

/**
 * After an account is deleted: its name leaves every stored chat. The change is appended as
 * an update and the chat compacted at once, because an overwritten Yjs map value is dropped
 * only when the document is encoded again (compactChat goes through a garbage-collecting
 * doc); the appended update that first carried the name goes in the same compaction. Rooms
 * loaded in some process get the change through forgetDeletedInRooms.
 */
export async function forgetChatUser(db: Db, userId: string): Promise<void> {
  const tickets = await ticketsNaming(db, userId);
  if (tickets.length === 0) return;
  const [{ appendChatUpdates, compactChat, loadChatState }, Y] = await Promise.all([
    docRuntime(),
    import('yjs'),
  ]);
  for (const ticketId of tickets) {
    const doc = new Y.Doc();
    try {
      for (const update of (await loadChatState(db, ticketId)).updates) Y.applyUpdate(doc, update);
      const before = Y.encodeStateVector(doc);
      if (neutralise(doc, userId)) {
        await appendChatUpdates(db, [{ ticketId, data: Y.encodeStateAsUpdate(doc, before) }]);
      }
      await compactChat(db, ticketId);
    } finally {
      doc.destroy();
    }
  }
}

/**
 * On every process: when the changed account heard through the fan-out is a deleted one, the
 * rooms loaded here that name it take the neutral name as the server's own change (stored and
 * sent to their sockets and the other processes like any server entry).
 */
export function forgetDeletedInRooms(deps: AppDeps, hub: ChatHub, fanout: ChatFanout): void {
  const forget = async (userId: string) => {
    if (hub.loadedRooms === 0) return;
    const [deleted] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isNotNull(users.deletedAt)));
    if (!deleted) return;
    // Loaded with the first room already (doc-runtime-loader.ts); not at start.
    const { FROM_SERVER } = await import('./room');
    for (const ticketId of await ticketsNaming(deps.db, userId)) {
      const room = hub.peek(ticketId);
      room?.doc.transact(() => neutralise(room.doc, userId), FROM_SERVER);
    }
  };
  void fanout
    .onAccountChange((userId) => {
      forget(userId).catch((err) =>
        deps.logger.warn('Chat: a deleted account kept its name in a room:', err),
      );
    })
    .catch((err) => deps.logger.error('Chat fan-out of account changes:', err));
}
