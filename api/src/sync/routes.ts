import type { SyncChangeDto } from '@ecu/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import { badRequest } from '../http/app-error';
import type { AppEnv } from '../http/context';
import { envelopeAround } from '../http/envelope';
import { callerIn, type HotRoute, honoHandler } from '../http/hot-lane';
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

/**
 * GET /api/sync?cursor=: what changed for the caller since the cursor. `resync: true` says the
 * cursor was older than the feed (an installed client's numeric cursor, or one before the
 * pruned part): the answer starts from the beginning and the device rebuilds its copy.
 */
export const syncRoute: HotRoute = {
  path: '/api/sync',
  gate: {},
  async handle(input, { db }) {
    const { query, header } = input;
    const parsed = parseCursor(parseWith(syncQuery, query).cursor);
    if (parsed.kind === 'invalid')
      throw badRequest(CURSOR_MESSAGE, [{ path: 'cursor', message: CURSOR_MESSAGE }]);
    const userId = callerIn(input).id;
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
    const idsByEntity = new Map<string, string[]>();
    for (const row of latest.values()) {
      const ids = idsByEntity.get(row.entity);
      if (ids) ids.push(row.entityId);
      else idsByEntity.set(row.entity, [row.entityId]);
    }
    // Each entity's rows in one statement, the entities side by side, as JSON text.
    const loaded = new Map(
      await Promise.all(
        [...idsByEntity].map(async ([entity, ids]) => {
          const loader = SYNC_LOADERS[entity];
          return [entity, loader ? await loader(db, ids) : new Map<string, string>()] as const;
        }),
      ),
    );
    // The answer is written around the loaders' JSON, which is never parsed here: the shape is
    // SyncChange's (docs/decisions/045-sync-json-in-sql.md). Each change is encoded to bytes on
    // its own and the bytes joined once: joining the text of a page of 1,000 tickets took V8
    // 2-3 ms, Buffer.concat a few tenths (docs/decisions/052-fewer-copies.md).
    const [open, close] = envelopeAround('Changes', { nextCursor });
    const pieces = [Buffer.from(`${open}{"changes":[`)];
    for (const row of latest.values()) {
      if (!(row.entity in SYNC_LOADERS)) continue;
      const value = loaded.get(row.entity)?.get(row.entityId);
      const head = `${pieces.length > 1 ? ',' : ''}{"entity":${JSON.stringify(row.entity)},"id":${JSON.stringify(row.entityId)}`;
      pieces.push(
        Buffer.from(
          row.deleted || value === undefined
            ? `${head},"deleted":true,"value":null}`
            : `${head},"deleted":false,"value":${value}}`,
        ),
      );
    }
    const end = `],"cursor":${JSON.stringify(nextCursor)},"hasMore":${hasMore},"resync":${resync}}${close}`;
    pieces.push(Buffer.from(end));
    return jsonAnswer(Buffer.concat(pieces), header('accept-encoding'));
  },
};

/** GET /api/sync through Hono (the request edge answers it first: api/src/http/hot-lane.ts). */
export function syncRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/', honoHandler(syncRoute));
  return app;
}
