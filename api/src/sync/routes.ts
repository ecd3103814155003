import type { SyncChangeDto, SyncEntity, SyncPageDto } from '@ecu/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import { currentUser, requireAccount } from '../accounts';
import { badRequest } from '../http/app-error';
import type { AppEnv } from '../http/context';
import { okText } from '../http/envelope';
import { parseWith } from '../http/validate';
import { jsonAnswer } from './compress';
import { encodeCursor, FEED_START, parseCursor } from './cursor';
import { type FeedRow, isBehindPruned, settledFeedAfter } from './feed';
import { SYNC_LOADERS } from './loaders';

/**
 * Changes per page. A new device's first sync of 1,000 tickets is one page; a page of tickets
 * is about 1 MB of JSON before gzip (docs/decisions/028-sync-speed.md).
 */
export const SYNC_PAGE_SIZE = 2_000;

const CURSOR_MESSAGE = 'cursor must come from an earlier sync';
const syncQuery = z.object({ cursor: z.string().optional() });

/** One change of the answer (the wire type, shared with the web's sync engine). */
export type SyncChange = SyncChangeDto;

/** Whether the feed's entity is one this server loads (a change of another kind is left out). */
const isSyncEntity = (entity: string): entity is SyncEntity => Object.hasOwn(SYNC_LOADERS, entity);

/**
 * GET /api/sync?cursor=: what changed for the caller since the cursor. `resync: true` says the
 * cursor was older than the feed (an installed client's numeric cursor, or one before the
 * pruned part): the answer starts from the beginning and the device rebuilds its copy.
 */
export function syncRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/', requireAccount(), async (c) => {
    const { db } = c.var.deps;
    const parsed = parseCursor(parseWith(syncQuery, c.req.query()).cursor);
    if (parsed.kind === 'invalid')
      throw badRequest(CURSOR_MESSAGE, [{ path: 'cursor', message: CURSOR_MESSAGE }]);
    const userId = currentUser(c).id;
    const resync =
      parsed.kind === 'legacy' || (parsed.kind === 'position' && (await isBehindPruned(db, parsed.position)));
    const from = parsed.kind === 'position' && !resync ? parsed.position : FEED_START;
    const rows = await settledFeedAfter(db, userId, from, SYNC_PAGE_SIZE + 1);
    const hasMore = rows.length > SYNC_PAGE_SIZE;
    const page = rows.slice(0, SYNC_PAGE_SIZE);
    const last = page.at(-1);
    const nextCursor = encodeCursor(last ? { tx: last.tx, seq: last.seq } : from);

    // The same row may change many times in a page: send its latest state once, in the
    // place of that latest change.
    const latest = new Map<string, FeedRow>();
    for (const row of page) {
      const key = `${row.entity}:${row.entityId}`;
      latest.delete(key);
      latest.set(key, row);
    }
    const idsByEntity = new Map<SyncEntity, string[]>();
    for (const row of latest.values()) {
      if (!isSyncEntity(row.entity)) continue;
      const ids = idsByEntity.get(row.entity);
      if (ids) ids.push(row.entityId);
      else idsByEntity.set(row.entity, [row.entityId]);
    }
    // Each entity's rows in one statement, the entities side by side.
    const loaded = new Map<SyncEntity, Map<string, SyncChange['value']>>(
      await Promise.all(
        [...idsByEntity].map(async ([entity, ids]) => [entity, await SYNC_LOADERS[entity](db, ids)] as const),
      ),
    );
    const changes: SyncChange[] = [];
    for (const row of latest.values()) {
      if (!isSyncEntity(row.entity)) continue;
      const value = loaded.get(row.entity)?.get(row.entityId);
      // The value is the loader's of row.entity: a pairing TypeScript cannot follow through the map.
      changes.push(
        (row.deleted || value === undefined
          ? { entity: row.entity, id: row.entityId, deleted: true, value: null }
          : { entity: row.entity, id: row.entityId, deleted: false, value }) as SyncChange,
      );
    }
    const data: SyncPageDto = { changes, cursor: nextCursor, hasMore, resync };
    const answer = await jsonAnswer(okText('Changes', data, { nextCursor }), c.req.header('accept-encoding'));
    return c.body(answer.body, 200, answer.headers);
  });
  return app;
}
