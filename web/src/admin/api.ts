import type {
  ListQuery,
  TransactionDto,
  UpdatePerCreditPriceInput,
  UpdateUserCreditsInput,
  UserDto,
} from '@ecu/shared';
import { apiRequest } from '../local/api-client';

/** One page of an admin list (DECISIONS 4): limit, cursor and q in, { data, nextCursor } out. */
export type ListPageQuery = Partial<ListQuery>;

function listPath(path: string, { limit, cursor, q }: ListPageQuery): string {
  const params = new URLSearchParams();
  if (limit) params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  if (q?.trim()) params.set('q', q.trim());
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The admin credit desk's calls (spec section 7). They go straight to the server, never
 * through the outbox: admins act on live data (DECISIONS 1).
 */
export const adminApi = {
  getAllUsers: (query: ListPageQuery, signal?: AbortSignal) =>
    apiRequest<UserDto[]>('GET', listPath('/admin/getAllUsers', query), undefined, { signal }),
  getAllTransactionHistory: (query: ListPageQuery, signal?: AbortSignal) =>
    apiRequest<TransactionDto[]>('GET', listPath('/admin/getAllTransactionHistory', query), undefined, {
      signal,
    }),
  updateUserCredits: (input: UpdateUserCreditsInput) =>
    apiRequest<UserDto>('PUT', '/admin/updateUserCredits', input),
  updatePerCreditPrice: (input: UpdatePerCreditPriceInput) =>
    apiRequest<UserDto>('PUT', '/admin/updatePerCreditPrice', input),
};
