import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export type FanoutKind = 'update' | 'awareness';
type Listener = (kind: FanoutKind, payload: Uint8Array) => void;
type AccountListener = (userId: string) => void;

/** Carries a room's updates and awareness between API processes (docs/decisions/022-chat-on-yjs.md). */
export interface ChatFanout {
  /** Resolves once messages on the room's channel reach `listener`. */
  subscribe(ticketId: string, listener: Listener): Promise<void>;
  unsubscribe(ticketId: string): Promise<void>;
  publish(ticketId: string, kind: FanoutKind, payload: Uint8Array): void;
  /** Resolves once every process's announcements of changed accounts reach `listener`. */
  onAccountChange(listener: AccountListener): Promise<void>;
  /**
   * Tells every process, this one included, that an account changed (role, disabled,
   * deleted): each re-reads it for its sockets. Resolves once sent; never rejects.
   */
  announceAccountChange(userId: string): Promise<void>;
  close(): Promise<void>;
}

const KINDS: FanoutKind[] = ['update', 'awareness'];
const channelOf = (ticketId: string) => `chat:${ticketId}`;
/** Not a ticket id (those are UUIDs), so it never meets a room's channel. */
const ACCOUNTS_CHANNEL = 'chat:accounts';

/** One process: nothing to carry. */
export function localFanout(): ChatFanout {
  const accountListeners = new Set<AccountListener>();
  return {
    subscribe: async () => {},
    unsubscribe: async () => {},
    publish: () => {},
    async onAccountChange(listener) {
      accountListeners.add(listener);
    },
    async announceAccountChange(userId) {
      for (const listener of accountListeners) listener(userId);
    },
    close: async () => {
      accountListeners.clear();
    },
  };
}

/**
 * Redis pub/sub: one subscriber connection per process, one channel per loaded room. A
 * message is [kind byte][16-byte process id][payload]; a process ignores its own.
 */
export function redisFanout(redis: Redis, onError: (err: unknown) => void): ChatFanout {
  const me = randomBytes(16);
  const subscriber = redis.duplicate();
  const listeners = new Map<string, Listener>();
  const accountListeners = new Set<AccountListener>();
  subscriber.on('error', onError);
  subscriber.on('messageBuffer', (channel: Buffer, message: Buffer) => {
    const name = channel.toString();
    if (name === ACCOUNTS_CHANNEL) {
      // Heard by the announcing process too: every process, this one included, acts on
      // what came through Redis, so one path closes the sockets everywhere.
      const userId = message.toString();
      for (const listener of accountListeners) listener(userId);
      return;
    }
    const listener = listeners.get(name);
    if (!listener || message.length < 17 || me.equals(message.subarray(1, 17))) return;
    const kind = KINDS[message[0] ?? 255];
    if (kind) listener(kind, new Uint8Array(message.subarray(17)));
  });
  return {
    async subscribe(ticketId, listener) {
      listeners.set(channelOf(ticketId), listener);
      await subscriber.subscribe(channelOf(ticketId));
    },
    async unsubscribe(ticketId) {
      listeners.delete(channelOf(ticketId));
      await subscriber.unsubscribe(channelOf(ticketId));
    },
    publish(ticketId, kind, payload) {
      const message = Buffer.concat([Buffer.from([KINDS.indexOf(kind)]), me, payload]);
      redis.publish(channelOf(ticketId), message).catch(onError);
    },
    async onAccountChange(listener) {
      accountListeners.add(listener);
      await subscriber.subscribe(ACCOUNTS_CHANNEL);
    },
    async announceAccountChange(userId) {
      await redis.publish(ACCOUNTS_CHANNEL, userId).then(() => {}, onError);
    },
    async close() {
      listeners.clear();
      accountListeners.clear();
      subscriber.disconnect();
    },
  };
}
