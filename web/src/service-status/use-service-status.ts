import type { ServiceStatusDto } from '@ecu/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from '../local/api-client';

export const SERVICE_STATUS_KEY = ['service-status'] as const;

/**
 * GET /api/service-status: open or closed, the next opening, the queue. Refetched every minute
 * and on focus; the answer is persisted with the query cache, so offline the last known copy shows.
 */
export function useServiceStatus() {
  return useQuery({
    queryKey: SERVICE_STATUS_KEY,
    queryFn: async ({ signal }) =>
      (await apiRequest<ServiceStatusDto>('GET', '/service-status', undefined, { signal })).data,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    // Cheap to ask, and an admin's change of hours should show on the next page a tuner opens.
    staleTime: 0,
  });
}

/** The current time, moving on every `everyMs`: closing times pass while a page stays open. */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
