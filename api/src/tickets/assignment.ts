import {
  type AssigneeDto,
  type AssigneesDto,
  assigneeRefusal,
  assignmentRefusal,
  assignTicketSchema,
  isRole,
  OPEN_TICKET_STATUSES,
  pickAssignee,
} from '@ecu/shared';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { currentUser } from '../accounts';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { ticketEvents, tickets, users } from '../db/schema';
import { badRequest, forbidden, notFound, said } from '../http/app-error';
import type { AppEnv, UserRow } from '../http/context';
import { ok } from '../http/envelope';
import { jsonBody } from '../http/validate';
import { getSettings } from '../settings';
import type { OnTicketCreated } from './create-ticket';
import { ASSIGNED_EVENT, getTicketByNumber, ticketDetails } from './queries';
import { staffName } from './ticket-dto';

/**
 * Who works a ticket (docs/decisions/087-assignment.md): taking, assigning and unassigning
 * from the desk, and the automatic assignment of a new ticket. Each change is one transaction
 * with an 'assigned' line in the ticket's history, which only staff answers carry.
 */

/** Who an 'assigned' history line names, with the name as it was then. */
type Person = { id: string; name: string } | null;

/** Serialises automatic picks, so that two new tickets at once do not both go to the last free place. */
const AUTO_ASSIGN_LOCK = sql`hashtext('ticket_assignment')`;

/** Active staff with their open tickets, engineers and admins, by name. */
async function staffWithOpenTickets(db: Db | Tx) {
  const open = db
    .select({ assigneeId: tickets.assigneeId, open: count().as('open') })
    .from(tickets)
    .where(inArray(tickets.status, [...OPEN_TICKET_STATUSES]))
    .groupBy(tickets.assigneeId)
    .as('open_counts');
  const rows = await db
    .select({
      id: users.id,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      disabled: users.disabled,
      open: open.open,
    })
    .from(users)
    .leftJoin(open, eq(open.assigneeId, users.id))
    .where(
      and(inArray(users.role, ['engineer', 'admin']), eq(users.disabled, false), isNull(users.deletedAt)),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map((r) => ({ ...r, openTickets: Number(r.open ?? 0) }));
}

async function personOf(db: Db | Tx, id: string | null): Promise<Person> {
  if (!id) return null;
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, id));
  return row ? { id: row.id, name: staffName(row) } : { id, name: 'Former staff' };
}

/** Sets the assignee and writes the history line, in the caller's transaction. */
async function recordAssignment(
  tx: Tx,
  ticket: { id: string; assigneeId: string | null },
  to: Person,
  actorId: string | null,
  how: 'desk' | 'automatic',
) {
  const from = await personOf(tx, ticket.assigneeId);
  await tx
    .update(tickets)
    .set({ assigneeId: to?.id ?? null })
    .where(eq(tickets.id, ticket.id));
  await tx
    .insert(ticketEvents)
    .values({ ticketId: ticket.id, kind: ASSIGNED_EVENT, actorId, detail: { to, from, how } });
}

/**
 * Gives a ticket to a staff member (or to nobody), as `actor` may (assignmentRefusal). Saying
 * again what is already so changes nothing and writes no history.
 */
export async function assignTicket(
  db: Db,
  actor: UserRow,
  input: { ticketNumber: number; userId: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [ticket] = await tx
      .select({ id: tickets.id, assigneeId: tickets.assigneeId })
      .from(tickets)
      .where(eq(tickets.ticketNumber, input.ticketNumber))
      .for('update');
    if (!ticket) throw notFound(said('error.ticketNotFound'));
    const refusal = assignmentRefusal(actor, ticket.assigneeId, input.userId);
    if (refusal) throw forbidden(refusal);
    if (ticket.assigneeId === input.userId) return;
    let to: Person = null;
    if (input.userId !== null) {
      const [account] = await tx
        .select({
          id: users.id,
          role: users.role,
          disabled: users.disabled,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(users)
        .where(and(eq(users.id, input.userId), isNull(users.deletedAt)))
        .for('share');
      const problem = assigneeRefusal(
        account && isRole(account.role) ? { role: account.role, disabled: account.disabled } : undefined,
      );
      if (problem) throw badRequest(problem, [{ path: 'userId', message: problem }]);
      to = { id: account!.id, name: staffName(account!) };
    }
    await recordAssignment(tx, ticket, to, actor.id, 'desk');
  });
}

/**
 * A new ticket's automatic assignment (settings 'assignment'), in the transaction that creates
 * it: exactly once per ticket, since only a created ticket runs it and its replay does not.
 */
export function autoAssignNewTicket(config: Config): OnTicketCreated {
  return async (tx, ticket) => {
    const { assignment, hours } = await getSettings(tx, config);
    if (!assignment.automaticAssignment) return;
    await tx.execute(sql`select pg_advisory_xact_lock(${AUTO_ASSIGN_LOCK})`);
    const staff = await staffWithOpenTickets(tx);
    const candidates = staff.flatMap((s) => (isRole(s.role) ? [{ ...s, role: s.role }] : []));
    const id = pickAssignee(candidates, assignment, hours, new Date());
    if (!id) return;
    const chosen = staff.find((s) => s.id === id)!;
    await recordAssignment(
      tx,
      { id: ticket.id, assigneeId: null },
      { id, name: staffName(chosen) },
      null,
      'automatic',
    );
  };
}

/**
 * The assignment calls, mounted under /api/admin behind the staff gate (queue calls): engineers
 * take and let go, admins assign anyone.
 */
export function assignmentRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/tickets/assignees', async (c) => {
    const { db, config } = c.var.deps;
    const [staff, settings] = await Promise.all([staffWithOpenTickets(db), getSettings(db, config)]);
    const assignees: AssigneeDto[] = staff.map((s) => ({
      id: s.id,
      name: staffName(s),
      role: s.role === 'admin' ? 'admin' : 'engineer',
      openTickets: s.openTickets,
    }));
    c.header('Cache-Control', 'private, no-store');
    return ok(c, 'Assignees', {
      assignees,
      openTicketLimit: settings.assignment.openTicketLimit,
    } satisfies AssigneesDto);
  });

  app.post('/tickets/assign', async (c) => {
    const input = await jsonBody(c, assignTicketSchema);
    const { db } = c.var.deps;
    await assignTicket(db, currentUser(c), input);
    const row = (await getTicketByNumber(db, input.ticketNumber))!;
    const message = input.userId === null ? 'Ticket unassigned' : 'Ticket assigned';
    return ok(c, message, await ticketDetails(db, row, true));
  });

  return app;
}
