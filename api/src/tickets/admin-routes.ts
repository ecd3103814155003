import {
  listQuerySchema,
  queueAssignmentFilterSchema,
  reuseTunedFileSchema,
  TICKET_STATUSES,
  ticketNumberSchema,
  tunedFileSchema,
  updateTicketStatusSchema,
} from '@ecu/shared';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { currentUser } from '../accounts';
import type { Db } from '../db/client';
import { uploads } from '../db/schema';
import { overdueByTicket, withOverdue } from '../escalation';
import { badRequest, notFound, said } from '../http/app-error';
import { limitStreamedBody } from '../http/body-limit';
import type { AppEnv } from '../http/context';
import { jsonText, ok, okText } from '../http/envelope';
import { int4FromDigits } from '../http/int4';
import { jsonBody, parseWith } from '../http/validate';
import { openCounterOffer, withAwaitingCustomer } from './counter-offers';
import { fieldText, readMultipartForm } from './multipart-stream';
import { getTicketByNumber, ticketDetails } from './queries';
import { TUNED_FORM_RULES } from './ticket-form';
import { setTicketStatus } from './ticket-life';
import { adminTicketsPage } from './ticket-read';
import { attachTunedFile, knownOriginalOf, reuseTunedFile } from './tuned-files';

const listEcuFilesQuery = listQuerySchema.extend({
  status: z.enum(TICKET_STATUSES, { error: 'Unknown status' }).optional(),
  /** The queue's assignment filter (docs/decisions/087-assignment.md). */
  assigned: queueAssignmentFilterSchema.optional(),
});

/** The admin file desk (mounted under /api/admin behind the admin gate). */
export function adminTicketRoutes() {
  const app = new Hono<AppEnv>();

  /** A page of every customer's tickets, newest first, searched and filtered (the Files desk). */
  app.get('/getAllEcuFiles', async (c) => {
    const { limit, cursor, q, status, assigned } = parseWith(listEcuFilesQuery, c.req.query());
    const assigneeId = assigned === 'mine' ? currentUser(c).id : assigned === 'unassigned' ? null : undefined;
    const page = await adminTicketsPage(c.var.deps.db, {
      q,
      before: int4FromDigits(cursor),
      status,
      assigneeId,
      limit,
    });
    const overdue = await overdueByTicket(
      c.var.deps.db,
      c.var.deps.config,
      page.tickets.map((t) => t._id),
    );
    const rows = (await withAwaitingCustomer(c.var.deps.db, page.tickets)).map((t) =>
      withOverdue(t, overdue, t._id),
    );
    return jsonText(c, okText('ECU files', rows, page));
  });

  /** An admin's details: the customer's, the owner, and the known original. */
  const adminTicketDetails = async (
    db: Db,
    row: NonNullable<Awaited<ReturnType<typeof getTicketByNumber>>>,
  ) => {
    const [details, knownOriginal, counterOffer] = await Promise.all([
      ticketDetails(db, row, true),
      knownOriginalOf(db, row.id),
      openCounterOffer(db, row.id),
    ]);
    return { ...details, knownOriginal, counterOffer };
  };

  app.get('/getTicketDetails/:ticketNumber', async (c) => {
    const { ticketNumber } = parseWith(ticketNumberSchema, { ticketNumber: c.req.param('ticketNumber') });
    const row = await getTicketByNumber(c.var.deps.db, ticketNumber);
    if (!row) throw notFound(said('error.ticketNotFound'));
    return ok(c, 'Ticket details', await adminTicketDetails(c.var.deps.db, row));
  });

  // Known files: the admin delivers a copy of the earlier ticket's tuned file.
  app.post('/reuseTunedFile', async (c) => {
    const input = await jsonBody(c, reuseTunedFileSchema);
    const known = await reuseTunedFile(c.var.deps, currentUser(c), input);
    // Read again: the reuse touched updatedAt. The match is the one just reused.
    const row = (await getTicketByNumber(c.var.deps.db, input.ticketNumber))!;
    return ok(c, `Tuned file of #${input.fromTicketNumber} delivered`, {
      ...(await ticketDetails(c.var.deps.db, row, true)),
      knownOriginal: known,
    });
  });

  app.put('/updateEcuFileStatus', async (c) => {
    const { fileId, status } = await jsonBody(c, updateTicketStatusSchema);
    const result = await setTicketStatus(c.var.deps, currentUser(c), fileId, status);
    const message = result.refunded
      ? `Status updated to ${status}; the credits were refunded`
      : `Status updated to ${status}`;
    return ok(c, message, result);
  });

  app.put(
    '/uploadTunedFile',
    limitStreamedBody(21 * 1024 * 1024, 'File size should be less than 20.00 MB.'),
    async (c) => {
      const { db, storage } = c.var.deps;
      const admin = currentUser(c);
      let ticketNumber: number;
      let stored: { name: string; size: number; sha256: string; storageKey: string };
      let uploadId: string | null = null;
      if ((c.req.header('content-type') ?? '').startsWith('multipart/form-data')) {
        const form = await readMultipartForm(c.req.raw, storage, TUNED_FORM_RULES);
        try {
          ticketNumber = parseWith(ticketNumberSchema, {
            ticketNumber: fieldText(form, 'ticketNumber'),
          }).ticketNumber;
          const file = form.files.get('tunedFile')?.[0];
          if (!file)
            throw badRequest('Please select a tuned file', [
              { path: 'tunedFile', message: 'Please select a tuned file' },
            ]);
          if (!(await getTicketByNumber(db, ticketNumber))) throw notFound(said('error.ticketNotFound'));
          stored = file;
        } catch (err) {
          await form.discard();
          throw err;
        }
      } else {
        const input = await jsonBody(c, tunedFileSchema);
        ticketNumber = input.ticketNumber;
        const [upload] = await db
          .select()
          .from(uploads)
          .where(and(eq(uploads.id, input.tunedFileUploadId), eq(uploads.ownerId, admin.id)));
        if (upload?.purpose !== 'tuned') throw badRequest('Please select a tuned file');
        if (upload.status !== 'complete' || !upload.sha256)
          throw badRequest('The upload has not finished yet');
        stored = {
          name: upload.fileName,
          size: upload.size,
          sha256: upload.sha256,
          storageKey: upload.storageKey,
        };
        uploadId = upload.id;
      }
      const ticket = await getTicketByNumber(db, ticketNumber);
      if (!ticket) throw notFound(said('error.ticketNotFound'));
      await db.transaction((tx) => attachTunedFile(tx, ticket.id, admin, stored, { uploadId }));
      return ok(
        c,
        'Tuned file uploaded successfully',
        await ticketDetails(db, (await getTicketByNumber(db, ticketNumber))!, true),
      );
    },
  );

  return app;
}
