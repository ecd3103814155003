import { type TickDtcCodeInput, tickDtcCodeSchema } from '@ecu/shared';
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { currentUser } from '../accounts';
import type { Db } from '../db/client';
import { ticketEvents, tickets } from '../db/schema';
import { notFound, said } from '../http/app-error';
import type { AppEnv, UserRow } from '../http/context';
import { ok } from '../http/envelope';
import { jsonBody } from '../http/validate';
import { getTicketByNumber, ticketDetails } from './queries';

/** The history line of a fault code ticked off (or back); the customer sees it too. */
export const DTC_CODE_EVENT = 'dtc_code';

/**
 * Ticks one of a ticket's fault codes off as removed, or back (docs/decisions/092-fault-code-lists.md):
 * one transaction with the ticket's row locked, so two ticks at once both land. Saying again
 * what is already so changes nothing and writes no history.
 */
export async function tickDtcCode(db: Db, actor: UserRow, input: TickDtcCodeInput): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [ticket] = await tx
      .select({ id: tickets.id, dtcCodes: tickets.dtcCodes })
      .from(tickets)
      .where(eq(tickets.ticketNumber, input.ticketNumber))
      .for('update');
    if (!ticket) throw notFound(said('error.ticketNotFound'));
    const current = ticket.dtcCodes.find((c) => c.code === input.code);
    if (!current) throw notFound(`Ticket #${input.ticketNumber} does not list the fault code ${input.code}`);
    if (current.removed === input.removed) return false;
    const dtcCodes = ticket.dtcCodes.map((c) =>
      c.code === input.code ? { ...c, removed: input.removed } : c,
    );
    await tx.update(tickets).set({ dtcCodes, updatedAt: sql`now()` }).where(eq(tickets.id, ticket.id));
    await tx.insert(ticketEvents).values({
      ticketId: ticket.id,
      kind: DTC_CODE_EVENT,
      actorId: actor.id,
      detail: { code: input.code, removed: input.removed },
    });
    return true;
  });
}

/** The fault-code checklist's call, mounted under /api/admin behind the staff gate (queue calls). */
export function dtcCodeRoutes() {
  const app = new Hono<AppEnv>();

  app.post('/tickets/dtc-codes', async (c) => {
    const input = await jsonBody(c, tickDtcCodeSchema);
    const { db } = c.var.deps;
    const changed = await tickDtcCode(db, currentUser(c), input);
    const row = (await getTicketByNumber(db, input.ticketNumber))!;
    const message = !changed
      ? `${input.code} is unchanged`
      : input.removed
        ? `${input.code} ticked off as removed`
        : `${input.code} is no longer ticked off`;
    return ok(c, message, await ticketDetails(db, row, true));
  });

  return app;
}
