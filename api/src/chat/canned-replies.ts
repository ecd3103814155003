import {
  CANNED_REPLIES_MAX,
  type CannedReplyDto,
  cannedReplyIdSchema,
  cannedReplySchema,
} from '@ecu/shared/chat/canned-replies';
import { asLocale } from '@ecu/shared/i18n/locales';
import { asc, count, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { currentUser } from '../accounts';
import type { Db } from '../db/client';
import { cannedReplies } from '../db/schema';
import { conflict, notFound } from '../http/app-error';
import type { AppEnv } from '../http/context';
import { ok } from '../http/envelope';
import { jsonBody } from '../http/validate';

const NOT_FOUND = 'No such canned reply';

const columns = {
  id: cannedReplies.id,
  title: cannedReplies.title,
  body: cannedReplies.body,
  locale: cannedReplies.locale,
  updatedAt: cannedReplies.updatedAt,
};

function toDto(row: {
  id: string;
  title: string;
  body: string;
  locale: string | null;
  updatedAt: Date;
}): CannedReplyDto {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    locale: row.locale === null ? null : asLocale(row.locale),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every canned reply, by title, then language: the desk's list is short (CANNED_REPLIES_MAX). */
async function listReplies(db: Db): Promise<CannedReplyDto[]> {
  const rows = await db
    .select(columns)
    .from(cannedReplies)
    .orderBy(
      asc(sql`lower(${cannedReplies.title})`),
      sql`${cannedReplies.locale} asc nulls first`,
      asc(cannedReplies.id),
    );
  return rows.map(toDto);
}

/** The :id of the path; one that is no uuid names no reply (a 404, not a database error). */
function replyId(raw: string): string {
  const parsed = cannedReplyIdSchema.safeParse({ id: raw });
  if (!parsed.success) throw notFound(NOT_FOUND);
  return parsed.data.id;
}

/**
 * Canned replies (docs/decisions/088-canned-replies.md), mounted under /api/admin behind the staff
 * gate on the queue's desk: engineers and admins share one list. Nothing customer-facing reads it.
 */
export function cannedReplyRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/canned-replies', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return ok(c, 'Canned replies', await listReplies(c.var.deps.db));
  });

  app.post('/canned-replies', async (c) => {
    const input = await jsonBody(c, cannedReplySchema);
    const { db } = c.var.deps;
    const [kept] = await db.select({ n: count() }).from(cannedReplies);
    if ((kept?.n ?? 0) >= CANNED_REPLIES_MAX) {
      throw conflict(`The desk keeps at most ${CANNED_REPLIES_MAX} canned replies: delete one first`);
    }
    const [row] = await db
      .insert(cannedReplies)
      .values({ ...input, authorId: currentUser(c).id })
      .returning(columns);
    return ok(c, 'Canned reply added', toDto(row!), 201);
  });

  app.put('/canned-replies/:id', async (c) => {
    const id = replyId(c.req.param('id'));
    const input = await jsonBody(c, cannedReplySchema);
    const [row] = await c.var.deps.db
      .update(cannedReplies)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(cannedReplies.id, id))
      .returning(columns);
    if (!row) throw notFound(NOT_FOUND);
    return ok(c, 'Canned reply saved', toDto(row));
  });

  app.delete('/canned-replies/:id', async (c) => {
    const id = replyId(c.req.param('id'));
    const [row] = await c.var.deps.db
      .delete(cannedReplies)
      .where(eq(cannedReplies.id, id))
      .returning({ id: cannedReplies.id });
    if (!row) throw notFound(NOT_FOUND);
    return ok(c, 'Canned reply deleted', { id: row.id });
  });

  return app;
}
