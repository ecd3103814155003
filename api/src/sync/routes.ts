import { and, asc, eq, gt } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { currentUser, requireAccount } from '../accounts/gates';
import type { AppEnv } from '../app/context';
import { changes } from '../db/schema';
import { parseWith } from '../http/validate';
import { SYNC_LOADERS } from './loaders';

export const SYNC_PAGE_SIZE = 500;

const syncQuery = z.object({
  cursor: z
    .string()
    .regex(/^\d{0,18}$/, 'cursor must be a number from an earlier sync')
    .optional()
    .transform((v) => Number(v || 0)),
});

export interface SyncChange {
  entity: string;
  id: string;
  deleted: boolean;
  value: unknown;
}

/** GET /api/sync?cursor=: what changed for the caller since the cursor (DECISIONS section 4). */
export function syncRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/', requireAccount(), async (c) => {
    const { cursor } = parseWith(syncQuery, c.req.query());
    const { db } = c.var.deps;
    const user = currentUser(c);
    const rows = await db
      .select()
      .from(changes)
      .where(and(eq(changes.userId, user.id), gt(changes.seq, cursor)))
      .orderBy(asc(changes.seq))
      .limit(SYNC_PAGE_SIZE + 1);
    const hasMore = rows.length > SYNC_PAGE_SIZE;
    const page = rows.slice(0, SYNC_PAGE_SIZE);
    const nextCursor = String(page.at(-1)?.seq ?? cursor);

    // The same row may change many times in a page: send its latest state once.
    const latest = new Map<string, (typeof page)[number]>();
    for (const row of page) latest.set(`${row.entity}:${row.entityId}`, row);
    const idsByEntity = new Map<string, string[]>();
    for (const row of latest.values()) {
      idsByEntity.set(row.entity, [...(idsByEntity.get(row.entity) ?? []), row.entityId]);
    }
    const values = new Map<string, unknown>();
    for (const [entity, ids] of idsByEntity) {
      const loader = SYNC_LOADERS[entity];
      if (!loader) continue;
      for (const [id, value] of await loader(db, ids)) values.set(`${entity}:${id}`, value);
    }
    const out: SyncChange[] = [...latest.values()]
      .sort((a, b) => a.seq - b.seq)
      .map((row) => {
        const value = values.get(`${row.entity}:${row.entityId}`);
        return {
          entity: row.entity,
          id: row.entityId,
          deleted: row.deleted || value === undefined,
          value: value ?? null,
        };
      })
      .filter((change) => change.entity in SYNC_LOADERS);
    return c.json({
      success: true,
      message: 'Changes',
      data: { changes: out, cursor: nextCursor, hasMore },
      nextCursor,
    });
  });
  return app;
}
