import {
  type ChatPerson,
  chatMessagesOf,
  chatOwnerId,
  chatPeopleOf,
  chatReceivedOf,
  partnerReadCount,
} from '@ecu/shared/chat/doc';
import type { StateVector } from './delivery';
import { type ChatEntry, chatEntries } from './entries';
import type { ChatRoom } from './room';
import { typingNames } from './typing';

export type ChatConnection = 'connecting' | 'connected' | 'reconnecting' | 'offline';

/** What the panel shows of a chat at one moment. */
export interface ChatSnapshot {
  /** 'loading': the local copy is being read; 'forbidden': the server shut this chat to us. */
  phase: 'loading' | 'open' | 'forbidden';
  connection: ChatConnection;
  synced: boolean;
  entries: ChatEntry[];
  known: StateVector;
  people: ReadonlyMap<string, ChatPerson>;
  /** Message id -> when the server received it (the time a message shows). */
  received: ReadonlyMap<string, number>;
  ownerId: string | undefined;
  partnerRead: number;
  unreadIndex: number;
  /** The names of the others typing now. */
  typing: string[];
}

export const LOADING_SNAPSHOT: ChatSnapshot = {
  phase: 'loading',
  connection: 'connecting',
  synced: false,
  entries: [],
  known: new Map(),
  people: new Map(),
  received: new Map(),
  ownerId: undefined,
  partnerRead: 0,
  unreadIndex: -1,
  typing: [],
};

/** What an open room shows the viewer now. */
export function snapshotOf(room: ChatRoom, viewerId: string, connection: ChatConnection): ChatSnapshot {
  const awareness = room.provider?.awareness;
  return {
    phase: 'open',
    connection,
    synced: room.synced,
    entries: chatEntries(chatMessagesOf(room.doc)),
    known: room.known,
    people: new Map(chatPeopleOf(room.doc).entries()),
    received: new Map(chatReceivedOf(room.doc).entries()),
    ownerId: chatOwnerId(room.doc),
    partnerRead: partnerReadCount(room.doc, viewerId),
    unreadIndex: room.openUnread,
    typing: awareness ? typingNames(awareness.getStates(), viewerId) : [],
  };
}
