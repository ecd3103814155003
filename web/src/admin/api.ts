import type {
  AdminUserDetailDto,
  AuditEntryDto,
  LedgerEntryDto,
  ListQuery,
  TicketSummaryDto,
  TransactionDto,
  UpdatePerCreditPriceInput,
  UpdateUserCreditsInput,
  UpdateUserRoleInput,
  UserDto,
} from '@ecu/shared';
import { apiRequest } from '../local/api-client';

/** One page of an admin list: limit, cursor and q in, { data, nextCursor } out. */
export type ListPageQuery = Partial<ListQuery>;

function listPath(path: string, { limit, cursor, q }: ListPageQuery): string {
  const params = new URLSearchParams();
  if (limit) params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  if (q?.trim()) params.set('q', q.trim());
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The three user lists of the admin desk: /users, /unverified-users and /disabled-users. */
export type UserListKind = 'all' | 'unverified' | 'disabled';

const USER_LIST_PATHS: Record<UserListKind, string> = {
  all: '/admin/getAllUsers',
  unverified: '/admin/getAllUnverifiedUsers',
  disabled: '/admin/getAllDisabledUsers',
};

/** The paged lists of a user's page, each through GET /admin/users/:userId/<part>. */
export interface UserPageParts {
  ledger: LedgerEntryDto;
  payments: TransactionDto;
  tickets: TicketSummaryDto;
  audit: AuditEntryDto;
}
export type UserPagePart = keyof UserPageParts;

const userPath = (userId: string) => `/admin/users/${encodeURIComponent(userId)}`;

/**
 * The admin desk's calls about users, credits and payments. They go straight
 * to the server, never through the outbox: admins act on live data (docs/decisions/014-admin-data-with-tanstack-query.md).
 */
export const adminApi = {
  listUsers: (kind: UserListKind, query: ListPageQuery, signal?: AbortSignal) =>
    apiRequest<UserDto[]>('GET', listPath(USER_LIST_PATHS[kind], query), undefined, { signal }),
  getAllTransactionHistory: (query: ListPageQuery, signal?: AbortSignal) =>
    apiRequest<TransactionDto[]>('GET', listPath('/admin/getAllTransactionHistory', query), undefined, {
      signal,
    }),
  userDetail: (userId: string, signal?: AbortSignal) =>
    apiRequest<AdminUserDetailDto>('GET', userPath(userId), undefined, { signal }),
  userPart: <P extends UserPagePart>(userId: string, part: P, query: ListPageQuery, signal?: AbortSignal) =>
    apiRequest<UserPageParts[P][]>('GET', listPath(`${userPath(userId)}/${part}`, query), undefined, {
      signal,
    }),
  updateUserCredits: (input: UpdateUserCreditsInput) =>
    apiRequest<UserDto>('PUT', '/admin/updateUserCredits', input),
  updatePerCreditPrice: (input: UpdatePerCreditPriceInput) =>
    apiRequest<UserDto>('PUT', '/admin/updatePerCreditPrice', input),
  updateUserRole: (input: UpdateUserRoleInput) =>
    apiRequest<UserDto | null>('PUT', '/admin/updateUserRole', input),
  disableUser: (userId: string) => apiRequest<unknown>('POST', '/admin/disableUser', { userId }),
  activateUser: (userId: string) => apiRequest<unknown>('POST', '/admin/activeUser', { userId }),
  deleteUser: (userId: string) => apiRequest<unknown>('POST', '/admin/deleteUser', { userId }),
  resendVerification: (userId: string) =>
    apiRequest<unknown>('POST', '/admin/resendVerification', { userId }),
};
