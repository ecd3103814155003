import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, MemoryLocker, type RequestRelease } from '@tus/server';
import type { Redis } from 'ioredis';
import type { Sql } from 'postgres';
import type { Db } from '../db/client';
import { redisReady } from '../platform/redis';

/** How long a request waits for an upload's lock before tus answers 500 (as MemoryLocker). */
export const LOCK_WAIT_MS = 30_000;
const POLL_MS = 50;
/** A Redis lock lives this long without its holder's heartbeat (a killed process frees it). */
export const REDIS_LOCK_TTL_MS = 15_000;

/** Takes the lock of one upload if it is free: the release function, or undefined. */
type TryAcquire = (id: string) => Promise<(() => Promise<void>) | undefined>;

/**
 * tus's Locker over a lock all processes share (docs/decisions/025-files-and-local-data.md).
 * A waiter polls; when the holder is a request of this process it is asked to finish first,
 * as tus's MemoryLocker does. A holder in another process finishes its request on its own.
 */
class SharedLocker implements Locker {
  readonly holders = new Map<string, RequestRelease>();
  constructor(
    readonly tryAcquire: TryAcquire,
    readonly waitMs = LOCK_WAIT_MS,
  ) {}
  newLock(id: string): Lock {
    return new SharedLock(id, this);
  }
}

class SharedLock implements Lock {
  private release: (() => Promise<void>) | undefined;
  constructor(
    private readonly id: string,
    private readonly locker: SharedLocker,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.locker.waitMs;
    let asked = false;
    for (;;) {
      if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
      const release = await this.locker.tryAcquire(this.id);
      if (release) {
        this.release = release;
        this.locker.holders.set(this.id, requestRelease);
        return;
      }
      if (!asked) {
        asked = true;
        await this.locker.holders.get(this.id)?.();
      }
      if (Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await sleep(POLL_MS, undefined, { signal }).catch(() => {});
    }
  }

  async unlock(): Promise<void> {
    const release = this.release;
    if (!release) throw new Error('Releasing an unlocked lock!');
    this.release = undefined;
    this.locker.holders.delete(this.id);
    await release();
  }
}

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`;
const DELETE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

/** SET NX PX with a token, renewed while held, deleted only by its holder. */
export function redisLocker(redis: Redis, waitMs = LOCK_WAIT_MS): Locker {
  return new SharedLocker(async (id) => {
    const key = `tus-lock:${id}`;
    const token = randomUUID();
    if ((await redis.set(key, token, 'PX', REDIS_LOCK_TTL_MS, 'NX')) !== 'OK') return undefined;
    const renew = setInterval(() => {
      redis.eval(RENEW, 1, key, token, REDIS_LOCK_TTL_MS).catch(() => {});
    }, REDIS_LOCK_TTL_MS / 3);
    renew.unref();
    return async () => {
      clearInterval(renew);
      // Without Redis the lock lapses by itself within REDIS_LOCK_TTL_MS.
      await redis.eval(DELETE, 1, key, token).catch(() => {});
    };
  }, waitMs);
}

/** Advisory-lock class of upload locks (the first key of the two-int form). */
const UPLOAD_LOCK_CLASS = 7_302_001;
const reservedFor = new WeakMap<Sql, { held: number }>();

/**
 * pg_try_advisory_lock on a connection reserved for as long as the lock is held: the lock
 * goes with the connection if the process dies. At most half of the pool is ever reserved
 * for locks, so queries (onUploadFinish's own) never wait behind them.
 */
export function postgresLocker(sql: Sql, waitMs = LOCK_WAIT_MS): Locker {
  const count = reservedFor.get(sql) ?? { held: 0 };
  reservedFor.set(sql, count);
  const cap = Math.max(1, Math.floor((sql.options.max ?? 10) / 2));
  return new SharedLocker(async (id) => {
    if (count.held >= cap) return undefined;
    count.held += 1;
    let reserved: Awaited<ReturnType<Sql['reserve']>> | undefined;
    let ok = false;
    try {
      reserved = await sql.reserve();
      const [row] = await reserved`select pg_try_advisory_lock(${UPLOAD_LOCK_CLASS}, hashtext(${id})) as ok`;
      ok = row?.ok === true;
    } finally {
      if (!ok) {
        reserved?.release();
        count.held -= 1;
      }
    }
    const conn = reserved;
    if (!ok || !conn) return undefined;
    return async () => {
      try {
        await conn`select pg_advisory_unlock(${UPLOAD_LOCK_CLASS}, hashtext(${id}))`;
      } finally {
        conn.release();
        count.held -= 1;
      }
    };
  }, waitMs);
}

/**
 * The primary's lock while `available()`, else the fallback's (docs/decisions/072-redis-outage.md):
 * an upload goes on while Redis is away, under the database's lock. A request switches only
 * when the primary fails or is away, never while it waits for a lock another request holds.
 */
export function failoverLocker(primary: Locker, fallback: Locker, available: () => boolean): Locker {
  return {
    newLock(id) {
      const first = primary.newLock(id);
      const second = fallback.newLock(id);
      let held: Lock | undefined;
      return {
        async lock(signal, requestRelease) {
          if (available()) {
            try {
              await first.lock(signal, requestRelease);
              held = first;
              return;
            } catch (err) {
              if (err === ERRORS.ERR_LOCK_TIMEOUT || available()) throw err;
            }
          }
          await second.lock(signal, requestRelease);
          held = second;
        },
        async unlock() {
          const lock = held;
          if (!lock) throw new Error('Releasing an unlocked lock!');
          held = undefined;
          await lock.unlock();
        },
      };
    },
  };
}

/** One process's lock for a database no other process can open (PGlite). */
const memoryLockers = new WeakMap<object, Locker>();

/**
 * The upload lock of this deployment: Redis when REDIS_URL is set (the database's below while
 * Redis is away), else PostgreSQL's advisory locks; on PGlite (one process) tus's
 * MemoryLocker, one per database.
 */
export function uploadLocker(deps: { db: Db; redis?: Redis }): Locker {
  const { redis } = deps;
  if (redis) return failoverLocker(redisLocker(redis), databaseLocker(deps.db), () => redisReady(redis));
  return databaseLocker(deps.db);
}

function databaseLocker(db: Db): Locker {
  const client = (db as unknown as { $client?: Sql }).$client;
  if (client && typeof client.reserve === 'function') return postgresLocker(client);
  let memory = memoryLockers.get(db);
  if (!memory) {
    memory = new MemoryLocker({ acquireLockTimeout: LOCK_WAIT_MS });
    memoryLockers.set(db, memory);
  }
  return memory;
}
