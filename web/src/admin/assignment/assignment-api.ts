import type { AssigneesDto, TicketDto } from '@ecu/shared';
import { apiRequest } from '../../local/api-client';

export const assignmentKeys = {
  // Under 'admin': every desk command's invalidation refreshes the counts too.
  assignees: ['admin', 'assignees'] as const,
};

/**
 * Assignment (docs/decisions/087-assignment.md): staff calls, straight to the server and never
 * queued, like every desk call (docs/decisions/014-admin-data-with-tanstack-query.md).
 */
export const assignmentApi = {
  assignees: (signal?: AbortSignal) =>
    apiRequest<AssigneesDto>('GET', '/admin/tickets/assignees', undefined, { signal }),
  /** userId: a staff member (one's own id takes the ticket), or null to unassign. */
  assign: (ticketNumber: number, userId: string | null) =>
    apiRequest<TicketDto>('POST', '/admin/tickets/assign', { ticketNumber, userId }),
};
