import type { Redis } from 'ioredis';

/** Who has a chat open, across processes: the "support replied" e-mail goes only to the absent. */
export interface ChatPresence {
  add(ticketId: string, userId: string, connectionId: string): Promise<void>;
  remove(ticketId: string, userId: string, connectionId: string): Promise<void>;
  isOnline(ticketId: string, userId: string): Promise<boolean>;
  /** Re-announces live connections (Redis entries expire when a process dies). */
  refresh(live: Iterable<{ ticketId: string; userId: string; connectionId: string }>): Promise<void>;
}

export const PRESENCE_TTL_MS = 90_000;
export const PRESENCE_REFRESH_MS = 30_000;

export function localPresence(): ChatPresence {
  const open = new Map<string, Set<string>>();
  const key = (t: string, u: string) => `${t}:${u}`;
  return {
    async add(t, u, c) {
      const set = open.get(key(t, u)) ?? new Set();
      set.add(c);
      open.set(key(t, u), set);
    },
    async remove(t, u, c) {
      const set = open.get(key(t, u));
      set?.delete(c);
      if (set?.size === 0) open.delete(key(t, u));
    },
    async isOnline(t, u) {
      return (open.get(key(t, u))?.size ?? 0) > 0;
    },
    async refresh() {},
  };
}

/** A sorted set per (ticket, user) of connection ids scored by expiry time. */
export function redisPresence(redis: Redis): ChatPresence {
  const key = (t: string, u: string) => `chat:presence:${t}:${u}`;
  const announce = (t: string, u: string, c: string) =>
    redis
      .multi()
      .zadd(key(t, u), Date.now() + PRESENCE_TTL_MS, c)
      .pexpire(key(t, u), PRESENCE_TTL_MS)
      .exec();
  return {
    async add(t, u, c) {
      await announce(t, u, c);
    },
    async remove(t, u, c) {
      await redis.zrem(key(t, u), c);
    },
    async isOnline(t, u) {
      return (await redis.zcount(key(t, u), Date.now(), '+inf')) > 0;
    },
    async refresh(live) {
      await Promise.all(
        [...live].map(({ ticketId, userId, connectionId }) => announce(ticketId, userId, connectionId)),
      );
    },
  };
}
