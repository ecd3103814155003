import type { AdminUserDetailDto, UserDto } from '@ecu/shared';
import { type InfiniteData, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ApiResult } from '../local/api-client';
import type { UserListKind, UserPagePart } from './api';

/**
 * The admin desk's query keys. Everything sits under 'admin', so that a command can refresh
 * exactly what it touched: ['admin', 'users'] is every user list (Users, Unverified, Disabled
 * and the credits desk), ['admin', 'user', id] a user's page with its paged sections.
 */
export const adminKeys = {
  all: ['admin'] as const,
  users: ['admin', 'users'] as const,
  userList: (list: UserListKind, q: string) => ['admin', 'users', { list, q }] as const,
  transactions: (q: string) => ['admin', 'transactions', { q }] as const,
  ecuFiles: (q: string, status: string, assigned = 'all') =>
    ['admin', 'ecu-files', { q, status, assigned }] as const,
  user: (userId: string) => ['admin', 'user', userId] as const,
  userPart: (userId: string, part: UserPagePart) => ['admin', 'user', userId, part] as const,
  deliveries: ['admin', 'deliveries'] as const,
  /** What a screen remembers between visits (search text, filter): see useRememberedValue. */
  view: (name: string) => ['admin', 'view', name] as const,
};

/** One loaded page of an admin list, as the server sent it. */
export type ListPage<T> = Pick<ApiResult<T[]>, 'data'> & { nextCursor?: string | null };
export type PagedData<T> = InfiniteData<ListPage<T>, string | null>;

function mapRows<T>(data: PagedData<T> | undefined, map: (rows: T[]) => T[]): PagedData<T> | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, data: map(page.data) })) };
}

/**
 * Puts what a command changed in place at once, in every user list and on the user's page;
 * the refetch that follows (invalidateAfterUserChange) then brings the server's whole truth.
 */
export function patchCachedUser(client: QueryClient, userId: string, patch: Partial<UserDto>): void {
  client.setQueriesData<PagedData<UserDto>>({ queryKey: adminKeys.users }, (data) =>
    mapRows(data, (rows) => rows.map((u) => (u._id === userId ? { ...u, ...patch } : u))),
  );
  client.setQueryData<AdminUserDetailDto>(adminKeys.user(userId), (detail) =>
    detail ? { ...detail, user: { ...detail.user, ...patch } } : detail,
  );
}

/**
 * A deleted account leaves every list at once, and everything else loads again (its name
 * leaves files, payments and figures too). Its page's copies go as soon as nothing shows
 * them: the page itself drops them when it closes (removing them under it would refetch).
 */
export function dropCachedUser(client: QueryClient, userId: string): Promise<unknown> {
  client.setQueriesData<PagedData<UserDto>>({ queryKey: adminKeys.users }, (data) =>
    mapRows(data, (rows) => rows.filter((u) => u._id !== userId)),
  );
  const cache = client.getQueryCache();
  const isUsersPage = (key: readonly unknown[]) => key[1] === 'user' && key[2] === userId;
  for (const query of cache.findAll({ queryKey: adminKeys.user(userId) })) {
    if (query.getObserversCount() === 0) cache.remove(query);
  }
  return client.invalidateQueries({ queryKey: adminKeys.all, predicate: (q) => !isUsersPage(q.queryKey) });
}

/** After a command on a user: the user lists and that user's page load again. */
export function invalidateAfterUserChange(client: QueryClient, userId: string): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: adminKeys.users }),
    client.invalidateQueries({ queryKey: adminKeys.user(userId) }),
  ]);
}

/**
 * A value a screen keeps between visits and across a reload (the search text of a list, a
 * status filter). It lives in the query cache, so it is persisted with the data it selects
 * and wiped with it on sign-out or a change of account. Read it after the persisted cache is
 * restored (AfterRestore in list-parts), or the first render reads an empty cache.
 */
export function useRememberedValue<T>(name: string, initial: T): [T, (next: T) => void] {
  const client = useQueryClient();
  const [value, setValue] = useState<T>(() => client.getQueryData<T>(adminKeys.view(name)) ?? initial);
  const remember = useCallback(
    (next: T) => {
      setValue(next);
      client.setQueryData<T>(adminKeys.view(name), next);
    },
    [client, name],
  );
  return [value, remember];
}
