import type { InternalNoteDto, TicketNotesDto } from '@ecu/shared';
import { apiRequest } from '../../local/api-client';

export const noteKeys = {
  ticket: (ticketNumber: number) => ['admin', 'ticket-notes', ticketNumber] as const,
};

/**
 * Internal notes (docs/decisions/086-engineers-and-internal-notes.md): staff calls, straight to
 * the server and never queued, like every desk call (docs/decisions/014-admin-data-with-tanstack-query.md).
 */
export const notesApi = {
  ofTicket: (ticketNumber: number, signal?: AbortSignal) =>
    apiRequest<TicketNotesDto>('GET', `/admin/tickets/notes?ticketNumber=${ticketNumber}`, undefined, {
      signal,
    }),
  addToTicket: (ticketNumber: number, text: string) =>
    apiRequest<TicketNotesDto>('POST', '/admin/tickets/notes', { ticketNumber, text }),
  addToSoftware: (softwareNumber: string, text: string) =>
    apiRequest<InternalNoteDto>('POST', '/admin/software-notes', { softwareNumber, text }),
};
