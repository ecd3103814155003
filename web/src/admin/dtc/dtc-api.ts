import type { TicketDto } from '@ecu/shared';
import { apiRequest } from '../../local/api-client';

/**
 * The fault-code checklist's call (docs/decisions/092-fault-code-lists.md): a staff call,
 * straight to the server and never queued (docs/decisions/014-admin-data-with-tanstack-query.md).
 */
export const dtcApi = {
  tick: (ticketNumber: number, code: string, removed: boolean) =>
    apiRequest<TicketDto>('POST', '/admin/tickets/dtc-codes', { ticketNumber, code, removed }),
};
