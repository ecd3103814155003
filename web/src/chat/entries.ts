import type { ChatMessage } from '@ecu/shared/chat/message';
import type * as Y from 'yjs';

/** The Yjs id of one message: its writer's client id and the clock of its slot. */
export interface ItemId {
  client: number;
  clock: number;
}

export interface ChatEntry {
  message: ChatMessage;
  id: ItemId;
}

/**
 * The messages of the array in order, each with the id of its slot. Yjs merges consecutive
 * pushes of one client into one item, so an item of length n holds the clocks clock..clock+n-1.
 */
export function chatEntries(array: Y.Array<ChatMessage>): ChatEntry[] {
  const entries: ChatEntry[] = [];
  for (let item = array._start; item !== null; item = item.right) {
    if (item.deleted || !item.countable) continue;
    const content = item.content.getContent() as ChatMessage[];
    content.forEach((message, k) => {
      entries.push({ message, id: { client: item.id.client, clock: item.id.clock + k } });
    });
  }
  return entries;
}
