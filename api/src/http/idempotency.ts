import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError, badRequest, conflict } from './app-error';
import type { AppEnv } from './context';

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
export const IDEMPOTENCY_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * A key still 'processing' after this long belongs to a request whose process died (a crash,
 * a deploy): the next request with the key takes it over and runs. Longer than any request
 * may take, the card provider's timeouts and retries included.
 */
export const PROCESSING_LEASE_MS = 5 * 60 * 1000;

export const OTHER_REQUEST_MESSAGE = 'This Idempotency-Key was used for another request';

/**
 * What the key's row keeps in `body`: the fingerprint of the request it was made for, the
 * token of the request running it (while processing), then the answer to replay.
 */
interface KeptRecord {
  request?: string;
  owner?: string;
  answer?: unknown;
}

/** JSON with the keys of every object sorted, so that key order is not a different request. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The request a key is bound to: method, path and body (JSON compared by value). */
export function requestFingerprint(method: string, path: string, body: string): string {
  let canonical = body;
  try {
    if (body.trim() !== '') canonical = canonicalJson(JSON.parse(body));
  } catch {
    // Not JSON, or nested too deep to walk: the bytes themselves are the request.
  }
  return createHash('sha256').update(`${method} ${path}\n${canonical}`).digest('base64url');
}

function keptRecord(body: unknown): KeptRecord {
  if (body && typeof body === 'object' && 'request' in body) return body as KeptRecord;
  // A row kept before requests were fingerprinted holds the bare answer.
  return { answer: body };
}

/**
 * Commands from the offline outbox, the checkout and the admin credit buttons carry an
 * Idempotency-Key (docs/decisions/024-money-hardening.md). The key belongs to the user and to
 * one request (method, path, body): the same key with another body is refused with 422. The
 * first call runs and its answer is kept; a replay gets that answer without running again.
 * A 5xx is not kept: the command may be retried under the same key (a payment is bound to
 * its key, so the retry continues the same payment). A key left processing by a request that
 * died is taken over after PROCESSING_LEASE_MS.
 */
export function idempotent(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    const user = c.var.user;
    if (!key || !user) return next();
    if (!KEY_PATTERN.test(key)) throw badRequest('Idempotency-Key must be 8 to 128 letters, digits, - or _');
    const { db } = c.var.deps;
    const where = and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key));
    const request = requestFingerprint(c.req.method, c.req.path, await c.req.text());
    const owner = randomUUID();
    const claim: KeptRecord = { request, owner };

    let ours = false;
    // Twice at most: a key freed (after a 5xx) between our insert and our read is claimed anew.
    for (let attempt = 0; attempt < 2 && !ours; attempt += 1) {
      const claimed = await db
        .insert(idempotencyKeys)
        .values({ userId: user.id, key, method: c.req.method, path: c.req.path, body: claim })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length > 0) {
        ours = true;
        break;
      }
      const [seen] = await db.select().from(idempotencyKeys).where(where);
      if (!seen) continue;
      const kept = keptRecord(seen.body);
      const sameRequest =
        seen.method === c.req.method &&
        seen.path === c.req.path &&
        (kept.request === undefined || kept.request === request);
      if (!sameRequest) throw new AppError('idempotency_key_reused', OTHER_REQUEST_MESSAGE);
      if (seen.status !== null) return replay(c, seen.status, kept.answer);
      ours = await takeOverAbandoned(db, where, claim);
      if (!ours) throw conflict('The same request is still being processed', 'request_in_progress');
    }
    if (!ours) throw conflict('The same request is still being processed', 'request_in_progress');

    // Hono turns a thrown error into the response before it gets here, so 4xx answers are
    // kept like any other; only a 5xx (or a non-JSON answer) frees the key for a retry.
    // Every write is conditional on our token: a request whose key was taken over meanwhile
    // neither frees nor overwrites the key of the one that took it.
    await next();
    const mine = and(where, sql`${idempotencyKeys.body}->>'owner' = ${owner}`);
    if (c.res.status >= 500 || !c.res.headers.get('content-type')?.includes('json')) {
      await db.delete(idempotencyKeys).where(mine);
      return;
    }
    try {
      const answer = await c.res.clone().json();
      await db
        .update(idempotencyKeys)
        .set({ status: c.res.status, body: { request, answer } satisfies KeptRecord })
        .where(mine);
    } catch (err) {
      // An answer that cannot be kept is not replayed: free the key rather than leave it
      // 'still being processed'. The answer itself has already been made.
      c.var.deps.logger.warn('idempotency answer not kept', { key, error: String(err) });
      await db.delete(idempotencyKeys).where(mine);
    }
  };
}

function replay(c: Context<AppEnv>, status: number, answer: unknown) {
  c.header('Idempotent-Replay', 'true');
  return c.json(answer as object, status as ContentfulStatusCode);
}

/** Claims a key whose request has been processing for longer than the lease (the database's clock). */
async function takeOverAbandoned(db: Db, where: ReturnType<typeof and>, claim: KeptRecord): Promise<boolean> {
  const taken = await db
    .update(idempotencyKeys)
    .set({ body: claim, createdAt: sql`now()` })
    .where(
      and(
        where,
        isNull(idempotencyKeys.status),
        sql`${idempotencyKeys.createdAt} < now() - ${sql.raw(`interval '${PROCESSING_LEASE_MS} milliseconds'`)}`,
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return taken.length > 0;
}

export async function pruneIdempotencyKeys(db: Db, now = Date.now()): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_TTL_MS)));
}
