import { useSyncExternalStore } from 'react';
import { isOnline, subscribeOnline } from './connectivity';

/** Whether the portal can reach its server now (connectivity.ts); re-renders when it changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}
