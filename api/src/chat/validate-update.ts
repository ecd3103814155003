import { CHAT_DOC, chatMessagesOf } from '@ecu/shared/chat/doc';
import { type ChatMessage, checkChatMessage } from '@ecu/shared/chat/message';
import * as Y from 'yjs';

export type UpdateVerdict =
  /**
   * New messages only; `messages` are the ones the server did not have, in order.
   * `misplaced`: some does not follow the last message directly (written offline, sent at
   * the same time as another, or forged without a left neighbour): the server moves them to
   * the end itself once applied.
   */
  { kind: 'accept'; messages: ChatMessage[]; misplaced?: true } | { kind: 'refuse'; reason: string };

export const UPDATE_REFUSED = {
  malformed: 'Malformed update',
  notAtEnd: 'Messages can only be added at the end',
  onlyMessages: 'Only messages can be added',
  deleting: 'Deleting messages is not allowed',
  duplicate: 'A message with this id exists',
  unknown: 'The update builds on changes the server does not have',
  serverId: 'The update writes under a client id of the server',
} as const;

const refuse = (reason: string): UpdateVerdict => ({ kind: 'refuse', reason });

/**
 * Checks a client's update against the server's copy of the chat before it is applied
 * (docs/decisions/022-chat-on-yjs.md, 066-chat-order-and-time.md): only new plain message
 * objects appended to `messages`, in the sender's own name, under a client id that has only
 * ever written messages; nothing that builds on structs the server has not seen, and no
 * deletion the server does not already have.
 */
export function inspectUpdate(
  doc: Y.Doc,
  update: Uint8Array,
  senderId: string,
  knownIds: ReadonlySet<string>,
): UpdateVerdict {
  let decoded: ReturnType<typeof Y.decodeUpdate>;
  try {
    decoded = Y.decodeUpdate(update);
  } catch {
    return refuse(UPDATE_REFUSED.malformed);
  }
  const { structs, ds } = decoded;
  const store = doc.store;
  const messagesType = chatMessagesOf(doc);
  /** Clock ranges of new message items in this update, per client. */
  const fresh = new Map<number, [number, number][]>();
  const nextClock = new Map<number, number>();
  const messages: ChatMessage[] = [];
  const ids = new Set<string>();
  let tail: Y.ID | null | undefined;
  let misplaced = false;

  const isFresh = (id: Y.ID) =>
    fresh.get(id.client)?.some(([from, to]) => id.clock >= from && id.clock < to) ?? false;
  const isMessageItem = (struct: unknown) =>
    struct instanceof Y.Item && struct.parent === messagesType && struct.parentSub === null;
  const serverItem = (id: Y.ID) => (id.clock < Y.getState(store, id.client) ? Y.getItem(store, id) : null);

  for (const struct of structs) {
    const { client, clock } = struct.id;
    if (struct instanceof Y.Skip) continue;
    const known = nextClock.get(client) ?? Y.getState(store, client);
    if (clock > known) return refuse(UPDATE_REFUSED.unknown);
    const end = clock + struct.length;
    nextClock.set(client, Math.max(known, end));
    if (end <= known) continue; // the server has all of it already
    // Yjs would take the server's own id moving as someone else's write and switch ids.
    if (client === doc.clientID) return refuse(UPDATE_REFUSED.serverId);
    if (known > 0 && !isFresh(Y.createID(client, known - 1))) {
      const before = serverItem(Y.createID(client, known - 1));
      if (!isMessageItem(before)) return refuse(UPDATE_REFUSED.serverId);
    }
    if (!(struct instanceof Y.Item)) return refuse(UPDATE_REFUSED.deleting);
    if (!(struct.content instanceof Y.ContentAny)) return refuse(UPDATE_REFUSED.onlyMessages);
    if (struct.rightOrigin) return refuse(UPDATE_REFUSED.notAtEnd);
    if (struct.parentSub !== null) return refuse(UPDATE_REFUSED.onlyMessages);
    // A struct the server holds in part is applied from its first new clock, after the part.
    const origin = clock < known ? Y.createID(client, known - 1) : struct.origin;
    if (tail === undefined) tail = lastMessageId(doc);
    if (origin) {
      if (!isFresh(origin)) {
        if (origin.clock >= Y.getState(store, origin.client)) return refuse(UPDATE_REFUSED.unknown);
        if (!isMessageItem(Y.getItem(store, origin))) return refuse(UPDATE_REFUSED.onlyMessages);
      }
      if (!tail || !Y.compareIDs(origin, tail)) misplaced = true;
    } else {
      if ((struct.parent as unknown) !== CHAT_DOC.messages) return refuse(UPDATE_REFUSED.onlyMessages);
      if (tail) misplaced = true;
    }
    const newFrom = Math.max(clock, known) - clock;
    const values = (struct.content as Y.ContentAny).arr.slice(newFrom);
    for (const value of values) {
      const problem = checkChatMessage(value, senderId);
      if (problem) return refuse(problem);
      const message = value as ChatMessage;
      if (knownIds.has(message.id) || ids.has(message.id)) return refuse(UPDATE_REFUSED.duplicate);
      ids.add(message.id);
      messages.push(message);
    }
    const ranges = fresh.get(client) ?? [];
    ranges.push([clock, end]);
    fresh.set(client, ranges);
    tail = Y.createID(client, end - 1);
  }

  for (const [client, deletes] of ds.clients) {
    const state = Y.getState(store, client);
    const structsOfClient = store.clients.get(client);
    for (const { clock, len } of deletes) {
      if (len <= 0) continue;
      if (!structsOfClient || clock + len > state) return refuse(UPDATE_REFUSED.deleting);
      let index = Y.findIndexSS(structsOfClient, clock);
      for (let s = structsOfClient[index]; s && s.id.clock < clock + len; s = structsOfClient[++index]) {
        if (!s.deleted) return refuse(UPDATE_REFUSED.deleting);
      }
    }
  }
  return misplaced && messages.length > 0
    ? { kind: 'accept', messages, misplaced }
    : { kind: 'accept', messages };
}

/** The id of the last message slot of the chat (deleted or not), or null when it has none. */
export function lastMessageId(doc: Y.Doc): Y.ID | null {
  const messagesType = chatMessagesOf(doc);
  for (const structs of doc.store.clients.values()) {
    for (let i = structs.length - 1; i >= 0; i--) {
      const s = structs[i];
      if (s instanceof Y.Item && s.parent === messagesType && s.parentSub === null && s.right === null) {
        return Y.createID(s.id.client, s.id.clock + s.length - 1);
      }
    }
  }
  return null;
}

/**
 * Moves `messages` (just applied, wherever Yjs put them) to the end of the chat, in order:
 * the server's own copies replace the writer's items. Call inside a server transaction.
 */
export function moveToEnd(doc: Y.Doc, messages: ChatMessage[]): void {
  const array = chatMessagesOf(doc);
  const ids = new Set(messages.map((m) => m.id));
  const values = array.toArray() as unknown[];
  for (let i = values.length - 1; i >= 0; i--) {
    const id = (values[i] as { id?: unknown } | null)?.id;
    if (typeof id === 'string' && ids.has(id)) array.delete(i, 1);
  }
  array.push(messages.map((m) => ({ ...m })));
}
