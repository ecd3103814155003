import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { type ApiResult, messageOf } from '../local/api-client';
import { useOnline } from '../local/use-online';
import type { ListPageQuery } from './api';
import { currentOwner, readSnapshot, writeSnapshot } from './list-cache';

const SEARCH_DELAY_MS = 300;
const PAGE_SIZE = 50;

export interface PagedListOptions<T> {
  /** Names the list's offline copy, e.g. 'users'. */
  cacheKey: string;
  fetchPage: (query: ListPageQuery, signal: AbortSignal) => Promise<ApiResult<T[]>>;
  idOf: (row: T) => string;
  /** Offline the server cannot search: does a loaded row match the search text? */
  matches: (row: T, q: string) => boolean;
  /** The screen's load-failure text (spec section 8), shown when the server sends none. */
  loadError: string;
  pageSize?: number;
}

export interface PagedList<T> {
  rows: T[];
  /** The search box's text; the server is asked SEARCH_DELAY_MS after the last keystroke. */
  q: string;
  setQ: (q: string) => void;
  /**
   * 'loading' only while nothing is shown yet (a refresh keeps the rows on screen);
   * 'unavailable': offline with nothing loaded on this device.
   */
  status: 'loading' | 'ready' | 'error' | 'unavailable';
  refreshing: boolean;
  error: string | null;
  online: boolean;
  /** Offline: the rows are the last loaded copy, from this time. */
  stale: boolean;
  loadedAt: number | null;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  retry: () => void;
  /** Puts the server's answer to a command in place, without reloading the list. */
  replaceRow: (row: T) => void;
}

interface Loaded<T> {
  q: string;
  rows: T[];
  nextCursor: string | null;
  loadedAt: number;
}

/** Cursor paging and debounced search over an admin list (DECISIONS 4), with an offline copy. */
export function usePagedList<T>(options: PagedListOptions<T>): PagedList<T> {
  const { cacheKey, pageSize = PAGE_SIZE } = options;
  const online = useOnline();
  const [initial] = useState(() => readSnapshot<T>(cacheKey));
  const [q, setQ] = useState(initial?.q ?? '');
  const [searched, setSearched] = useState(initial?.q ?? '');
  const [loaded, setLoaded] = useState<Loaded<T> | null>(initial ?? null);
  const [fetching, setFetching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // Each first-page load starts a generation; a 'load more' answer from an older one is dropped.
  const generation = useRef(0);
  const more = useRef<AbortController | null>(null);
  // The latest callbacks, without making the load effect depend on the caller's inline functions.
  const opts = useRef(options);
  useLayoutEffect(() => {
    opts.current = options;
  });

  useEffect(() => {
    const timer = setTimeout(() => setSearched(q.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [q]);

  useEffect(() => {
    if (loaded) writeSnapshot(cacheKey, { ...loaded, owner: currentOwner() ?? '' });
  }, [cacheKey, loaded]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry trigger
  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    const gen = ++generation.current;
    more.current?.abort();
    setLoadingMore(false);
    setFetching(true);
    opts.current
      .fetchPage({ limit: pageSize, q: searched || undefined }, controller.signal)
      .then((page) => {
        if (gen !== generation.current) return;
        setLoaded({
          q: searched,
          rows: page.data,
          nextCursor: page.nextCursor ?? null,
          loadedAt: Date.now(),
        });
        setError(null);
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        const text = messageOf(err, opts.current.loadError);
        setError(text);
        toast.error(text, { toastId: `admin-list-${cacheKey}` });
      })
      .finally(() => {
        if (gen === generation.current) setFetching(false);
      });
    return () => controller.abort();
  }, [cacheKey, online, pageSize, searched, attempt]);

  useEffect(() => () => more.current?.abort(), []);

  const loadMore = useCallback(() => {
    if (!loaded?.nextCursor || !online || loadingMore) return;
    const gen = generation.current;
    const controller = new AbortController();
    more.current = controller;
    setLoadingMore(true);
    opts.current
      .fetchPage({ limit: pageSize, q: loaded.q || undefined, cursor: loaded.nextCursor }, controller.signal)
      .then((page) => {
        if (gen !== generation.current) return;
        setLoaded((prev) => {
          if (!prev) return prev;
          const ids = new Set(prev.rows.map(opts.current.idOf));
          const added = page.data.filter((row) => !ids.has(opts.current.idOf(row)));
          return { ...prev, rows: [...prev.rows, ...added], nextCursor: page.nextCursor ?? null };
        });
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) toast.error(messageOf(err, opts.current.loadError));
      })
      .finally(() => {
        if (gen === generation.current) setLoadingMore(false);
      });
  }, [loaded, online, loadingMore, pageSize]);

  const replaceRow = useCallback((row: T) => {
    const id = opts.current.idOf(row);
    setLoaded((prev) =>
      prev ? { ...prev, rows: prev.rows.map((r) => (opts.current.idOf(r) === id ? row : r)) } : prev,
    );
  }, []);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const text = q.trim();
  let rows = loaded?.rows ?? [];
  // Offline, a new search narrows the loaded rows on this device instead of asking the server.
  if (!online && text && text !== loaded?.q) rows = rows.filter((row) => options.matches(row, text));

  return {
    rows,
    q,
    setQ,
    status: loaded ? 'ready' : !online ? 'unavailable' : error ? 'error' : 'loading',
    refreshing: fetching && Boolean(loaded),
    error,
    online,
    stale: !online && Boolean(loaded),
    loadedAt: loaded?.loadedAt ?? null,
    hasMore: Boolean(loaded?.nextCursor),
    loadingMore,
    loadMore,
    retry,
    replaceRow,
  };
}
