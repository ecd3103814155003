import type { TicketDto } from '@ecu/shared';
import type { CannedReplyDto, CannedReplyInput, PlaceholderValues } from '@ecu/shared/chat/canned-replies';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../local/api-client';

export const cannedReplyKeys = { all: ['admin', 'canned-replies'] as const };

/**
 * Canned replies (docs/decisions/088-canned-replies.md): staff calls, straight to the server and
 * never queued, like every desk call (docs/decisions/014-admin-data-with-tanstack-query.md).
 */
export const cannedRepliesApi = {
  list: async (signal?: AbortSignal) =>
    (await apiRequest<CannedReplyDto[]>('GET', '/admin/canned-replies', undefined, { signal })).data,
  add: (input: CannedReplyInput) => apiRequest<CannedReplyDto>('POST', '/admin/canned-replies', input),
  edit: (id: string, input: CannedReplyInput) =>
    apiRequest<CannedReplyDto>('PUT', `/admin/canned-replies/${encodeURIComponent(id)}`, input),
  remove: (id: string) =>
    apiRequest<{ id: string }>('DELETE', `/admin/canned-replies/${encodeURIComponent(id)}`),
};

/** The shared list, by title; staff pages only (the customer's screens never call this). */
export function useCannedReplies() {
  return useQuery({
    queryKey: cannedReplyKeys.all,
    queryFn: ({ signal }) => cannedRepliesApi.list(signal),
  });
}

/** What a ticket gives the placeholders: blank or unknown values stay null (the fill shows a fallback). */
export function placeholderValuesOf(
  ticket: Pick<TicketDto, 'ticketNumber' | 'make' | 'model' | 'year' | 'userId'> | undefined,
): PlaceholderValues {
  if (!ticket) return {};
  const owner = ticket.userId;
  const name = `${owner?.firstName ?? ''} ${owner?.lastName ?? ''}`.trim();
  const vehicle = [ticket.make, ticket.model, ticket.year].filter((v) => String(v ?? '').trim()).join(' ');
  return {
    customerName: name || null,
    firstName: owner?.firstName?.trim() || null,
    ticketNumber: ticket.ticketNumber,
    vehicle: vehicle || null,
  };
}
