import type {
  CreateSolutionInput,
  SolutionDto,
  SolutionListDto,
  SolutionState,
  TicketSolutionMatchDto,
} from '@ecu/shared';
import { type ApiResult, apiRequest } from '../../local/api-client';
import type { ListPageQuery } from '../api';

export interface UploadPair {
  item: string;
  /** Used only when the server cannot read one from the original; '' for none. */
  softwareNumber: string;
  approve: boolean;
  includesChecksum: boolean;
  original: File;
  modified: File;
}

/** The list's query: the start of a software number, a state, and the page. */
export interface SolutionListQuery extends ListPageQuery {
  state?: SolutionState | undefined;
}

function listPath({ limit, cursor, q, state }: SolutionListQuery): string {
  const params = new URLSearchParams();
  if (limit) params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  if (q?.trim()) params.set('q', q.trim());
  if (state) params.set('state', state);
  const query = params.toString();
  return query ? `/admin/solutions?${query}` : '/admin/solutions';
}

/**
 * The solution library's admin calls (docs/decisions/085-solution-library.md). Straight to the
 * server, never queued: admins act on live data (docs/decisions/014-admin-data-with-tanstack-query.md).
 */
export const solutionsApi = {
  /** One page, as the admin lists read it: the rows as `data`, the cursor beside them. */
  list: async (query: SolutionListQuery, signal?: AbortSignal): Promise<ApiResult<SolutionDto[]>> => {
    const answer = await apiRequest<SolutionListDto>('GET', listPath(query), undefined, { signal });
    return { message: answer.message, data: answer.data.solutions, nextCursor: answer.data.nextCursor };
  },
  create: (input: Partial<CreateSolutionInput> & Pick<CreateSolutionInput, 'ticketNumber'>) =>
    apiRequest<SolutionDto>('POST', '/admin/solutions', input),
  /** An original + modified pair for one stage or option (multipart, the files read and dropped). */
  uploadPair: (pair: UploadPair) => {
    const form = new FormData();
    form.set('item', pair.item);
    if (pair.softwareNumber.trim()) form.set('softwareNumber', pair.softwareNumber.trim());
    form.set('approve', String(pair.approve));
    form.set('includesChecksum', String(pair.includesChecksum));
    form.set('original', pair.original);
    form.set('modified', pair.modified);
    return apiRequest<SolutionDto>('POST', '/admin/solutions/upload', form);
  },
  approve: (id: number) => apiRequest<SolutionDto>('POST', `/admin/solutions/${id}/approve`),
  retire: (id: number) => apiRequest<SolutionDto>('POST', `/admin/solutions/${id}/retire`),
  /** What matching found for a ticket; null until it ran. */
  matches: (ticketNumber: number, signal?: AbortSignal) =>
    apiRequest<TicketSolutionMatchDto | null>('GET', `/admin/solutions/matches/${ticketNumber}`, undefined, {
      signal,
    }),
};

/** The read with the covered options applied (a plain download, as the ticket's files are). */
export const preparedFileUrl = (ticketNumber: number) =>
  `/api/admin/solutions/matches/${ticketNumber}/prepared`;

export const solutionKeys = {
  all: ['admin', 'solutions'] as const,
  list: (q: string, state: string) => ['admin', 'solutions', 'list', { q, state }] as const,
  matches: (ticketNumber: number) => ['admin', 'solutions', 'matches', ticketNumber] as const,
};
