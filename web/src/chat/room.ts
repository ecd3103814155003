import { chatMessagesOf, readCountOf, unreadIndexOf } from '@ecu/shared/chat/doc';
import { IndexeddbPersistence } from 'y-indexeddb';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { chatDbName } from '../local/chat-copies';
import { heldPrefix, type StateVector } from './delivery';
import { chatEntries } from './entries';
import type { ChatUser } from './typing';

// The IndexedDB database of one chat on this device, per account: named where the account's
// local data is wiped (sign-out, another account), which deletes these too.
export { chatDbName } from '../local/chat-copies';

/** Where, beside the doc's updates, the vector of what the server holds is kept. */
const KNOWN_KEY = 'server-state';

/** One copy of a chat: the doc, its IndexedDB persistence and (once loaded) its socket. */
export interface ChatRoom {
  doc: Y.Doc;
  persistence: IndexeddbPersistence | null;
  provider: WebsocketProvider | null;
  known: StateVector;
  synced: boolean;
  /** The count last sent with MESSAGE_READ on this connection (-1: none yet). */
  lastRead: number;
  /** The unread divider, fixed when the chat opened (first sync, or the local copy offline). */
  openUnread: number;
  unreadFrozen: boolean;
}

function decodeKnown(value: unknown): StateVector {
  if (!(value instanceof ArrayBuffer) && !ArrayBuffer.isView(value)) return new Map();
  try {
    const bytes =
      value instanceof ArrayBuffer
        ? new Uint8Array(value)
        : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    return Y.decodeStateVector(bytes);
  } catch {
    return new Map();
  }
}

/**
 * Opens the local copy and waits until it has loaded. Without IndexedDB (blocked, private
 * mode) the chat still works online, from an empty doc.
 */
export async function openRoom(ticketNumber: number, userId: string): Promise<ChatRoom> {
  const doc = new Y.Doc();
  const room: ChatRoom = {
    doc,
    persistence: null,
    provider: null,
    known: new Map(),
    synced: false,
    lastRead: -1,
    openUnread: -1,
    unreadFrozen: false,
  };
  try {
    const persistence = new IndexeddbPersistence(chatDbName(ticketNumber, userId), doc);
    room.persistence = persistence;
    await Promise.race([persistence.whenSynced, persistence._db.then(() => new Promise<never>(() => {}))]);
    room.known = decodeKnown(await persistence.get(KNOWN_KEY));
  } catch {
    void room.persistence?.destroy().catch(() => undefined);
    room.persistence = null;
  }
  return room;
}

export function saveKnown(room: ChatRoom): void {
  const persistence = room.persistence;
  if (!persistence || persistence._destroyed) return;
  const bytes = Y.encodeStateVector(room.known);
  void persistence.set(KNOWN_KEY, bytes.slice().buffer).catch(() => undefined);
}

/** Deletes the chat's database (after the doc holding it was destroyed). */
export async function clearRoom(room: ChatRoom): Promise<void> {
  await room.persistence?.clearData().catch(() => undefined);
}

/**
 * The room's socket, not yet connected: y-websocket's own reconnects and the cross-tab
 * channel are off (the session schedules reconnects; every tab talks to the server itself).
 */
export function attachProvider(
  room: ChatRoom,
  options: { serverUrl: string; ticketNumber: number; user: ChatUser; WebSocketImpl?: typeof WebSocket },
): WebsocketProvider {
  const provider = new WebsocketProvider(options.serverUrl, String(options.ticketNumber), room.doc, {
    connect: false,
    disableBc: true,
    shouldReconnect: () => false,
    ...(options.WebSocketImpl ? { WebSocketPolyfill: options.WebSocketImpl } : {}),
  });
  provider.awareness.setLocalState({ user: options.user, typing: false });
  room.provider = provider;
  return provider;
}

/** Where the unread divider goes by the reader's count as the doc has it now. */
export function unreadNow(room: ChatRoom, userId: string): number {
  return unreadIndexOf(chatMessagesOf(room.doc).toArray(), readCountOf(room.doc, userId), userId);
}

/** How many messages from the start the server holds (what MESSAGE_READ reports). */
export function heldCount(room: ChatRoom): number {
  return heldPrefix(
    chatEntries(chatMessagesOf(room.doc)).map((entry) => entry.id),
    room.known,
  );
}
