import type { ChatInboxRow } from '@ecu/shared/chat/payload';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../local/api-client';

/** How often the sidebar asks how many tickets wait for support (and on window focus). */
export const INBOX_POLL_MS = 30_000;

export const inboxKeys = {
  rows: ['admin', 'chat-inbox', 'rows'] as const,
  count: ['admin', 'chat-inbox', 'count'] as const,
};

export const inboxApi = {
  rows: async (signal?: AbortSignal) =>
    (await apiRequest<{ rows: ChatInboxRow[] }>('GET', '/admin/chat-inbox', undefined, { signal })).data.rows,
  count: async (signal?: AbortSignal) =>
    (await apiRequest<{ count: number }>('GET', '/admin/chat-inbox/count', undefined, { signal })).data.count,
};

/** The support inbox: tickets with customer messages support has not read, oldest first. */
export function useInboxRows() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: inboxKeys.rows,
    queryFn: ({ signal }) => inboxApi.rows(signal),
    // Every visit asks again; the remembered copy shows meanwhile (and offline).
    staleTime: 0,
    refetchInterval: INBOX_POLL_MS,
  });
  // A fresh list means a fresh count for the sidebar too.
  const { dataUpdatedAt } = query;
  useEffect(() => {
    if (dataUpdatedAt) void client.invalidateQueries({ queryKey: inboxKeys.count });
  }, [client, dataUpdatedAt]);
  return query;
}

/** The sidebar's figure: polled every 30 s and on window focus. */
export function useInboxCount(): number | undefined {
  const query = useQuery({
    queryKey: inboxKeys.count,
    queryFn: ({ signal }) => inboxApi.count(signal),
    staleTime: 0,
    refetchInterval: INBOX_POLL_MS,
    refetchOnWindowFocus: 'always',
  });
  return query.data;
}
