import type {
  AdminUserDetailDto,
  AuditEntryDto,
  DeliveriesDto,
  DeliveryJobDto,
  LedgerEntryDto,
  ListQuery,
  TicketSummaryDto,
  TransactionDto,
  UpdatePerCreditPriceInput,
  UpdateUserCreditsInput,
  UpdateUserRoleInput,
  UserDto,
} from '@ecu/shared';
import { type ApiResult, apiRequest, isSettledRefusal } from '../local/api-client';

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
 * A command sent with one Idempotency-Key per change, as the checkout does
 * (docs/decisions/024-money-hardening.md): the same change asked for again while it runs (a
 * double click) is that same request, and after an answer that settled nothing (no answer, a
 * 5xx, 409) the next identical change is a retry under the same key. The server applies a key
 * once; a settled answer (success, or a refusal) makes the next identical change a new one.
 */
function onePerKey<I, T>(method: 'PUT' | 'POST', path: string): (input: I) => Promise<ApiResult<T>> {
  const open = new Map<string, { key: string; running?: Promise<ApiResult<T>> | undefined }>();
  return (input) => {
    const id = JSON.stringify(input);
    const entry = open.get(id) ?? { key: crypto.randomUUID() };
    if (entry.running) return entry.running;
    open.set(id, entry);
    entry.running = apiRequest<T>(method, path, input, { idempotencyKey: entry.key }).then(
      (answer) => {
        open.delete(id);
        return answer;
      },
      (err: unknown) => {
        if (isSettledRefusal(err)) open.delete(id);
        else entry.running = undefined;
        throw err;
      },
    );
    return entry.running;
  };
}

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
  updateUserCredits: onePerKey<UpdateUserCreditsInput, UserDto>('PUT', '/admin/updateUserCredits'),
  updatePerCreditPrice: onePerKey<UpdatePerCreditPriceInput, UserDto>('PUT', '/admin/updatePerCreditPrice'),
  updateUserRole: (input: UpdateUserRoleInput) =>
    apiRequest<UserDto | null>('PUT', '/admin/updateUserRole', input),
  disableUser: (userId: string) => apiRequest<unknown>('POST', '/admin/disableUser', { userId }),
  activateUser: (userId: string) => apiRequest<unknown>('POST', '/admin/activeUser', { userId }),
  deleteUser: (userId: string) => apiRequest<unknown>('POST', '/admin/deleteUser', { userId }),
  resendVerification: (userId: string) =>
    apiRequest<unknown>('POST', '/admin/resendVerification', { userId }),
  deliveries: (signal?: AbortSignal) =>
    apiRequest<DeliveriesDto>('GET', '/admin/deliveries', undefined, { signal }),
  retryDelivery: ({ queue, id }: Pick<DeliveryJobDto, 'queue' | 'id'>) =>
    apiRequest<DeliveryJobDto>(
      'POST',
      `/admin/deliveries/${encodeURIComponent(queue)}/${encodeURIComponent(id)}/retry`,
    ),
};
