import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { passGates } from '../accounts';
import { chatAttachments, uploads } from '../db/schema';
import { notFound, said } from '../http/app-error';
import { contentDisposition } from '../http/content-disposition';
import type { AppEnv } from '../http/context';
import { ok } from '../http/envelope';
import { chatTicketFor } from './access';
import { docRuntime } from './doc-runtime-loader';
import type { ChatHub } from './hub';

/**
 * Over HTTP beside the websocket: the chat load payload (GET /api/chat/{ticketNumber}) and
 * the files attached to messages. Both answer the ticket's owner and admins only; anyone
 * else is told the ticket does not exist.
 */
export function chatRoutes(hub: ChatHub) {
  const app = new Hono<AppEnv>();

  app.get('/:ticketNumber', async (c) => {
    const user = passGates(c.var.user);
    const ticket = await chatTicketFor(c.var.deps, user, c.req.param('ticketNumber'));
    if (!ticket) throw notFound(said('error.ticketNotFound'));
    c.header('Cache-Control', 'private, no-store');
    const { chatLoadPayload } = await docRuntime();
    return ok(c, 'Chat loaded', await chatLoadPayload(c.var.deps, hub, ticket, user));
  });

  app.get('/:ticketNumber/attachments/:uploadId', async (c) => {
    const { db, storage, logger } = c.var.deps;
    const user = passGates(c.var.user);
    const ticket = await chatTicketFor(c.var.deps, user, c.req.param('ticketNumber'));
    if (!ticket) throw notFound(said('error.fileNotFound'));
    const [row] = await db
      .select({ name: uploads.fileName, size: uploads.size, key: uploads.storageKey, sha256: uploads.sha256 })
      .from(chatAttachments)
      .innerJoin(uploads, eq(uploads.id, chatAttachments.uploadId))
      .where(
        and(eq(chatAttachments.uploadId, c.req.param('uploadId')), eq(chatAttachments.ticketId, ticket.id)),
      );
    if (!row) throw notFound(said('error.fileNotFound'));
    try {
      await storage.size(row.key);
    } catch (err) {
      logger.error(`Chat attachment is missing from storage (${row.key})`, err);
      throw notFound(said('error.fileNotFound'));
    }
    const headers: Record<string, string> = {
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(row.size),
      'Content-Disposition': contentDisposition(row.name),
      'Cache-Control': 'private, no-store',
    };
    if (row.sha256) headers['X-Content-Sha256'] = row.sha256;
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(Readable.toWeb(storage.read(row.key)) as ReadableStream, 200, headers);
  });

  return app;
}
