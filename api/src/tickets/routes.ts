import {
  createTicketSchema,
  isStaff,
  modificationPlanSchema,
  myFilesQuerySchema,
  normaliseOptions,
  rateTicketSchema,
  requestChangeSchema,
  ticketClientIdSchema,
  ticketNumberSchema,
  vehicleDetailsSchema,
} from '@ecu/shared';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { currentUser, requireAccount } from '../accounts';
import { tickets } from '../db/schema';
import { badRequest, notFound, said } from '../http/app-error';
import { limitStreamedBody } from '../http/body-limit';
import type { AppDeps, AppEnv, UserRow } from '../http/context';
import { jsonText, ok, okText } from '../http/envelope';
import { requestMessages } from '../http/request-locale';
import { jsonBody, parseWith } from '../http/validate';
import { newTicketEvent } from '../notifications';
import { autoAssignNewTicket } from './assignment';
import { ticketClientId } from './client-id';
import { counterOfferOwnerRoutes, openCounterOffer, withAwaitingCustomer } from './counter-offers';
import {
  checkCommonTotals,
  createTicket,
  filesFromUploads,
  findTicketByClientId,
  type OnTicketCreated,
  type StoredFileRef,
} from './create-ticket';
import { identifyStoredEcu, queueIdentification, queueReadIdentified } from './identify-ecu-file';
import { fieldText, readMultipartForm } from './multipart-stream';
import { ticketDetails } from './queries';
import { rateTicket, ratingOfTicket } from './ratings';
import { requestChange } from './revisions';
import { TICKET_FORM_FIELDS, TICKET_FORM_RULES } from './ticket-form';
import { checkDownloadEligibility } from './ticket-life';
import { myTicketsPage, NO_TICKET_CURSOR, ticketsByIds } from './ticket-read';

/** 20 MB ECU file + 100 MB of additional files + the form fields. */
export const MULTIPART_LIMIT = 125 * 1024 * 1024;

function ticketNumberParam(raw: string): number {
  return parseWith(ticketNumberSchema, { ticketNumber: raw }).ticketNumber;
}

/**
 * A new ticket's pushes to the staff, queued, and its automatic assignment
 * (docs/decisions/087-assignment.md), both in the transaction that creates it.
 */
function newTicketPushes(deps: Pick<AppDeps, 'notifications' | 'config'>, user: UserRow): OnTicketCreated {
  const assign = autoAssignNewTicket(deps.config);
  return async (tx, ticket) => {
    await deps.notifications.queue(newTicketEvent(ticket, user), { key: `new-ticket:${ticket.id}`, tx });
    await assign(tx, ticket);
  };
}

/** The /ecuFile/* calls (docs/product.md#13-the-http-api). */
export function ticketRoutes() {
  const app = new Hono<AppEnv>();
  const customer = requireAccount({ role: 'user' });

  app.post(
    '/create-ecuFile',
    customer,
    limitStreamedBody(MULTIPART_LIMIT, 'The upload is too large'),
    async (c) => {
      const { db, storage } = c.var.deps;
      const user = currentUser(c);
      const type = c.req.header('content-type') ?? '';
      let clientId: string | undefined;
      let vehicle: ReturnType<typeof vehicleDetailsSchema.parse>;
      let plan: ReturnType<typeof modificationPlanSchema.parse>;
      let stored: StoredFileRef[];
      let discard: (() => Promise<void>) | undefined;
      if (type.startsWith('multipart/form-data')) {
        const form = await readMultipartForm(c.req.raw, storage, TICKET_FORM_RULES);
        discard = form.discard;
        try {
          const fields = Object.fromEntries(TICKET_FORM_FIELDS.map((k) => [k, fieldText(form, k)]));
          vehicle = parseWith(vehicleDetailsSchema, fields);
          plan = parseWith(modificationPlanSchema, {
            ...fields,
            options: normaliseOptions(form.fields.get('options'), form.fields.get('modificationOptions')),
            dtcCodes: form.fields.get('dtcCodes'),
          });
          clientId = ticketClientId(
            c,
            parseWith(ticketClientIdSchema, { clientId: fields.clientId || undefined }).clientId,
          );
          const ecu = form.files.get('ecuFile')?.[0];
          if (!ecu)
            throw badRequest('Please upload a ecu-file', [
              { path: 'ecuFile', message: 'Please upload a ecu-file' },
            ]);
          const common = form.files.get('commonFiles') ?? [];
          checkCommonTotals(common);
          stored = [ecu, ...common];
        } catch (err) {
          await form.discard();
          throw err;
        }
      } else {
        const raw = (await c.req.json().catch(() => {
          throw badRequest('The request body is not valid JSON');
        })) as Record<string, unknown>;
        if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
          throw badRequest('The request body must be a JSON object');
        const input = parseWith(createTicketSchema, {
          ...raw,
          options: normaliseOptions(raw.options, raw.modificationOptions),
        });
        clientId = ticketClientId(c, input.clientId);
        vehicle = parseWith(vehicleDetailsSchema, input);
        plan = parseWith(modificationPlanSchema, input);
        // A replay names the uploads that its first call attached: createTicket answers with
        // that ticket, so they are not checked (and refused as taken) again.
        const replay = clientId ? await findTicketByClientId(db, user.id, clientId) : undefined;
        stored = replay
          ? []
          : await filesFromUploads(
              db,
              user,
              {
                ecu: input.ecuFileUploadId,
                common: input.commonFileUploadIds,
              },
              storage,
            );
      }
      let result: Awaited<ReturnType<typeof createTicket>>;
      try {
        // A replay (a clientId already used) answers with the first ticket: its file is not read again.
        const ecu = stored.find((f) => f.kind === 'ecu');
        const replay = clientId ? await findTicketByClientId(db, user.id, clientId) : undefined;
        const identified =
          ecu && !replay ? await identifyStoredEcu(c.var.deps, vehicle.ecuId, ecu.storageKey) : null;
        const pushes = newTicketPushes(c.var.deps, user);
        result = await createTicket(
          db,
          user,
          { clientId, vehicle, plan, files: stored, ecuIdentification: identified?.result ?? null },
          async (tx, ticket) => {
            await pushes(tx, ticket);
            // Not read within the request's budget: a job reads it once the ticket exists.
            if (identified?.later) await queueIdentification(c.var.deps, tx, ticket);
            // Identified: the solution library is matched by a job, never in this answer.
            else if (identified?.result) await queueReadIdentified(c.var.deps, tx, ticket);
          },
        );
      } catch (err) {
        // A form's own files leave with the failed creation: nothing is left orphaned.
        await discard?.();
        throw err;
      }
      const { ticket, created } = result;
      if (!created) {
        // The replay's own files (multipart) are not needed: the first call stored its copy.
        for (const f of stored.filter((s) => s.uploadId === null)) await storage.remove(f.storageKey);
      }
      const [dto] = await ticketsByIds(db, [ticket.id]);
      return ok(
        c,
        created ? 'ECU file submitted successfully' : 'This ticket was already submitted',
        dto,
        created ? 201 : 200,
      );
    },
  );

  // 'Request a change' on a delivered ticket: a revision reusing its vehicle and original file.
  app.post('/request-change', customer, async (c) => {
    const user = currentUser(c);
    const body = await jsonBody(c, requestChangeSchema);
    const input = { ...body, clientId: ticketClientId(c, body.clientId) };
    const pushes = newTicketPushes(c.var.deps, user);
    const { ticket, created } = await requestChange(c.var.deps, user, input, async (tx, revision) => {
      await pushes(tx, revision);
      // The parent's read, already identified: matched for the admin's card, as a new read is.
      if (revision.ecuIdentification) await queueReadIdentified(c.var.deps, tx, revision);
    });
    const [dto] = await ticketsByIds(c.var.deps.db, [ticket.id]);
    return ok(
      c,
      created ? 'Change requested successfully' : 'This change was already requested',
      dto,
      created ? 201 : 200,
    );
  });

  /** A page of the customer's tickets, newest first; nextCursor names the next page (null: none). */
  app.get('/my-files', customer, async (c) => {
    const { limit, cursor } = parseWith(myFilesQuerySchema, c.req.query());
    const page = await myTicketsPage(c.var.deps.db, {
      userId: currentUser(c).id,
      before: cursor === undefined ? NO_TICKET_CURSOR : Number(cursor),
      limit,
    });
    const rows = await withAwaitingCustomer(c.var.deps.db, page.tickets);
    return jsonText(c, okText('Your files', rows, page));
  });

  // Admins open any ticket through the same call (their ticket page shows the same cards).
  app.get('/getTicketDetails/:ticketNumber', requireAccount(), async (c) => {
    const { db } = c.var.deps;
    const user = currentUser(c);
    const ticketNumber = ticketNumberParam(c.req.param('ticketNumber'));
    const isAdmin = isStaff(user.role);
    const [row] = await db
      .select()
      .from(tickets)
      .where(and(eq(tickets.ticketNumber, ticketNumber), isAdmin ? undefined : eq(tickets.userId, user.id)));
    // Someone else's ticket answers exactly like a missing one.
    if (!row) throw notFound(said('error.ticketNotFound'));
    const details = await ticketDetails(db, row, isAdmin);
    // The owner's own rating (docs/decisions/089-ratings.md), on the owner's answer only.
    if (!isAdmin) details.rating = await ratingOfTicket(db, row.id);
    // The plan an engineer proposed, while it waits (docs/decisions/091-counter-offers.md).
    details.counterOffer = await openCounterOffer(db, row.id);
    return ok(c, 'Ticket details', details);
  });

  /** The owner rates a delivered file, or replaces the rating (docs/decisions/089-ratings.md). */
  app.post('/rate', customer, async (c) => {
    const input = await jsonBody(c, rateTicketSchema);
    const { rating, changed } = await rateTicket(c.var.deps, currentUser(c), input);
    return ok(c, changed ? 'Thank you for your rating' : 'Your rating is unchanged', rating);
  });

  app.route('/', counterOfferOwnerRoutes());

  app.post('/isEligibleToDownload', customer, async (c) => {
    const { ticketNumber } = await jsonBody(c, ticketNumberSchema);
    const result = await checkDownloadEligibility(
      c.var.deps,
      currentUser(c),
      ticketNumber,
      requestMessages(c),
    );
    return ok(c, result.message, result);
  });

  return app;
}
