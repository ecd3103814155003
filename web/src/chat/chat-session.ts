import { appendChatMessage } from '@ecu/shared/chat/doc';
import { retryAfterOf } from '@ecu/shared/chat/limits';
import type { ChatAttachment, ChatMessage } from '@ecu/shared/chat/message';
import { CHAT_CLOSE, MESSAGE_ACK, MESSAGE_READ } from '@ecu/shared/chat/protocol';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import { browserOnline } from '../local/connectivity';
import { mergeVectors, movedClients } from './delivery';
import { OpenTimeout, Reconnector, realTimers, type Timers } from './reconnect';
import { attachProvider, type ChatRoom, clearRoom, heldCount, openRoom, saveKnown, unreadNow } from './room';
import { type ChatConnection, type ChatSnapshot, LOADING_SNAPSHOT, snapshotOf } from './snapshot';
import type { ChatUser } from './typing';

export interface ChatSessionOptions {
  ticketNumber: number;
  user: ChatUser;
  /** ws(s)://host/api/chat; the room name (the ticket number) is added to it. */
  serverUrl: string;
  /** A 4400 or 4413 close: the local copy was dropped and is synced afresh. */
  onRefused?: (code: number) => void;
  /**
   * A 4429 close: too many messages this minute. What is pending stays, and is sent when
   * the socket comes back after `seconds`.
   */
  onLimited?: (seconds: number) => void;
  WebSocketImpl?: typeof WebSocket;
  timers?: Timers;
  reconnectDelayOf?: (attempt: number) => number;
  openTimeoutMs?: number;
  /** Where 'online' and 'offline' are heard (the window in a browser). */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
  isOnline?: () => boolean;
}

/**
 * One open ticket chat: its Y.Doc kept in IndexedDB, the socket to the server once that copy
 * has loaded, our own reconnect schedule, acks, read reports and awareness
 * (docs/decisions/022-chat-on-yjs.md). The UI reads `getSnapshot()` after `subscribe` calls.
 */
export class ChatSession {
  private room: ChatRoom | null = null;
  private stopped = false;
  private forbidden = false;
  private connection: ChatConnection = 'connecting';
  private visible = false;
  private snapshot: ChatSnapshot = LOADING_SNAPSHOT;
  private dirty = true;
  private readonly listeners = new Set<() => void>();
  private readonly reconnector: Reconnector;
  private readonly openTimeout: OpenTimeout;
  private readonly isOnline: () => boolean;
  private readonly events: ChatSessionOptions['events'];

  constructor(private readonly options: ChatSessionOptions) {
    const timers = options.timers ?? realTimers;
    this.reconnector = new Reconnector(() => this.connect(), timers, options.reconnectDelayOf);
    this.openTimeout = new OpenTimeout(() => this.giveUpOpening(), timers, options.openTimeoutMs);
    this.isOnline = options.isOnline ?? browserOnline;
    this.events = options.events === undefined ? (globalThis.window ?? null) : options.events;
  }

  start(): void {
    this.events?.addEventListener('online', this.onOnline);
    this.events?.addEventListener('offline', this.onOffline);
    void this.open();
  }

  stop(): void {
    this.stopped = true;
    this.events?.removeEventListener('online', this.onOnline);
    this.events?.removeEventListener('offline', this.onOffline);
    this.reconnector.cancel();
    this.openTimeout.disarm();
    this.closeRoom(this.room);
    this.room = null;
    this.listeners.clear();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ChatSnapshot => {
    if (this.dirty) {
      this.snapshot = this.build();
      this.dirty = false;
    }
    return this.snapshot;
  };

  /** Writes a message; it shows as pending until the server acknowledges it. */
  send(text: string, attachments?: ChatAttachment[]): ChatMessage | null {
    const room = this.room;
    if (!room || this.forbidden) return null;
    const message: ChatMessage = {
      id: crypto.randomUUID(),
      senderId: this.options.user.id,
      text,
      time: Date.now(),
      ...(attachments && attachments.length > 0 ? { attachments } : {}),
    };
    appendChatMessage(room.doc, message);
    return message;
  }

  setTyping(typing: boolean): void {
    const awareness = this.room?.provider?.awareness;
    if (awareness && awareness.getLocalState()?.typing !== typing)
      awareness.setLocalStateField('typing', typing);
  }

  /** The panel is on screen: what arrives counts as seen (MESSAGE_READ). */
  setVisible(visible: boolean): void {
    this.visible = visible;
    this.reportRead();
  }

  private emit(): void {
    this.dirty = true;
    for (const listener of [...this.listeners]) listener();
  }

  private async open(): Promise<void> {
    const { ticketNumber, user } = this.options;
    const room = await openRoom(ticketNumber, user.id);
    if (this.stopped) {
      this.closeRoom(room);
      return;
    }
    this.room = room;
    room.openUnread = unreadNow(room, user.id);
    room.doc.on('afterTransaction', (tr) => this.afterTransaction(room, tr));
    const provider = attachProvider(room, this.options);
    provider.awareness.on('change', () => this.emit());
    provider.messageHandlers[MESSAGE_ACK] = (_encoder, decoder) => {
      this.learn(room, Y.decodeStateVector(decoding.readVarUint8Array(decoder)));
    };
    provider.on('status', ({ status }) => {
      if (status === 'connecting') this.openTimeout.arm();
      if (status === 'connected') {
        this.openTimeout.disarm();
        this.setConnection('connected');
      }
    });
    provider.on('sync', (synced) => this.onSync(room, synced));
    provider.on('connection-close', (event) => this.onClose(room, event?.code, event?.reason));
    this.emit();
    if (this.isOnline()) this.connect();
    else this.setConnection('offline');
  }

  private connect(): void {
    const provider = this.room?.provider;
    if (this.stopped || this.forbidden || !provider || provider.ws) return;
    provider.connect();
  }

  private onSync(room: ChatRoom, synced: boolean): void {
    room.synced = synced;
    if (synced) {
      this.reconnector.reset();
      if (!room.unreadFrozen) {
        room.openUnread = unreadNow(room, this.options.user.id);
        room.unreadFrozen = true;
      }
      // After every (re)connect the reader's position is told again.
      room.lastRead = -1;
      this.reportRead();
    }
    this.emit();
  }

  private onClose(room: ChatRoom, code: number | undefined, reason?: string): void {
    // y-websocket's own reconnect is switched off: the schedule is ours.
    if (room.provider) room.provider.shouldConnect = false;
    this.openTimeout.disarm();
    room.synced = false;
    if (this.stopped || this.room !== room) return;
    if (code === CHAT_CLOSE.refusedUpdate || code === CHAT_CLOSE.chatFull) {
      void this.resync(room, code);
    } else if (code === CHAT_CLOSE.tooManyMessages) {
      const seconds = retryAfterOf(reason);
      this.setConnection('reconnecting');
      this.options.onLimited?.(seconds);
      this.reconnector.after(seconds * 1000);
    } else if (code === CHAT_CLOSE.forbidden) {
      this.forbidden = true;
      this.reconnector.cancel();
      this.emit();
    } else if (!this.isOnline()) {
      this.setConnection('offline');
    } else {
      this.setConnection('reconnecting');
      this.reconnector.schedule();
    }
  }

  /** The server refused an update: drop this copy (and its database) and sync afresh. */
  private async resync(room: ChatRoom, code: number): Promise<void> {
    this.room = null;
    this.reconnector.cancel();
    this.setConnection('connecting');
    this.closeRoom(room);
    await clearRoom(room);
    this.options.onRefused?.(code);
    if (!this.stopped) await this.open();
  }

  private giveUpOpening(): void {
    const provider = this.room?.provider;
    // disconnect() reports the close (without a code) and the schedule takes over.
    if (provider?.ws && !provider.wsconnected) provider.disconnect();
  }

  private onOnline = (): void => {
    if (this.stopped || this.forbidden || !this.room?.provider || this.room.provider.wsconnected) return;
    this.setConnection('connecting');
    this.reconnector.now();
  };

  private onOffline = (): void => {
    this.reconnector.cancel();
    this.setConnection('offline');
    const provider = this.room?.provider;
    if (provider?.ws) provider.disconnect();
  };

  private setConnection(connection: ChatConnection): void {
    if (this.connection === connection) return;
    this.connection = connection;
    this.emit();
  }

  private afterTransaction(room: ChatRoom, tr: Y.Transaction): void {
    // What the server sent it holds (see ./delivery.ts).
    if (room.provider && tr.origin === room.provider)
      this.learn(room, movedClients(tr.beforeState, tr.afterState));
    this.reportRead();
    this.emit();
  }

  private learn(room: ChatRoom, vector: Map<number, number>): void {
    const merged = mergeVectors(room.known, vector);
    if (!merged) return;
    room.known = merged;
    saveKnown(room);
    this.reportRead();
    this.emit();
  }

  private reportRead(): void {
    const room = this.room;
    const ws = room?.provider?.ws;
    if (!room || !this.visible || !room.synced || !ws || !room.provider?.wsconnected) return;
    const count = heldCount(room);
    if (count <= room.lastRead || count === 0) return;
    room.lastRead = count;
    ws.send(readMessage(count));
  }

  private closeRoom(room: ChatRoom | null): void {
    if (!room) return;
    const awareness = room.provider?.awareness;
    room.provider?.destroy();
    awareness?.destroy();
    room.provider = null;
    // Destroying the doc closes its IndexedDB copy too.
    room.doc.destroy();
  }

  private build(): ChatSnapshot {
    if (this.forbidden) return { ...LOADING_SNAPSHOT, phase: 'forbidden' };
    if (!this.room) return { ...LOADING_SNAPSHOT, connection: this.connection };
    return snapshotOf(this.room, this.options.user.id, this.connection);
  }
}

/** MESSAGE_READ: how many messages of the chat this reader has seen. */
function readMessage(count: number): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_READ);
  encoding.writeVarUint(encoder, count);
  return encoding.toUint8Array(encoder);
}
