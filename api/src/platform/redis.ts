import type { Redis, RedisOptions } from 'ioredis';
import type { Logger } from './logger';

/**
 * The ioredis settings of every connection (docs/decisions/072-redis-outage.md): without
 * Redis a command fails at once instead of waiting in a queue for a reconnect, one that gets
 * no answer fails after a second, and a lost connection is tried again every 0.1-1 s, so the
 * callers' fallbacks answer promptly and Redis is used again within a second of its return.
 */
export const REDIS_OPTIONS = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  commandTimeout: 1_000,
  connectTimeout: 2_000,
  retryStrategy: (times: number) => Math.min(times * 100, 1_000),
} satisfies RedisOptions;

/** How long a start waits for Redis before serving without it (the fallbacks take over). */
const START_WAIT_MS = 3_000;

/**
 * Connects to REDIS_URL and says in the log when Redis goes away and when it is back: once
 * per outage, not once per failed command (ioredis reports every failed reconnect).
 */
export async function connectRedis(url: string, logger: Logger): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, REDIS_OPTIONS);
  let down = false;
  const lost = (why: string) => {
    if (down) return;
    down = true;
    logger.warn(`Redis is unreachable (${why}): rate limits count in the database and chats wait for it`);
  };
  // A lost connection says 'reconnecting' (not on a disconnect asked for), and a failed
  // reconnect 'error', on every try.
  redis.on('error', (err: Error) => lost(err.message));
  redis.on('reconnecting', () => lost('the connection closed'));
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    logger.info('Redis is reachable again');
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, START_WAIT_MS);
    function done() {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    }
    redis.once('ready', done);
  });
  return redis;
}

/** Whether commands on this connection can be answered now. */
export function redisReady(redis: Redis): boolean {
  return redis.status === 'ready';
}
