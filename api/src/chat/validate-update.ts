import { CHAT_DOC, chatMessagesOf } from '@ecu/shared/chat/doc';
import { type ChatMessage, checkChatMessage } from '@ecu/shared/chat/message';
import * as Y from 'yjs';

export type UpdateVerdict =
  /** New messages only; `messages` are the ones the server did not have. */
  | { kind: 'accept'; messages: ChatMessage[] }
  /** Depends on structs the server does not have yet: drop it, sync step 2 brings it again. */
  | { kind: 'pending' }
  | { kind: 'refuse'; reason: string };

const refuse = (reason: string): UpdateVerdict => ({ kind: 'refuse', reason });

/**
 * Checks a client's update against the server's copy of the chat before it is applied
 * (docs/decisions/022-chat-on-yjs.md): only new plain message objects appended to
 * `messages`, in the sender's own name, and no deletion the server does not already have.
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
    return refuse('Malformed update');
  }
  const { structs, ds } = decoded;
  const store = doc.store;
  const messagesType = chatMessagesOf(doc);
  /** Clock ranges of new message items in this update, per client. */
  const fresh = new Map<number, [number, number][]>();
  const nextClock = new Map<number, number>();
  const messages: ChatMessage[] = [];
  const ids = new Set<string>();

  const inMessages = (id: Y.ID): boolean | 'unknown' => {
    if (fresh.get(id.client)?.some(([from, to]) => id.clock >= from && id.clock < to)) return true;
    if (id.clock >= Y.getState(store, id.client)) return 'unknown';
    const struct = Y.getItem(store, id);
    return struct instanceof Y.Item && struct.parent === messagesType && struct.parentSub === null;
  };

  for (const struct of structs) {
    const { client, clock } = struct.id;
    const known = nextClock.get(client) ?? Y.getState(store, client);
    if (struct instanceof Y.Skip) continue;
    if (clock > known) return { kind: 'pending' };
    const end = clock + struct.length;
    nextClock.set(client, Math.max(known, end));
    if (end <= known) continue; // the server has all of it already
    if (!(struct instanceof Y.Item)) return refuse('Deleting messages is not allowed');
    if (!(struct.content instanceof Y.ContentAny)) return refuse('Only messages can be added');
    if (struct.rightOrigin) return refuse('Messages can only be added at the end');
    if (struct.parentSub !== null) return refuse('Only messages can be added');
    if (struct.origin) {
      const where = inMessages(struct.origin);
      if (where === 'unknown') return { kind: 'pending' };
      if (!where) return refuse('Only messages can be added');
    } else if ((struct.parent as unknown) !== CHAT_DOC.messages) {
      return refuse('Only messages can be added');
    }
    const newFrom = Math.max(clock, known) - clock;
    const values = (struct.content as Y.ContentAny).arr.slice(newFrom);
    for (const value of values) {
      const problem = checkChatMessage(value, senderId);
      if (problem) return refuse(problem);
      const message = value as ChatMessage;
      if (knownIds.has(message.id) || ids.has(message.id)) return refuse('A message with this id exists');
      ids.add(message.id);
      messages.push(message);
    }
    const ranges = fresh.get(client) ?? [];
    ranges.push([clock, end]);
    fresh.set(client, ranges);
  }

  for (const [client, deletes] of ds.clients) {
    const state = Y.getState(store, client);
    const structsOfClient = store.clients.get(client);
    for (const { clock, len } of deletes) {
      if (len <= 0) continue;
      if (!structsOfClient || clock + len > state) return refuse('Deleting messages is not allowed');
      let index = Y.findIndexSS(structsOfClient, clock);
      for (let s = structsOfClient[index]; s && s.id.clock < clock + len; s = structsOfClient[++index]) {
        if (!s.deleted) return refuse('Deleting messages is not allowed');
      }
    }
  }
  return { kind: 'accept', messages };
}
