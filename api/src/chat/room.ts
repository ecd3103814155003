import { isStaff } from '@ecu/shared/accounts/roles';
import {
  type ChatPerson,
  chatMessagesOf,
  chatMetaOf,
  chatPeopleOf,
  chatReadsOf,
  chatReceivedOf,
  readCountOf,
} from '@ecu/shared/chat/doc';
import { chatFullProblem, tooManyMessagesReason } from '@ecu/shared/chat/limits';
import { type ChatMessage, readChatMessage } from '@ecu/shared/chat/message';
import { CHAT_CLOSE, MESSAGE_ACK, MESSAGE_READ } from '@ecu/shared/chat/protocol';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import type { UserRow } from '../http/context';
import { cleanAwarenessUpdate } from './awareness';
import { decodePeerUpdate, encodePeerUpdate, inspectServerUpdate } from './peer-update';
import { inspectUpdate, moveToEnd } from './validate-update';

const MESSAGE_SYNC = 0;
const MESSAGE_AWARENESS = 1;
const MESSAGE_QUERY_AWARENESS = 3;

/** Origins of changes that are not a connection's. */
export const FROM_STORE = Symbol('store');
export const FROM_PEER = Symbol('peer process');
export const FROM_SERVER = Symbol('server');

export interface ChatConnection {
  readonly id: string;
  readonly user: UserRow;
  send(message: Uint8Array): void;
  close(code: number, reason: string): void;
}

export interface ChatTicket {
  id: string;
  ticketNumber: number;
  ownerId: string;
}

/** What a room asks of the rest of the server (the hub wires these). */
export interface RoomHooks {
  persist(update: Uint8Array): Promise<void>;
  publish(kind: 'update' | 'awareness', payload: Uint8Array): void;
  /**
   * Before the update is applied: ties the attached uploads to the messages, or says why
   * not (a string refuses the update and claims nothing).
   */
  claimAttachments(sender: UserRow, messages: ChatMessage[]): Promise<string | null>;
  /** After the update is stored, before the writer's ack (the inbox index, e-mail). */
  accepted(sender: UserRow, messages: ChatMessage[]): Promise<void>;
  read(user: UserRow, count: number): Promise<void>;
  /**
   * Counts `count` messages against the sender's quota (shared/src/chat/limits.ts); over
   * it, says how long to wait.
   */
  allowMessages(sender: UserRow, count: number): { allowed: boolean; retryAfterSeconds: number };
  /** Closes the socket; `code` defaults to CHAT_CLOSE.refusedUpdate. */
  refused(connection: ChatConnection, reason: string, code?: number): void;
  /** An update from another process broke the rules and was not applied. */
  peerRefused(reason: string): void;
  failed(err: unknown): void;
}

const frame = (type: number, write: (e: encoding.Encoder) => void) => {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, type);
  write(encoder);
  return encoding.toUint8Array(encoder);
};

/** One ticket's chat in this process: its Y.Doc, awareness and the sockets on it. */
export class ChatRoom {
  readonly doc = new Y.Doc();
  readonly awareness = new awarenessProtocol.Awareness(this.doc);
  readonly connections = new Map<ChatConnection, Set<number>>();
  readonly messageIds = new Set<string>();
  /** Updates appended to chat_updates since the last compaction (the hub counts them). */
  appended = 0;
  /** Bytes of every update applied since the room loaded (the stored ones included): the size cap's measure. */
  bytes = 0;
  /** Storage and its follow-ups, in order; never rejects (failures go to hooks.failed). */
  private stored: Promise<void> = Promise.resolve();
  /** The storing of the update applied last (set by the doc's update handler). */
  private lastStored: Promise<void> | null = null;

  constructor(
    readonly ticket: ChatTicket,
    private readonly hooks: RoomHooks,
  ) {
    this.awareness.setLocalState(null);
    chatMessagesOf(this.doc).observe((event) => {
      for (const item of event.changes.added) {
        // An entry stored before the checks may be no message at all (docs/decisions/066-chat-order-and-time.md).
        for (const m of item.content.getContent() as unknown[]) {
          const id = readChatMessage(m)?.id;
          if (id) this.messageIds.add(id);
        }
      }
    });
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      this.bytes += update.length;
      const message = frame(MESSAGE_SYNC, (e) => syncProtocol.writeUpdate(e, update));
      for (const connection of this.connections.keys()) if (connection !== origin) connection.send(message);
      if (origin === FROM_STORE || origin === FROM_PEER) return;
      // Other processes check it again (./peer-update.ts): in whose name it was written.
      const writer = this.isConnection(origin) ? origin.user.id : null;
      // Other processes hear of an update only once it is stored: a room loading there reads
      // the store after subscribing, so it gets every update from one or the other.
      this.lastStored = this.enqueue(async () => {
        await this.hooks.persist(update);
        this.hooks.publish('update', encodePeerUpdate(writer, update));
      });
    });
    this.awareness.on('update', ({ added, updated, removed }: AwarenessChange, origin: unknown) => {
      const changed = [...added, ...updated, ...removed];
      if (this.isConnection(origin)) {
        const ids = this.connections.get(origin);
        for (const id of added) ids?.add(id);
        for (const id of removed) ids?.delete(id);
      }
      const payload = awarenessProtocol.encodeAwarenessUpdate(this.awareness, changed);
      const message = frame(MESSAGE_AWARENESS, (e) => encoding.writeVarUint8Array(e, payload));
      for (const connection of this.connections.keys()) connection.send(message);
      if (origin !== FROM_PEER) this.hooks.publish('awareness', payload);
    });
  }

  /** Loads stored state and writes the server's own entries (owner, ticket number). */
  load(updates: Uint8Array[], appended: number) {
    for (const update of updates) Y.applyUpdate(this.doc, update, FROM_STORE);
    this.appended = appended;
    const meta = chatMetaOf(this.doc);
    if (
      meta.get('ownerId') !== this.ticket.ownerId ||
      meta.get('ticketNumber') !== this.ticket.ticketNumber
    ) {
      this.doc.transact(() => {
        meta.set('ownerId', this.ticket.ownerId);
        meta.set('ticketNumber', this.ticket.ticketNumber);
      }, FROM_SERVER);
    }
  }

  /**
   * From another process: checked as if it came from a socket here (a message in its
   * writer's name, a server's write only to the server's maps), then applied and passed on
   * to this process's sockets, never stored again.
   */
  fromPeer(kind: 'update' | 'awareness', payload: Uint8Array) {
    if (kind === 'awareness') {
      awarenessProtocol.applyAwarenessUpdate(this.awareness, payload, FROM_PEER);
      return;
    }
    const peer = decodePeerUpdate(payload);
    if (!peer) return this.hooks.peerRefused('Malformed update');
    const verdict =
      peer.writer === null
        ? inspectServerUpdate(this.doc, peer.update, this.messageIds)
        : inspectUpdate(this.doc, peer.update, peer.writer, this.messageIds);
    if (verdict.kind === 'refuse') return this.hooks.peerRefused(verdict.reason);
    Y.applyUpdate(this.doc, peer.update, FROM_PEER);
  }

  join(connection: ChatConnection) {
    this.connections.set(connection, new Set());
    const { user } = connection;
    // The chat knows two sides: the customer and support (engineers and admins alike).
    const person: ChatPerson = {
      firstName: user.firstName,
      lastName: user.lastName,
      role: isStaff(user.role) ? 'admin' : 'user',
    };
    const known = chatPeopleOf(this.doc).get(user.id);
    if (
      !known ||
      known.firstName !== person.firstName ||
      known.lastName !== person.lastName ||
      known.role !== person.role
    ) {
      this.doc.transact(() => chatPeopleOf(this.doc).set(user.id, person), FROM_SERVER);
    }
    connection.send(frame(MESSAGE_SYNC, (e) => syncProtocol.writeSyncStep1(e, this.doc)));
    const states = [...this.awareness.getStates().keys()];
    if (states.length > 0) {
      const payload = awarenessProtocol.encodeAwarenessUpdate(this.awareness, states);
      connection.send(frame(MESSAGE_AWARENESS, (e) => encoding.writeVarUint8Array(e, payload)));
    }
  }

  leave(connection: ChatConnection) {
    const ids = this.connections.get(connection);
    this.connections.delete(connection);
    if (ids && ids.size > 0) awarenessProtocol.removeAwarenessStates(this.awareness, [...ids], null);
  }

  /** One message from a socket; the hub calls this in order per connection. */
  async receive(connection: ChatConnection, data: Uint8Array): Promise<void> {
    const decoder = decoding.createDecoder(data);
    const type = decoding.readVarUint(decoder);
    if (type === MESSAGE_SYNC) {
      const step = decoding.readVarUint(decoder);
      if (step === syncProtocol.messageYjsSyncStep1) {
        const stateVector = decoding.readVarUint8Array(decoder);
        connection.send(frame(MESSAGE_SYNC, (e) => syncProtocol.writeSyncStep2(e, this.doc, stateVector)));
      } else if (step === syncProtocol.messageYjsSyncStep2 || step === syncProtocol.messageYjsUpdate) {
        await this.receiveUpdate(connection, decoding.readVarUint8Array(decoder));
      }
    } else if (type === MESSAGE_AWARENESS) {
      this.receiveAwareness(connection, decoding.readVarUint8Array(decoder));
    } else if (type === MESSAGE_QUERY_AWARENESS) {
      const payload = awarenessProtocol.encodeAwarenessUpdate(this.awareness, [
        ...this.awareness.getStates().keys(),
      ]);
      connection.send(frame(MESSAGE_AWARENESS, (e) => encoding.writeVarUint8Array(e, payload)));
    } else if (type === MESSAGE_READ) {
      this.markRead(connection.user, decoding.readVarUint(decoder));
    }
  }

  /** Resolves when every update so far is stored. */
  flushed(): Promise<void> {
    return this.stored;
  }

  destroy() {
    this.awareness.destroy();
    this.doc.destroy();
    this.connections.clear();
    this.messageIds.clear();
  }

  private async receiveUpdate(connection: ChatConnection, update: Uint8Array) {
    const verdict = inspectUpdate(this.doc, update, connection.user.id, this.messageIds);
    if (verdict.kind === 'refuse') return this.hooks.refused(connection, verdict.reason);
    const count = verdict.messages.length;
    if (count > 0) {
      const full = chatFullProblem(
        { messages: chatMessagesOf(this.doc).length, bytes: this.bytes },
        { messages: count, bytes: update.length },
      );
      if (full) return this.hooks.refused(connection, full, CHAT_CLOSE.chatFull);
      const quota = this.hooks.allowMessages(connection.user, count);
      if (!quota.allowed) {
        return this.hooks.refused(
          connection,
          tooManyMessagesReason(quota.retryAfterSeconds),
          CHAT_CLOSE.tooManyMessages,
        );
      }
    }
    if (verdict.messages.some((m) => m.attachments?.length)) {
      const problem = await this.hooks.claimAttachments(connection.user, verdict.messages);
      if (problem) return this.hooks.refused(connection, problem);
      // Applied even if the writer left meanwhile: its files are claimed for these messages.
    }
    this.lastStored = null;
    Y.applyUpdate(this.doc, update, connection);
    if (count > 0) {
      // The server decides order and time (docs/decisions/066-chat-order-and-time.md): what
      // does not follow the last message is moved to the end, and a message shows the time
      // it arrived here.
      const now = Date.now();
      const received = chatReceivedOf(this.doc);
      this.doc.transact(() => {
        if (verdict.misplaced) moveToEnd(this.doc, verdict.messages);
        for (const m of verdict.messages) received.set(m.id, now);
      }, FROM_SERVER);
    }
    // What the ack promises: this state, once stored (later updates may still be on their way).
    const vector = Y.encodeStateVector(this.doc);
    const stored = this.lastStored ?? Promise.resolve();
    this.lastStored = null;
    const { messages } = verdict;
    this.enqueue(async () => {
      await stored;
      if (messages.length > 0) await this.hooks.accepted(connection.user, messages);
      this.ack(connection, vector);
    }).catch(() => {
      // Not stored: the writer must not take it as sent; it resends after reconnecting.
      connection.close(1011, 'The message could not be stored');
    });
  }

  private receiveAwareness(connection: ChatConnection, payload: Uint8Array) {
    const own = this.connections.get(connection);
    const states = this.awareness.getStates();
    const clean = cleanAwarenessUpdate(
      payload,
      connection.user,
      (clientId) =>
        clientId !== this.awareness.clientID && (own?.has(clientId) === true || !states.has(clientId)),
    );
    if (clean) awarenessProtocol.applyAwarenessUpdate(this.awareness, clean, connection);
  }

  private markRead(user: UserRow, reported: number) {
    const count = Math.min(reported, chatMessagesOf(this.doc).length);
    if (count <= readCountOf(this.doc, user.id)) return;
    this.doc.transact(() => chatReadsOf(this.doc).set(user.id, count), FROM_SERVER);
    this.enqueue(() => this.hooks.read(user, count));
  }

  /** Runs `step` after everything queued before it; the returned promise carries its failure. */
  private enqueue(step: () => Promise<void>): Promise<void> {
    const run = this.stored.then(step);
    this.stored = run.catch((err) => this.hooks.failed(err));
    return run;
  }

  private ack(connection: ChatConnection, vector: Uint8Array) {
    if (!this.connections.has(connection)) return;
    connection.send(frame(MESSAGE_ACK, (e) => encoding.writeVarUint8Array(e, vector)));
  }

  private isConnection(origin: unknown): origin is ChatConnection {
    return typeof origin === 'object' && origin !== null && this.connections.has(origin as ChatConnection);
  }
}

interface AwarenessChange {
  added: number[];
  updated: number[];
  removed: number[];
}
