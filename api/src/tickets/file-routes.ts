import { Readable } from 'node:stream';
import { isStaff } from '@ecu/shared';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { passGates } from '../accounts';
import { downloadEvents, ticketFiles, tickets } from '../db/schema';
import { notFound, said } from '../http/app-error';
import { clientIp } from '../http/client-ip';
import { contentDisposition } from '../http/content-disposition';
import type { AppEnv } from '../http/context';
import { isUuid } from '../http/uuid';
import { verifyDownloadSignature } from './signed-url';

/**
 * GET /api/files/:fileId: a ticket's stored file, always as an attachment. Admins may read
 * every file; the owner their original and additional files, and the tuned file only through
 * the signed, short-lived link that isEligibleToDownload hands out after the charge, and only
 * while the ticket is still Unlocked and paid for: a refund (Failed) or another status closes
 * a link handed out before it (docs/decisions/024-money-hardening.md).
 */
export function fileRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/:fileId', async (c) => {
    const { db, storage, config } = c.var.deps;
    const user = passGates(c.var.user);
    const fileId = c.req.param('fileId');
    if (!isUuid(fileId)) throw notFound(said('error.fileNotFound'));
    const [row] = await db
      .select({
        file: ticketFiles,
        ownerId: tickets.userId,
        status: tickets.status,
        chargedAt: tickets.chargedAt,
        refundedAt: tickets.refundedAt,
      })
      .from(ticketFiles)
      .innerJoin(tickets, eq(tickets.id, ticketFiles.ticketId))
      .where(eq(ticketFiles.id, fileId));
    if (!row) throw notFound(said('error.fileNotFound'));
    const isOwner = row.ownerId === user.id;
    const paidFor = row.status === 'Unlocked' && row.chargedAt !== null && row.refundedAt === null;
    const allowed =
      isStaff(user.role) ||
      (isOwner && row.file.kind !== 'tuned') ||
      (isOwner &&
        paidFor &&
        verifyDownloadSignature(config.authSecret, {
          fileId,
          userId: user.id,
          expires: c.req.query('expires'),
          signature: c.req.query('signature'),
        }));
    if (!allowed) throw notFound(said('error.fileNotFound'));
    try {
      await storage.size(row.file.storageKey);
    } catch (err) {
      // Better a clear answer than a 200 that breaks off: the row exists, its bytes do not.
      c.var.deps.logger.error(`File ${fileId} is missing from storage (${row.file.storageKey})`, err);
      throw notFound(said('error.fileNotFound'));
    }
    const headers = {
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(row.file.size),
      'Content-Disposition': contentDisposition(row.file.name),
      'Cache-Control': 'private, no-store',
      'X-Content-Sha256': row.file.sha256,
    };
    // Hono answers HEAD with this handler and drops the body: never open a stream for it
    // (one left unread per HEAD would leak a file descriptor each time).
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    if (isOwner && row.file.kind === 'tuned') {
      // Chargeback evidence: when, from where, with what; nothing more (download_events).
      await db.insert(downloadEvents).values({
        ticketId: row.file.ticketId,
        userId: user.id,
        ipAddress: clientIp(c, config.trustProxyHops),
        userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
      });
    }
    const body = Readable.toWeb(storage.read(row.file.storageKey)) as ReadableStream;
    return c.body(body, 200, headers);
  });
  return app;
}
