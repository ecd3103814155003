import { keepPreviousData, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { type ApiResult, messageOf } from '../local/api-client';
import { useOnline } from '../local/use-online';
import type { ListPageQuery } from './api';
import { type ListPage, useRememberedValue } from './queries';

export const SEARCH_DELAY_MS = 300;
const PAGE_SIZE = 50;

export interface AdminListOptions<T> {
  /** Names what the list remembers between visits (its search text), e.g. 'users'. */
  name: string;
  /** The query key of the list for a search text; it starts with ['admin', ...]. */
  queryKey: (q: string) => QueryKey;
  fetchPage: (query: ListPageQuery, signal: AbortSignal) => Promise<ApiResult<T[]>>;
  idOf: (row: T) => string;
  /** Offline the server cannot search: does a loaded row match the search text? */
  matches: (row: T, q: string) => boolean;
  /** The screen's load-failure text, shown when the server sends none. */
  loadError: string;
  pageSize?: number;
}

export interface AdminList<T> {
  rows: T[];
  /** The search box's text; the server is asked SEARCH_DELAY_MS after the last keystroke. */
  q: string;
  setQ: (q: string) => void;
  /**
   * 'loading' only while nothing is shown yet (a refresh or a new search keeps the rows on
   * screen); 'unavailable': offline with nothing loaded on this device.
   */
  status: 'loading' | 'ready' | 'error' | 'unavailable';
  refreshing: boolean;
  error: string | null;
  online: boolean;
  /** Offline: the rows are the last loaded copy, from loadedAt. */
  stale: boolean;
  loadedAt: number | null;
  hasMore: boolean;
  loadingMore: boolean;
  /** A new search is on its way; the rows are the previous search's until it answers. */
  searching: boolean;
  loadMore: () => void;
  retry: () => void;
}

/** The search text the server is asked for: the typed text once typing pauses. */
function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * Every admin list reads the server this way (docs/decisions/014-admin-data-with-tanstack-query.md):
 * an infinite query paged by cursor, searched on the server after a pause in
 * typing, the previous rows kept on screen while a new search loads. The cache is persisted,
 * so offline the last loaded pages show, marked with the time they were loaded.
 */
export function useAdminList<T>(options: AdminListOptions<T>): AdminList<T> {
  const { name, pageSize = PAGE_SIZE, loadError } = options;
  const online = useOnline();
  const [q, setQ] = useRememberedValue(`${name}:q`, '');
  const searched = useDebounced(q.trim(), SEARCH_DELAY_MS);
  // The latest callbacks, without making the query depend on the caller's inline functions.
  const opts = useRef(options);
  useLayoutEffect(() => {
    opts.current = options;
  });

  const query = useInfiniteQuery({
    queryKey: options.queryKey(searched),
    queryFn: ({ pageParam, signal }): Promise<ListPage<T>> =>
      opts.current.fetchPage(
        { limit: pageSize, cursor: pageParam ?? undefined, q: searched || undefined },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    // Every visit asks the server again (a payment may have landed since); the copy shows meanwhile.
    staleTime: 0,
  });

  const error = query.error ? messageOf(query.error, loadError) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new failure with the same text toasts again
  useEffect(() => {
    if (error) toast.error(error, { toastId: `admin-list-${name}` });
  }, [error, name, query.errorUpdatedAt]);

  // Offline with a new search text, the rows on screen are the previous search's: narrow them
  // here, so that the table never shows rows the search would not find.
  const narrowHere = !online && query.isPlaceholderData && searched !== '';
  const rows = useMemo(() => {
    const seen = new Set<string>();
    const all: T[] = [];
    for (const page of query.data?.pages ?? []) {
      for (const row of page.data) {
        const id = opts.current.idOf(row);
        if (seen.has(id)) continue;
        seen.add(id);
        if (!narrowHere || opts.current.matches(row, searched)) all.push(row);
      }
    }
    return all;
  }, [query.data, narrowHere, searched]);

  // The time of the copy on screen: a placeholder shows the previous search's copy.
  const loadedAtRef = useRef<number | null>(null);
  if (!query.isPlaceholderData && query.dataUpdatedAt) loadedAtRef.current = query.dataUpdatedAt;

  const hasData = query.data !== undefined;
  const canPage = online && !query.isPlaceholderData && !query.isFetchingNextPage;
  const { fetchNextPage, refetch, hasNextPage } = query;
  const loadMore = useCallback(() => {
    if (canPage && hasNextPage) void fetchNextPage();
  }, [canPage, hasNextPage, fetchNextPage]);
  const retry = useCallback(() => void refetch(), [refetch]);

  return {
    rows,
    q,
    setQ,
    status: hasData ? 'ready' : !online ? 'unavailable' : query.isError ? 'error' : 'loading',
    refreshing: hasData && query.isFetching && !query.isFetchingNextPage,
    error,
    online,
    stale: !online && hasData,
    loadedAt: loadedAtRef.current,
    hasMore: Boolean(hasNextPage),
    loadingMore: query.isFetchingNextPage,
    searching: query.isPlaceholderData && query.isFetching,
    loadMore,
    retry,
  };
}
