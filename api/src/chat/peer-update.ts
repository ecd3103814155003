import { CHAT_DOC, chatMessagesOf } from '@ecu/shared/chat/doc';
import { readChatMessage } from '@ecu/shared/chat/message';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import { UPDATE_REFUSED, type UpdateVerdict } from './validate-update';

/** The maps only a server writes (shared/src/chat/doc.ts). */
const SERVER_MAPS: ReadonlySet<string> = new Set([
  CHAT_DOC.reads,
  CHAT_DOC.people,
  CHAT_DOC.meta,
  CHAT_DOC.received,
]);

/**
 * An update as one process tells the others (through the fan-out): who wrote it (a user id,
 * or null for the server's own entries) and the update, so that each checks it again.
 */
export function encodePeerUpdate(writer: string | null, update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, writer ?? '');
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
}

export function decodePeerUpdate(payload: Uint8Array): { writer: string | null; update: Uint8Array } | null {
  try {
    const decoder = decoding.createDecoder(payload);
    const writer = decoding.readVarString(decoder);
    const update = decoding.readVarUint8Array(decoder);
    return { writer: writer === '' ? null : writer, update };
  } catch {
    return null;
  }
}

/**
 * A server's own write, as another process sends it: entries of the server's maps (read
 * markers, people, meta, receive times) and messages it moved to the end (each a valid
 * message this process holds already), building only on what this process holds.
 */
export function inspectServerUpdate(
  doc: Y.Doc,
  update: Uint8Array,
  knownIds: ReadonlySet<string>,
): UpdateVerdict {
  let decoded: ReturnType<typeof Y.decodeUpdate>;
  try {
    decoded = Y.decodeUpdate(update);
  } catch {
    return { kind: 'refuse', reason: UPDATE_REFUSED.malformed };
  }
  const { store } = doc;
  const messagesType = chatMessagesOf(doc);
  const nextClock = new Map<number, number>();
  /** Clock ranges of this update's new structs: map entries or moved messages. */
  const fresh = new Map<string, 'map' | 'messages'>();
  const whereIs = (id: Y.ID): 'map' | 'messages' | 'other' | 'unknown' => {
    const here = fresh.get(`${id.client}:${id.clock}`);
    if (here) return here;
    if (id.clock >= Y.getState(store, id.client)) return 'unknown';
    const item = Y.getItem(store, id);
    if (!(item instanceof Y.Item)) return 'other';
    if (item.parent === messagesType) return item.parentSub === null ? 'messages' : 'other';
    return item.parentSub !== null ? 'map' : 'other';
  };
  const moved = (values: unknown[]) =>
    values.every((value) => {
      const id = readChatMessage(value)?.id;
      return id !== undefined && knownIds.has(id);
    });
  for (const struct of decoded.structs) {
    if (struct instanceof Y.Skip) continue;
    const { client, clock } = struct.id;
    const known = nextClock.get(client) ?? Y.getState(store, client);
    if (clock > known) return { kind: 'refuse', reason: UPDATE_REFUSED.unknown };
    const end = clock + struct.length;
    nextClock.set(client, Math.max(known, end));
    if (end <= known) continue;
    if (!(struct instanceof Y.Item) || !(struct.content instanceof Y.ContentAny)) {
      return { kind: 'refuse', reason: UPDATE_REFUSED.onlyMessages };
    }
    const refs = [struct.origin, struct.rightOrigin].flatMap((ref) => (ref ? [whereIs(ref)] : []));
    if (refs.includes('unknown')) return { kind: 'refuse', reason: UPDATE_REFUSED.unknown };
    const parent = struct.parent as unknown;
    let kind: 'map' | 'messages';
    if (struct.parentSub === null) {
      // A message moved to the end: after a message, nothing to its right.
      if (struct.rightOrigin || !(struct.origin ? refs[0] === 'messages' : parent === CHAT_DOC.messages)) {
        return { kind: 'refuse', reason: UPDATE_REFUSED.notAtEnd };
      }
      if (!moved(struct.content.arr)) return { kind: 'refuse', reason: UPDATE_REFUSED.onlyMessages };
      kind = 'messages';
    } else {
      const inMap = refs.length > 0 ? refs.every((r) => r === 'map') : SERVER_MAPS.has(parent as string);
      if (!inMap) return { kind: 'refuse', reason: UPDATE_REFUSED.onlyMessages };
      kind = 'map';
    }
    for (let c = clock; c < end; c++) fresh.set(`${client}:${c}`, kind);
  }
  for (const [client, deletes] of decoded.ds.clients) {
    const state = Y.getState(store, client);
    const structsOfClient = store.clients.get(client) ?? [];
    const fresh = (nextClock.get(client) ?? state) - state;
    for (const { clock, len } of deletes) {
      if (len <= 0) continue;
      // Past what this process holds: only this update's own entries may be deleted.
      if (clock + len > state + fresh) return { kind: 'refuse', reason: UPDATE_REFUSED.unknown };
      if (clock >= state) continue;
      let index = Y.findIndexSS(structsOfClient, clock);
      for (let s = structsOfClient[index]; s && s.id.clock < clock + len; s = structsOfClient[++index]) {
        // Replaced map values, and the writer's items of messages moved to the end.
        if (s.deleted || (s instanceof Y.Item && (s.parentSub !== null || s.parent === messagesType)))
          continue;
        return { kind: 'refuse', reason: UPDATE_REFUSED.deleting };
      }
    }
  }
  return { kind: 'accept', messages: [] };
}
