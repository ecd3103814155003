import {
  createSolutionSchema,
  listSolutionsQuerySchema,
  solutionIdSchema,
  ticketNumberSchema,
} from '@ecu/shared';
import { Hono } from 'hono';
import { currentUser } from '../accounts';
import { notFound } from '../http/app-error';
import { contentDisposition } from '../http/content-disposition';
import type { AppEnv } from '../http/context';
import { ok } from '../http/envelope';
import { int4FromDigits } from '../http/int4';
import { jsonBody, parseWith } from '../http/validate';
import { getTicketByNumber } from '../tickets';
import { createSolutionFromTicket, listSolutions, setSolutionState } from './library';
import { preparedFile, ticketMatches } from './matching';

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
    if (!ticket) throw notFound('Ticket not found');
    return ok(c, 'Matched solutions', await ticketMatches(c.var.deps.db, ticket));
  });

  /** The read with the covered options applied, for the engineer who does the rest. */
  app.get('/solutions/matches/:ticketNumber/prepared', async (c) => {
    const { ticketNumber } = parseWith(ticketNumberSchema, { ticketNumber: c.req.param('ticketNumber') });
    const ticket = await getTicketByNumber(c.var.deps.db, ticketNumber);
    if (!ticket) throw notFound('Ticket not found');
    const file = await preparedFile(c.var.deps, ticket);
    return c.body(Buffer.from(file.bytes), 200, {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': contentDisposition(file.name),
      'Content-Length': String(file.bytes.length),
    });
  });

  return app;
}
