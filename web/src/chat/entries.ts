import { type ChatMessage, MAX_DATE_MS } from '@ecu/shared/chat/message';
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
 * Whether a stored entry can be shown: one stored before the server checked entries may be
 * no message, or carry a time no Date holds (docs/decisions/066-chat-order-and-time.md).
 */
function isShowable(value: unknown): value is ChatMessage {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Partial<Record<keyof ChatMessage, unknown>>;
  return (
    typeof m.id === 'string' &&
    typeof m.senderId === 'string' &&
    typeof m.text === 'string' &&
    typeof m.time === 'number' &&
    Math.abs(m.time) <= MAX_DATE_MS &&
    (m.attachments === undefined || Array.isArray(m.attachments))
  );
}

/**
 * The messages of the array in order, each with the id of its slot (entries that are not
 * messages are left out). Yjs merges consecutive pushes of one client into one item, so an
 * item of length n holds the clocks clock..clock+n-1.
 */
export function chatEntries(array: Y.Array<ChatMessage>): ChatEntry[] {
  const entries: ChatEntry[] = [];
  for (let item = array._start; item !== null; item = item.right) {
    if (item.deleted || !item.countable) continue;
    const content = item.content.getContent() as unknown[];
    content.forEach((message, k) => {
      if (isShowable(message))
        entries.push({ message, id: { client: item.id.client, clock: item.id.clock + k } });
    });
  }
  return entries;
}
