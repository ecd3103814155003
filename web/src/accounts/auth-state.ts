import { isServerFault, type UserDto } from '@ecu/shared';
import { liveQuery } from 'dexie';
import { ApiError, type ApiResult, NetworkError } from '../local/api-client';
import { dropChatCopies } from '../local/chat-copies';
import { accountTables, dropQueued, dropSyncedCopy, localDb, setAuthUser } from '../local/db';
import '../local/query-cache-guard';
import { readSignedInCopy, writeSignedInCopy } from '../local/signed-in-copy';
import { accountsApi } from './api';

/**
 * The signed-in user as Dexie keeps it (the whole user, for the screens), and the lookup that
 * keeps it current. The route gate does not wait for this module: it renders from the
 * synchronous copy (auth-gate.ts), and this module loads beside the first screen
 * (docs/decisions/031-first-visit.md).
 */
export {
  AUTH_LOOKUP_LIMIT_MS,
  firstLookupDone,
  isAuthLookupTimedOut,
  refreshAuthUser,
  useAuthLookupTimedOut,
} from './auth-gate';

export { type AuthUserState, useAuthUser } from './auth-user';

/**
 * Follows the cached authUser in IndexedDB (auth-user.ts keeps one such watch for every screen):
 * `onValue` gets the user, `null` (signed out) or 'unknown' (nothing cached yet).
 */
export function watchAuthUser(onValue: (user: UserDto | null | 'unknown') => void): () => void {
  const subscription = liveQuery(
    async () => ((await localDb.meta.get('authUser'))?.value ?? 'unknown') as UserDto | null | 'unknown',
  ).subscribe({
    next: onValue,
    error: (err: unknown) => console.warn('The signed-in user could not be read', err),
  });
  return () => subscription.unsubscribe();
}

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
 * Asks the server who is signed in and caches the answer. 401 means signed out. Without a
 * network the cached user stays (the app works offline); with nothing cached we treat the
 * visitor as signed out so the sign-in page can show. Called through refreshAuthUser, which
 * has sent the question already (`answer`).
 */
export async function lookUpUser(answer: Promise<ApiResult<UserDto>>): Promise<UserDto | null> {
  // No usable copy yet (a device signed in before the copy existed, or cleared storage):
  // the gate learns what Dexie knows before the server answers, as it did from Dexie itself.
  if (readSignedInCopy() === undefined) {
    const cached = await localDb.meta.get('authUser');
    if (cached) writeSignedInCopy(cached.value as UserDto | null);
  }
  // A sign-out made offline wins: the answer (the session cookie still works) is dropped.
  if (await sendPendingSignOut()) return null;
  try {
    const { data } = await answer;
    await setAuthUser(data);
    return data;
  } catch (err) {
    if (err instanceof ApiError && err.code === 'unauthorized') {
      await setAuthUser(null);
      return null;
    }
    const cached = await localDb.meta.get('authUser');
    if (!cached) await localDb.meta.put({ key: 'authUser', value: null });
    const user = (cached?.value as UserDto | null) ?? null;
    if (readSignedInCopy() === undefined) writeSignedInCopy(user);
    return user;
  }
}

/** Drops everything this device knows about the account (after sign-out), the chats' databases too. */
export async function forgetAccount(): Promise<void> {
  // The copy first: whatever happens next, this device no longer opens the account's screens.
  writeSignedInCopy(null);
  await localDb.transaction('rw', [...accountTables(localDb), localDb.wizardDrafts], async () => {
    await Promise.all([
      dropSyncedCopy(localDb),
      dropQueued(localDb),
      // The unsent wizard and its files (docs/decisions/042-wizard-store.md).
      localDb.wizardDrafts.clear(),
    ]);
    await localDb.meta.put({ key: 'authUser', value: null });
  });
  await dropChatCopies();
}
