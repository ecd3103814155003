import { type AuthState, isServerFault, type UserDto } from '@ecu/shared';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { ApiError, NetworkError } from '../local/api-client';
import { localDb, setAuthUser } from '../local/db';
import { TimeLimitError, withTimeLimit } from '../local/time-limit';
import { accountsApi } from './api';

/** 'loading': Dexie not read yet; 'unknown': nothing cached, the server has not answered yet. */
export type AuthUserState = UserDto | null | 'loading' | 'unknown';

const UNKNOWN = { key: 'authUser', value: 'unknown' } as const;

/** The cached authUser (docs/product.md#1-roles-and-accounts), live from IndexedDB. */
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
    if (err instanceof NetworkError || (err instanceof ApiError && isServerFault(err.code))) return true;
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
 * How long a screen waits for the server to say who is signed in. Past it the screen shows
 * what this device knows, or, knowing nothing, a Retry; the answer still lands when it comes.
 */
export const AUTH_LOOKUP_LIMIT_MS = 4_000;

let lookupTimedOut = false;
const lookupListeners = new Set<() => void>();

function setLookupTimedOut(value: boolean) {
  if (lookupTimedOut === value) return;
  lookupTimedOut = value;
  for (const listener of lookupListeners) listener();
}

function subscribeLookup(listener: () => void) {
  lookupListeners.add(listener);
  return () => lookupListeners.delete(listener);
}

/** True while the current lookup of the user has run past AUTH_LOOKUP_LIMIT_MS unanswered. */
export function isAuthLookupTimedOut(): boolean {
  return lookupTimedOut;
}

export function useAuthLookupTimedOut(): boolean {
  return useSyncExternalStore(subscribeLookup, isAuthLookupTimedOut, () => false);
}

let firstLookup: Promise<void> | undefined;

/**
 * Settles once the first lookup of the user is answered or has run out of time: work that
 * must not compete with the first screen's requests (the service worker's precache) waits on it.
 */
export function firstLookupDone(): Promise<void> {
  return firstLookup ?? Promise.resolve();
}

function watchLookup(lookup: Promise<UserDto | null>) {
  setLookupTimedOut(false);
  const limited = withTimeLimit(lookup, AUTH_LOOKUP_LIMIT_MS).then(
    () => {},
    (err: unknown) => {
      if (err instanceof TimeLimitError && inflight === lookup) setLookupTimedOut(true);
    },
  );
  // A late answer ends the time-out too: the screen knows who is signed in now.
  lookup.then(
    () => inflight === null && setLookupTimedOut(false),
    () => {},
  );
  firstLookup ??= limited;
}

/**
 * Asks the server who is signed in and caches the answer. 401 means signed out. Without a
 * network the cached user stays (the app works offline); with nothing cached we treat the
 * visitor as signed out so the sign-in page can show. A call while a lookup is under way
 * joins it, unless `fresh` (the Retry after a lookup ran out of time: its connection may hang).
 */
export function refreshAuthUser({ fresh = false }: { fresh?: boolean } = {}): Promise<UserDto | null> {
  if (inflight && !fresh) {
    watchLookup(inflight);
    return inflight;
  }
  const lookup: Promise<UserDto | null> = (async () => {
    if (await sendPendingSignOut()) return null;
    try {
      const { data } = await accountsApi.getMe();
      await setAuthUser(data);
      return data;
    } catch (err) {
      if (err instanceof ApiError && err.code === 'unauthorized') {
        await setAuthUser(null);
        return null;
      }
      const cached = await localDb.meta.get('authUser');
      if (!cached) await localDb.meta.put({ key: 'authUser', value: null });
      return (cached?.value as UserDto | null) ?? null;
    }
  })().finally(() => {
    if (inflight === lookup) inflight = null;
  });
  inflight = lookup;
  watchLookup(lookup);
  return lookup;
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
