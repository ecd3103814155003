import {
  listQuerySchema,
  reuseTunedFileSchema,
  TICKET_STATUSES,
  ticketNumberSchema,
  tunedFileSchema,
  updateTicketStatusSchema,
} from '@ecu/shared';
import { and, desc, eq, lt, type Placeholder, type Query, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { Hono } from 'hono';
import { z } from 'zod';
import { currentUser } from '../accounts';
import type { Db } from '../db/client';
import { withCustomPlans } from '../db/prepared';
import { tickets, uploads } from '../db/schema';
import { badRequest, notFound } from '../http/app-error';
import { limitStreamedBody } from '../http/body-limit';
import type { AppEnv } from '../http/context';
import { envelopeJson, ok } from '../http/envelope';
import { type HotRoute, honoHandler } from '../http/hot-lane';
import { int4FromDigits } from '../http/int4';
import { jsonBody, parseWith } from '../http/validate';
import { adminTicketSearchPage } from './admin-search';
import { fieldText, readMultipartForm } from './multipart-stream';
import { getTicketByNumber, ticketDetails } from './queries';
import { TUNED_FORM_RULES } from './ticket-form';
import { ticketPageJson, ticketPageStatement } from './ticket-json';
import { setTicketStatus } from './ticket-life';
import { attachTunedFile, knownOriginalOf, reuseTunedFile } from './tuned-files';

const listEcuFilesQuery = listQuerySchema.extend({
  status: z.enum(TICKET_STATUSES, { error: 'Unknown status' }).optional(),
});

/** Tickets newest first: a page of the admin file list (`rows` is the limit + 1). */
function ecuFileListPage(where: SQL | undefined, rows: number | Placeholder) {
  return new QueryBuilder()
    .select()
    .from(tickets)
    .where(where)
    .orderBy(desc(tickets.ticketNumber))
    .limit(rows);
}

/**
 * The list without a search, built once for each combination of filters (a cursor, a status):
 * the page everybody opens costs no statement building.
 */
const ecuFileListStatements = new Map<string, Query>();
function ecuFileListStatement(filters: { before: boolean; status: boolean }): Query {
  const key = `${filters.before}/${filters.status}`;
  let statement = ecuFileListStatements.get(key);
  if (!statement) {
    const where = and(
      filters.before ? lt(tickets.ticketNumber, sql.placeholder('before')) : undefined,
      filters.status ? eq(tickets.status, sql.placeholder('status')) : undefined,
    );
    statement = ticketPageStatement(ecuFileListPage(where, sql.placeholder('rows')), { owner: true });
    ecuFileListStatements.set(key, statement);
  }
  return statement;
}

/** A page of every customer's tickets, newest first, searched and filtered (the Files desk). */
export const ecuFileListRoute: HotRoute = {
  path: '/api/admin/getAllEcuFiles',
  gate: { role: 'admin' },
  async handle(input, { db }) {
    const { limit, cursor, q, status } = parseWith(listEcuFilesQuery, input.query);
    const before = int4FromDigits(cursor);
    const options = { limit, owner: true };
    const page = q
      ? // A search runs with a plan made for its own pattern (see api/src/admin/users/user-lists.ts).
        await withCustomPlans(db, (tx) =>
          ticketPageJson(
            tx,
            ticketPageStatement(adminTicketSearchPage({ q, before, status }, limit + 1), options),
            {},
            options,
          ),
        )
      : await ticketPageJson(
          db,
          ecuFileListStatement({ before: Boolean(before), status: Boolean(status) }),
          { before, status, rows: limit + 1 },
          options,
        );
    return { body: envelopeJson('ECU files', page.json, { nextCursor: page.nextCursor }) };
  },
};

/** The admin file desk (mounted under /api/admin behind the admin gate). */
export function adminTicketRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/getAllEcuFiles', honoHandler(ecuFileListRoute));

  /** An admin's details: the customer's, the owner, and the known original. */
  const adminTicketDetails = async (
    db: Db,
    row: NonNullable<Awaited<ReturnType<typeof getTicketByNumber>>>,
  ) => {
    const [details, knownOriginal] = await Promise.all([
      ticketDetails(db, row, true),
      knownOriginalOf(db, row.id),
    ]);
    return { ...details, knownOriginal };
  };

  app.get('/getTicketDetails/:ticketNumber', async (c) => {
    const { ticketNumber } = parseWith(ticketNumberSchema, { ticketNumber: c.req.param('ticketNumber') });
    const row = await getTicketByNumber(c.var.deps.db, ticketNumber);
    if (!row) throw notFound('Ticket not found');
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
          if (!(await getTicketByNumber(db, ticketNumber))) throw notFound('Ticket not found');
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
      if (!ticket) throw notFound('Ticket not found');
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
