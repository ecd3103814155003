import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client';
import type { Logger } from './logger';

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Fixed-window counters shared by every API process (PostgreSQL or Redis, never memory). */
export interface RateLimitStore {
  hit(key: string, windowSeconds: number, limit: number): Promise<RateLimitResult>;
  /** Takes one hit back within the current window (an attempt that turned out legitimate). */
  release(key: string): Promise<void>;
}

export function databaseRateLimitStore(db: Db): RateLimitStore {
  return {
    async hit(key, windowSeconds, limit) {
      // One statement: start a new window when the old one has passed, else count up.
      const rows = await db.execute<{ count: number; reset_at: string | Date }>(sql`
        insert into rate_limits (key, count, reset_at)
        values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now()
            then now() + make_interval(secs => ${windowSeconds}) else rate_limits.reset_at end
        returning count, reset_at`);
      const row = (Array.isArray(rows) ? rows[0] : (rows as { rows: unknown[] }).rows[0]) as
        | { count: number; reset_at: string | Date }
        | undefined;
      const count = Number(row?.count ?? 1);
      const resetAt = new Date(row?.reset_at ?? Date.now()).getTime();
      return {
        allowed: count <= limit,
        retryAfterSeconds: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)),
      };
    },
    async release(key) {
      await db.execute(sql`
        update rate_limits set count = greatest(count - 1, 0)
        where key = ${key} and reset_at > now()`);
    },
  };
}

export function redisRateLimitStore(redis: Redis): RateLimitStore {
  return {
    async hit(key, windowSeconds, limit) {
      const k = `rl:${key}`;
      // One MULTI: the window's expiry is set when the key is created, so a crash between
      // calls can never leave a counter without an expiry (a lock-out for ever).
      const replies = (await redis
        .multi()
        .set(k, 0, 'PX', windowSeconds * 1000, 'NX')
        .incr(k)
        .pttl(k)
        .exec()) as [Error | null, unknown][];
      const count = Number(replies[1]?.[1]);
      const ttlMs = Math.max(0, Number(replies[2]?.[1]));
      return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) };
    },
    async release(key) {
      // Only a live window is counted down (never below 0), keeping its expiry.
      await redis.eval(
        "if (tonumber(redis.call('GET', KEYS[1]) or '0') > 0) then return redis.call('DECR', KEYS[1]) end return 0",
        1,
        `rl:${key}`,
      );
    },
  };
}

/** After a call timed out (a Redis that hangs), the fallback's time before Redis is tried again. */
export const FAILOVER_RETRY_MS = 5_000;

/**
 * Redis's counters while Redis answers, the database's while it does not (docs/decisions/072-redis-outage.md):
 * a sign-in never fails or waits for Redis. The switch each way is said in the log once. A
 * window begun on one store goes on from zero on the other: for the minutes of an outage a
 * limit may let through up to twice its count, which the database's counters still bound.
 * When a call times out (Redis hangs with its connection up: each call would wait for the
 * timeout), Redis is tried again only after FAILOVER_RETRY_MS.
 */
export function failoverRateLimitStore(
  primary: RateLimitStore,
  fallback: RateLimitStore,
  options: { available(): boolean; logger: Logger; retryMs?: number },
): RateLimitStore {
  const retryMs = options.retryMs ?? FAILOVER_RETRY_MS;
  let onFallback = false;
  let retryAt = 0;
  const toFallback = (err?: unknown) => {
    if (onFallback) return;
    onFallback = true;
    const why = err instanceof Error ? ` (${err.message})` : '';
    options.logger.warn(`Rate limits count in the database until Redis answers again${why}`);
  };
  const use = async <T>(call: (store: RateLimitStore) => Promise<T>): Promise<T> => {
    if (!options.available()) {
      retryAt = 0;
      toFallback();
    } else if (Date.now() >= retryAt) {
      try {
        const result = await call(primary);
        if (onFallback) {
          onFallback = false;
          options.logger.info('Rate limits count in Redis again');
        }
        return result;
      } catch (err) {
        // ioredis's commandTimeout error: the connection is up but Redis does not answer.
        if (err instanceof Error && err.message === 'Command timed out') retryAt = Date.now() + retryMs;
        toFallback(err);
      }
    }
    return call(fallback);
  };
  return {
    hit: (key, windowSeconds, limit) => use((store) => store.hit(key, windowSeconds, limit)),
    release: (key) => use((store) => store.release(key)),
  };
}
