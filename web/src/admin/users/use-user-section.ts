import type { AdminUserDetailDto } from '@ecu/shared';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'react-toastify';
import { messageOf } from '../../local/api-client';
import { useOnline } from '../../local/use-online';
import { adminApi, type UserPagePart, type UserPageParts } from '../api';
import { adminKeys, type ListPage } from '../queries';

const PAGE_SIZE = 20;

const FIRST_PAGE = {
  ledger: (d: AdminUserDetailDto) => ({ rows: d.ledger, cursor: d.ledgerNextCursor }),
  payments: (d: AdminUserDetailDto) => ({ rows: d.payments, cursor: d.paymentsNextCursor }),
  tickets: (d: AdminUserDetailDto) => ({ rows: d.tickets, cursor: d.ticketsNextCursor }),
  audit: (d: AdminUserDetailDto) => ({ rows: d.audit, cursor: d.auditNextCursor }),
} satisfies {
  [P in UserPagePart]: (d: AdminUserDetailDto) => { rows: UserPageParts[P][]; cursor: string | null };
};

function idOf(row: UserPageParts[UserPagePart]): string {
  return '_id' in row ? row._id : String(row.id);
}

export interface UserSection<T> {
  rows: T[];
  hasMore: boolean;
  loadingMore: boolean;
  /** Offline nothing more can load. */
  online: boolean;
  loadMore: () => void;
}

/**
 * One list of a user's page (ledger, payments, tickets, audit trail). Its first page comes
 * with the user's page (one call); 'Load more' pages on through GET /admin/users/:id/<part>.
 * The later pages are keyed by the first page's cursor: when a command changes the first
 * page (a new ledger line), they start again from the new cursor instead of overlapping it.
 */
export function useUserSection<P extends UserPagePart>(
  detail: AdminUserDetailDto,
  part: P,
): UserSection<UserPageParts[P]> {
  const online = useOnline();
  const { i18n } = useLingui();
  const userId = detail.user._id;
  const first = FIRST_PAGE[part](detail) as { rows: UserPageParts[P][]; cursor: string | null };
  const [expanded, setExpanded] = useState(false);
  const more = useInfiniteQuery({
    queryKey: [...adminKeys.userPart(userId, part), { after: first.cursor }],
    queryFn: async ({ pageParam, signal }): Promise<ListPage<UserPageParts[P]>> =>
      adminApi.userPart(userId, part, { cursor: pageParam ?? undefined, limit: PAGE_SIZE }, signal),
    initialPageParam: first.cursor,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: expanded && first.cursor !== null,
  });

  useEffect(() => {
    if (more.error)
      toast.error(messageOf(more.error, i18n._(msg`Failed to load more`)), { toastId: `user-${part}` });
  }, [more.error, part, i18n]);

  const rows = useMemo(() => {
    const seen = new Set<string>();
    const extra = expanded ? (more.data?.pages.flatMap((p) => p.data) ?? []) : [];
    return [...first.rows, ...extra].filter((row) => {
      const id = idOf(row);
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
  }, [first.rows, more.data, expanded]);

  const hasMore = first.cursor !== null && (!expanded || !more.data || Boolean(more.hasNextPage));
  const loadingMore = more.isFetching;

  return {
    rows,
    hasMore,
    loadingMore,
    online,
    loadMore: () => {
      if (!online || loadingMore) return;
      if (!expanded) setExpanded(true);
      else void more.fetchNextPage();
    },
  };
}
