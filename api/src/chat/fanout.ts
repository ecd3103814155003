import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export type FanoutKind = 'update' | 'awareness';
type Listener = (kind: FanoutKind, payload: Uint8Array) => void;

/** Carries a room's updates and awareness between API processes (docs/decisions/022-chat-on-yjs.md). */
export interface ChatFanout {
  /** Resolves once messages on the room's channel reach `listener`. */
  subscribe(ticketId: string, listener: Listener): Promise<void>;
  unsubscribe(ticketId: string): Promise<void>;
  publish(ticketId: string, kind: FanoutKind, payload: Uint8Array): void;
  close(): Promise<void>;
}

const KINDS: FanoutKind[] = ['update', 'awareness'];
const channelOf = (ticketId: string) => `chat:${ticketId}`;

/** One process: nothing to carry. */
export const localFanout = (): ChatFanout => ({
  subscribe: async () => {},
  unsubscribe: async () => {},
  publish: () => {},
  close: async () => {},
});

/**
 * Redis pub/sub: one subscriber connection per process, one channel per loaded room. A
 * message is [kind byte][16-byte process id][payload]; a process ignores its own.
 */
export function redisFanout(redis: Redis, onError: (err: unknown) => void): ChatFanout {
  const me = randomBytes(16);
  const subscriber = redis.duplicate();
  const listeners = new Map<string, Listener>();
  subscriber.on('error', onError);
  subscriber.on('messageBuffer', (channel: Buffer, message: Buffer) => {
    const listener = listeners.get(channel.toString());
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
    async close() {
      listeners.clear();
      subscriber.disconnect();
    },
  };
}
