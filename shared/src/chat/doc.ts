import type * as Y from 'yjs';
import type { ChatMessage } from './message';

/**
 * The layout of a ticket's chat document. Clients only ever push to `messages`; the other
 * maps are written by the server alone, and the server refuses any client update touching
 * them (docs/decisions/022-chat-on-yjs.md).
 */
export const CHAT_DOC = {
  /** Y.Array of ChatMessage, append-only. */
  messages: 'messages',
  /** Y.Map userId -> number of messages that reader has seen. */
  reads: 'reads',
  /** Y.Map userId -> ChatPerson, everyone who may appear as a sender. */
  people: 'people',
  /** Y.Map: ownerId, ticketNumber. */
  meta: 'meta',
  /** Y.Map messageId -> the server's receive time in ms (the time a message shows). */
  received: 'received',
} as const;

export interface ChatPerson {
  firstName: string;
  lastName: string;
  role: 'user' | 'admin';
}

export const chatMessagesOf = (doc: Y.Doc) => doc.getArray<ChatMessage>(CHAT_DOC.messages);
export const chatReadsOf = (doc: Y.Doc) => doc.getMap<number>(CHAT_DOC.reads);
export const chatPeopleOf = (doc: Y.Doc) => doc.getMap<ChatPerson>(CHAT_DOC.people);
export const chatMetaOf = (doc: Y.Doc) => doc.getMap<string | number>(CHAT_DOC.meta);
export const chatReceivedOf = (doc: Y.Doc) => doc.getMap<number>(CHAT_DOC.received);

export function appendChatMessage(doc: Y.Doc, message: ChatMessage): void {
  chatMessagesOf(doc).push([message]);
}

export function chatOwnerId(doc: Y.Doc): string | undefined {
  const owner = chatMetaOf(doc).get('ownerId');
  return typeof owner === 'string' ? owner : undefined;
}

/** How many messages `userId` has seen (0 when never). */
export function readCountOf(doc: Y.Doc, userId: string): number {
  const n = chatReadsOf(doc).get(userId);
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

/**
 * How far the other side has read, for read receipts: for the ticket's owner the furthest
 * any admin has read, for an admin how far the owner has read.
 */
export function partnerReadCount(doc: Y.Doc, viewerId: string): number {
  const ownerId = chatOwnerId(doc);
  if (viewerId !== ownerId) return ownerId ? readCountOf(doc, ownerId) : 0;
  let furthest = 0;
  chatReadsOf(doc).forEach((n, id) => {
    if (id !== ownerId && typeof n === 'number' && n > furthest) furthest = n;
  });
  return furthest;
}

/**
 * The index of the first message the viewer has not seen and did not write, or -1.
 * Pure over plain values so both sides (and tests) use it alike.
 */
export function unreadIndexOf(
  messages: readonly Pick<ChatMessage, 'senderId'>[],
  readCount: number,
  viewerId: string,
): number {
  for (let i = Math.max(0, readCount); i < messages.length; i++) {
    if (messages[i]?.senderId !== viewerId) return i;
  }
  return -1;
}
