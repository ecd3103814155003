import {
  createSolutionSchema,
  ECU_FILE_MAX_BYTES,
  listSolutionsQuerySchema,
  solutionIdSchema,
  TUNED_FILE_MAX_BYTES,
  ticketNumberSchema,
  UPLOAD_MESSAGES,
  uploadSolutionFieldsSchema,
} from '@ecu/shared';
import { Hono } from 'hono';
import { currentUser } from '../accounts';
import { AppError, badRequest, notFound, said } from '../http/app-error';
import { limitStreamedBody } from '../http/body-limit';
import { contentDisposition } from '../http/content-disposition';
import type { AppEnv } from '../http/context';
import { ok } from '../http/envelope';
import { int4FromDigits } from '../http/int4';
import { jsonBody, parseWith } from '../http/validate';
import { type FormRules, fieldText, getTicketByNumber, readMultipartForm } from '../tickets';
import { createSolutionFromPair, createSolutionFromTicket, listSolutions, setSolutionState } from './library';
import { preparedFile, ticketMatches } from './matching';

const PAIR_FIELDS = ['item', 'softwareNumber', 'approve', 'includesChecksum'] as const;

/** The pair's form: its text fields first, then one original and one modified file. */
const PAIR_FORM_RULES: FormRules<'ecu' | 'tuned'> = {
  text: Object.fromEntries(PAIR_FIELDS.map((name) => [name, 'one' as const])),
  files: {
    original: {
      kind: 'ecu',
      maxBytes: ECU_FILE_MAX_BYTES,
      tooLarge: UPLOAD_MESSAGES.ecuTooLarge,
      maxCount: 1,
      tooMany: 'Upload one original file.',
    },
    modified: {
      kind: 'tuned',
      maxBytes: TUNED_FILE_MAX_BYTES,
      tooLarge: UPLOAD_MESSAGES.ecuTooLarge,
      maxCount: 1,
      tooMany: 'Upload one modified file.',
    },
  },
};

const idParam = (raw: string) => parseWith(solutionIdSchema, { id: raw }).id;

/**
 * The solution library's admin calls (docs/decisions/085-solution-library.md), mounted under
 * /api/admin behind the admin gate.
 */
export function adminSolutionRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/solutions', async (c) => {
    const { limit, cursor, q, state } = parseWith(listSolutionsQuerySchema, c.req.query());
    const page = await listSolutions(c.var.deps.db, { q, state, beforeId: int4FromDigits(cursor), limit });
    return ok(c, 'Solutions', page);
  });

  app.post('/solutions', async (c) => {
    const input = await jsonBody(c, createSolutionSchema);
    const solution = await createSolutionFromTicket(c.var.deps, currentUser(c), input);
    return ok(
      c,
      `Solution #${solution.id} added to the library${solution.state === 'approved' ? ' and approved' : ''}`,
      solution,
      201,
    );
  });

  // An original + modified pair for one stage or option; the files are read and dropped.
  app.post(
    '/solutions/upload',
    limitStreamedBody(2 * TUNED_FILE_MAX_BYTES + 64 * 1024, 'Each file should be less than 20.00 MB.'),
    async (c) => {
      if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data'))
        throw new AppError(
          'unsupported_media_type',
          'Send the original and modified files as multipart/form-data',
        );
      const form = await readMultipartForm(c.req.raw, c.var.deps.storage, PAIR_FORM_RULES);
      try {
        const fields = parseWith(
          uploadSolutionFieldsSchema,
          Object.fromEntries(PAIR_FIELDS.map((k) => [k, fieldText(form, k)])),
        );
        const original = form.files.get('original')?.[0];
        const modified = form.files.get('modified')?.[0];
        if (!original || !modified)
          throw badRequest('Upload the original and the modified file', [
            ...(original ? [] : [{ path: 'original', message: 'Please select the original file' }]),
            ...(modified ? [] : [{ path: 'modified', message: 'Please select the modified file' }]),
          ]);
        const solution = await createSolutionFromPair(c.var.deps, currentUser(c), fields, {
          original: original.storageKey,
          modified: modified.storageKey,
        });
        return ok(c, `Solution #${solution.id} added to the library`, solution, 201);
      } finally {
        await form.discard();
      }
    },
  );

  app.post('/solutions/:id/approve', async (c) => {
    const solution = await setSolutionState(
      c.var.deps.db,
      currentUser(c),
      idParam(c.req.param('id')),
      'approved',
    );
    return ok(c, `Solution #${solution.id} approved for automatic delivery`, solution);
  });

  app.post('/solutions/:id/retire', async (c) => {
    const solution = await setSolutionState(
      c.var.deps.db,
      currentUser(c),
      idParam(c.req.param('id')),
      'retired',
    );
    return ok(c, `Solution #${solution.id} retired`, solution);
  });

  /** The 'Matched solutions' card of a ticket: null until matching ran (or when it never will). */
  app.get('/solutions/matches/:ticketNumber', async (c) => {
    const { ticketNumber } = parseWith(ticketNumberSchema, { ticketNumber: c.req.param('ticketNumber') });
    const ticket = await getTicketByNumber(c.var.deps.db, ticketNumber);
    if (!ticket) throw notFound(said('error.ticketNotFound'));
    return ok(c, 'Matched solutions', await ticketMatches(c.var.deps.db, ticket));
  });

  /** The read with the covered options applied, for the engineer who does the rest. */
  app.get('/solutions/matches/:ticketNumber/prepared', async (c) => {
    const { ticketNumber } = parseWith(ticketNumberSchema, { ticketNumber: c.req.param('ticketNumber') });
    const ticket = await getTicketByNumber(c.var.deps.db, ticketNumber);
    if (!ticket) throw notFound(said('error.ticketNotFound'));
    const file = await preparedFile(c.var.deps, ticket);
    return c.body(Buffer.from(file.bytes), 200, {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': contentDisposition(file.name),
      'Content-Length': String(file.bytes.length),
    });
  });

  return app;
}
