import { and, eq, lt } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../app/context';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { badRequest, conflict } from './app-error';

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
export const IDEMPOTENCY_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Commands from the offline outbox carry an Idempotency-Key. The first call with a key runs
 * and its answer is kept; a replay of the key gets that same answer without running again.
 * A 5xx is not kept, so the client may retry it.
 */
export function idempotent(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    const user = c.var.user;
    if (!key || !user) return next();
    if (!KEY_PATTERN.test(key)) throw badRequest('Idempotency-Key must be 8 to 128 letters, digits, - or _');
    const { db } = c.var.deps;
    const where = and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key));

    const claimed = await db
      .insert(idempotencyKeys)
      .values({ userId: user.id, key, method: c.req.method, path: c.req.path })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) {
      const [seen] = await db.select().from(idempotencyKeys).where(where);
      if (!seen || seen.method !== c.req.method || seen.path !== c.req.path) {
        throw conflict('This Idempotency-Key was used for another request');
      }
      if (seen.status === null) throw conflict('The same request is still being processed');
      c.header('Idempotent-Replay', 'true');
      return c.json(seen.body as object, seen.status as ContentfulStatusCode);
    }

    // Hono turns a thrown error into the response before it gets here, so 4xx answers are
    // kept like any other; only a 5xx (or a non-JSON answer) frees the key for a retry.
    await next();
    if (c.res.status >= 500 || !c.res.headers.get('content-type')?.includes('json')) {
      await db.delete(idempotencyKeys).where(where);
      return;
    }
    try {
      const body = await c.res.clone().json();
      await db.update(idempotencyKeys).set({ status: c.res.status, body }).where(where);
    } catch (err) {
      // An answer that cannot be kept is not replayed: free the key rather than leave it
      // 'still being processed' for a week. The answer itself has already been made.
      c.var.deps.logger.warn('idempotency answer not kept', { key, error: String(err) });
      await db.delete(idempotencyKeys).where(where);
    }
  };
}

export async function pruneIdempotencyKeys(db: Db, now = Date.now()): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_TTL_MS)));
}
