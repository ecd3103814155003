import { z } from 'zod';
import type { Role } from '../accounts/roles';
import { serviceStatus, type WorkingHours } from '../settings/working-hours';
import { ticketNumberSchema } from './schemas';

/**
 * Who works a ticket (docs/decisions/087-assignment.md): a ticket is assigned to one staff
 * member or to nobody. These rules are shared: the server enforces them, the desk explains them.
 */

/** POST /admin/tickets/assign: give a ticket to a staff member (their own id to take it), or null to unassign. */
export const assignTicketSchema = z.object({
  ticketNumber: ticketNumberSchema.shape.ticketNumber,
  userId: z
    .string({ error: 'userId must be an account id or null' })
    .trim()
    .min(1, 'userId must be an account id or null')
    .max(128, 'userId is too long')
    .nullable(),
});
export type AssignTicketInput = z.infer<typeof assignTicketSchema>;

/** The queue's assignment filters: the caller's tickets, nobody's, or every ticket. */
export const QUEUE_ASSIGNMENT_FILTERS = ['all', 'mine', 'unassigned'] as const;
export type QueueAssignmentFilter = (typeof QUEUE_ASSIGNMENT_FILTERS)[number];
export const queueAssignmentFilterSchema = z.enum(QUEUE_ASSIGNMENT_FILTERS, {
  error: 'assigned must be all, mine or unassigned',
});

/** The most open tickets a limit may allow per engineer. */
export const OPEN_TICKET_LIMIT_MAX = 1000;

/** Settings 'assignment' (admins only): the per-engineer limit and automatic assignment. */
export const assignmentSettingsSchema = z.object({
  automaticAssignment: z.boolean({ error: 'Automatic assignment must be on or off' }),
  openTicketLimit: z.coerce
    .number({ error: 'Enter a whole number of tickets' })
    .int('Enter a whole number of tickets')
    .min(1, 'The limit is at least 1 ticket')
    .max(OPEN_TICKET_LIMIT_MAX, `The limit is at most ${OPEN_TICKET_LIMIT_MAX} tickets`),
});
export type AssignmentSettings = z.infer<typeof assignmentSettingsSchema>;
export const DEFAULT_ASSIGNMENT_SETTINGS: AssignmentSettings = {
  automaticAssignment: false,
  openTicketLimit: 10,
};

/** A staff member as the desk shows them for assignment, with their open tickets. */
export interface AssigneeDto {
  id: string;
  name: string;
  role: 'engineer' | 'admin';
  openTickets: number;
}

/** GET /admin/tickets/assignees: who a ticket may go to, and the assignment settings' limit. */
export interface AssigneesDto {
  assignees: AssigneeDto[];
  openTicketLimit: number;
}

/** A ticket's assignee as the desk shows it (admin answers only). */
export interface TicketAssigneeDto {
  _id: string;
  name: string;
}

/** Why an account may not have tickets assigned to it, or null when it may. */
export function assigneeRefusal(account: { role: Role; disabled: boolean } | undefined): string | null {
  if (!account) return 'No such account';
  if (account.role === 'user') return 'Tickets go to engineers or admins, not to customers';
  if (account.disabled) return 'This account is disabled';
  return null;
}

/** A candidate for automatic assignment: an active engineer and how many open tickets they hold. */
export interface AssignmentCandidate {
  id: string;
  role: Role;
  disabled: boolean;
  openTickets: number;
}

/**
 * Who a new ticket goes to when automatic assignment is on: the active engineer with the fewest
 * open tickets who is under the limit, ties to the smallest id (stable, so a replay picks the
 * same person); null when automatic assignment is off, the desk is closed (there is no
 * per-person shift, so 'on shift' is the desk's working hours), or everyone is at the limit.
 */
export function pickAssignee(
  candidates: readonly AssignmentCandidate[],
  settings: AssignmentSettings,
  hours: WorkingHours,
  now: Date,
): string | null {
  if (!settings.automaticAssignment) return null;
  if (!serviceStatus(hours, now).open) return null;
  let best: AssignmentCandidate | null = null;
  for (const c of candidates) {
    if (c.role !== 'engineer' || c.disabled || c.openTickets >= settings.openTicketLimit) continue;
    if (!best || c.openTickets < best.openTickets || (c.openTickets === best.openTickets && c.id < best.id)) {
      best = c;
    }
  }
  return best?.id ?? null;
}

/**
 * Why this staff member may not make this assignment, or null when they may: admins assign
 * anyone to anything; an engineer takes an unassigned ticket (or their own again) and lets go
 * of their own, but does not give or take another's.
 */
export function assignmentRefusal(
  actor: { id: string; role: Role },
  currentAssigneeId: string | null,
  targetUserId: string | null,
): string | null {
  if (actor.role === 'admin') return null;
  if (actor.role !== 'engineer') return 'Only staff assign tickets';
  if (targetUserId === null) {
    return currentAssigneeId === null || currentAssigneeId === actor.id
      ? null
      : 'Only an admin takes a ticket away from its assignee';
  }
  if (targetUserId !== actor.id) return 'Only an admin assigns tickets to others';
  return currentAssigneeId === null || currentAssigneeId === actor.id
    ? null
    : 'This ticket is already assigned; ask an admin to reassign it';
}
