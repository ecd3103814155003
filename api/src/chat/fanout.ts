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
  /** Whether what this process publishes reaches the others now. */
  available(): boolean;
  /**
   * Calls `listener` each time the other processes stop being reachable (Redis went away):
   * what is published meanwhile is lost to them (docs/decisions/072-redis-outage.md).
   */
  onLost(listener: () => void): void;
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
    available: () => true,
    onLost: () => {},
    close: async () => {
      accountListeners.clear();
    },
  };
}

/**
 * Redis pub/sub: one subscriber connection per process, one channel per loaded room. A
 * message is [kind byte][16-byte process id][payload]; a process ignores its own. The
 * channels are subscribed again on every (re)connect; while Redis is away `available()` is
 * false and the chat sends its clients to reconnect (docs/decisions/072-redis-outage.md).
 */
export function redisFanout(redis: Redis, onError: (err: unknown) => void): ChatFanout {
  const me = randomBytes(16);
  // The channels are this module's to subscribe again (see 'ready' below), not ioredis's.
  const subscriber = redis.duplicate({ autoResubscribe: false });
  const listeners = new Map<string, Listener>();
  const accountListeners = new Set<AccountListener>();
  const lostListeners = new Set<() => void>();
  let reachable = false;
  const available = () => redis.status === 'ready' && subscriber.status === 'ready';
  // A failed (re)connect is reported by the main connection's watcher (platform/redis.ts), once.
  subscriber.on('error', () => {});
  subscriber.on('ready', () => {
    const channels = [...listeners.keys()];
    if (accountListeners.size > 0) channels.push(ACCOUNTS_CHANNEL);
    if (channels.length > 0) subscriber.subscribe(...channels).catch(onError);
  });
  const check = () => {
    const now = available();
    if (reachable && !now) for (const listener of lostListeners) listener();
    reachable = now;
  };
  for (const connection of [redis, subscriber]) {
    connection.on('ready', check);
    connection.on('close', check);
  }
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
      try {
        await subscriber.subscribe(channelOf(ticketId));
      } catch (err) {
        listeners.delete(channelOf(ticketId));
        throw err;
      }
    },
    async unsubscribe(ticketId) {
      listeners.delete(channelOf(ticketId));
      await subscriber.unsubscribe(channelOf(ticketId));
    },
    publish(ticketId, kind, payload) {
      const message = Buffer.concat([Buffer.from([KINDS.indexOf(kind)]), me, payload]);
      // Without Redis the room's clients are being sent to reconnect (onLost): not an error.
      if (available()) redis.publish(channelOf(ticketId), message).catch(onError);
    },
    async onAccountChange(listener) {
      accountListeners.add(listener);
      // At start the subscriber may still be connecting: its 'ready' subscribes the channel.
      if (subscriber.status !== 'ready') await new Promise((resolve) => subscriber.once('ready', resolve));
      await subscriber.subscribe(ACCOUNTS_CHANNEL);
    },
    async announceAccountChange(userId) {
      // Without Redis no chat socket is open (onLost): each is checked afresh as it reconnects.
      if (!available()) return;
      await redis.publish(ACCOUNTS_CHANNEL, userId).then(() => {}, onError);
    },
    available,
    onLost(listener) {
      lostListeners.add(listener);
    },
    async close() {
      listeners.clear();
      accountListeners.clear();
      lostListeners.clear();
      subscriber.disconnect();
    },
  };
}
