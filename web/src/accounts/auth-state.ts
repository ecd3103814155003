import type { AuthState, UserDto } from '@ecu/shared';
import { useLiveQuery } from 'dexie-react-hooks';
import { ApiError, NetworkError } from '../local/api-client';
import { localDb, setAuthUser } from '../local/db';
import { accountsApi } from './api';

/** 'loading': Dexie not read yet; 'unknown': nothing cached, the server has not answered yet. */
export type AuthUserState = UserDto | null | 'loading' | 'unknown';

const UNKNOWN = { key: 'authUser', value: 'unknown' } as const;

/** The cached authUser (spec: 'Cached under the key authUser'), live from IndexedDB. */
export function useAuthUser(): AuthUserState {
  return useLiveQuery(
    async () => ((await localDb.meta.get('authUser')) ?? UNKNOWN).value as UserDto | null | 'unknown',
    [],
    'loading' as const,
  );
}

export function toAuthState(user: UserDto | null): AuthState {
  return user
    ? { signedIn: true, role: user.role, onBoarded: user.onBoarded, verified: user.verified }
    : { signedIn: false };
}

let inflight: Promise<UserDto | null> | null = null;

/**
 * Tells the server of a sign-out made offline. True while it still cannot be told: until
 * then this device stays signed out and never asks the server who is signed in (the session
 * cookie would still answer).
 */
export async function sendPendingSignOut(): Promise<boolean> {
  if (!(await localDb.meta.get('pendingSignOut'))) return false;
  try {
    await accountsApi.logout();
  } catch (err) {
    if (err instanceof NetworkError || (err instanceof ApiError && err.status >= 500)) return true;
    // Any other answer (401: the session had already ended) means nothing is left to end.
  }
  await localDb.meta.delete('pendingSignOut');
  return false;
}

/** Sign-out without a network: this device forgets the account now, the server hears later. */
export async function signOutOffline(): Promise<void> {
  await forgetAccount();
  await localDb.meta.put({ key: 'pendingSignOut', value: Date.now() });
}

/**
 * Asks the server who is signed in and caches the answer. 401 means signed out. Without a
 * network the cached user stays (the app works offline); with nothing cached we treat the
 * visitor as signed out so the sign-in page can show.
 */
export function refreshAuthUser(): Promise<UserDto | null> {
  if (inflight) return inflight;
  inflight = (async () => {
    if (await sendPendingSignOut()) return null;
    try {
      const { data } = await accountsApi.getMe();
      await setAuthUser(data);
      return data;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        await setAuthUser(null);
        return null;
      }
      const cached = await localDb.meta.get('authUser');
      if (!cached) await localDb.meta.put({ key: 'authUser', value: null });
      return (cached?.value as UserDto | null) ?? null;
    }
  })().finally(() => {
    inflight = null;
  });
  return inflight;
}

/** Drops everything this device knows about the account (after sign-out). */
export async function forgetAccount(): Promise<void> {
  await localDb.transaction(
    'rw',
    [localDb.meta, localDb.outbox, localDb.tickets, localDb.transactions, localDb.localFiles],
    async () => {
      await Promise.all([
        localDb.outbox.clear(),
        localDb.tickets.clear(),
        localDb.transactions.clear(),
        localDb.localFiles.clear(),
      ]);
      await localDb.meta.delete('syncCursor');
      await localDb.meta.put({ key: 'authUser', value: null });
    },
  );
}
