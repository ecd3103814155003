import { type AuthState, isStaff, type UserDto } from '@ecu/shared';
import { useSyncExternalStore } from 'react';
import { ApiError, type ApiResult } from '../local/api-client';
import { firstContentfulPaint } from '../local/first-paint';
import { mayHoldLocalDatabase } from '../local/local-database';
import {
  type GateUser,
  readSignedInCopy,
  subscribeSignedInCopy,
  writeSignedInCopy,
} from '../local/signed-in-copy';
import { withTimeLimit } from '../local/time-limit';
import { accountsApi } from './api';

/**
 * What the route gate reads on the first frame, without Dexie: the synchronous copy of the
 * signed-in user (local/signed-in-copy.ts) and the state of the lookup. The lookup itself
 * (auth-state.ts, with Dexie) loads beside the first screen (docs/decisions/031-first-visit.md).
 */

/** 'unknown': nothing known on this device, the server has not answered yet. */
export type GateUserState = GateUser | null | 'unknown';

function gateUserSnapshot(): GateUserState {
  const copy = readSignedInCopy();
  return copy === undefined ? 'unknown' : copy;
}

/** Who is signed in, as the route gate needs it (docs/product.md#2-routes-and-the-auth-gate). */
export function useGateUser(): GateUserState {
  return useSyncExternalStore(subscribeSignedInCopy, gateUserSnapshot, () => 'unknown' as const);
}

export function toAuthState(user: GateUser | null): AuthState {
  return user
    ? { signedIn: true, role: user.role, onBoarded: user.onBoarded, verified: user.verified }
    : { signedIn: false };
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

/**
 * True once the current lookup of the user has run past AUTH_LOOKUP_LIMIT_MS unanswered, or
 * has failed (the local database could not be read, say): the gate stops waiting either way.
 */
export function isAuthLookupTimedOut(): boolean {
  return lookupTimedOut;
}

export function useAuthLookupTimedOut(): boolean {
  return useSyncExternalStore(subscribeLookup, isAuthLookupTimedOut, () => false);
}

let inflight: Promise<UserDto | null> | null = null;
/** The lookup whose outcome the gate follows (a Retry starts another). */
let latest: Promise<UserDto | null> | undefined;
let firstLookup: Promise<void> | undefined;

/**
 * Settles once the first lookup of the user is answered or has run out of time: work that
 * must not compete with the first screen's requests (the service worker's precache) waits on it.
 */
export function firstLookupDone(): Promise<void> {
  return firstLookup ?? Promise.resolve();
}

/**
 * The limit runs from the lookup's start: a caller that joins it (a window focus) neither
 * restarts it nor takes back a time-out already shown. A failed lookup ends the wait at once;
 * left waiting, the gate would show Loading until something else asked again.
 */
function watchLookup(lookup: Promise<UserDto | null>) {
  latest = lookup;
  setLookupTimedOut(false);
  const limited = withTimeLimit(lookup, AUTH_LOOKUP_LIMIT_MS).then(
    () => {},
    () => {
      if (latest === lookup) setLookupTimedOut(true);
    },
  );
  // A late answer ends the time-out too: the screen knows who is signed in now.
  lookup.then(
    () => latest === lookup && setLookupTimedOut(false),
    () => {},
  );
  firstLookup ??= limited;
}

/**
 * Starts the first lookup of the user, once: from start-up (main.tsx) or the first render.
 * `answerFirst` on a screen for signed-out visitors (see refreshAuthUser).
 */
export function startFirstLookup({ answerFirst = false }: { answerFirst?: boolean } = {}): void {
  if (!firstLookup) void refreshAuthUser({ answerFirst });
}

/**
 * True when the server does not know the visitor (401) and this device knows no user and holds
 * no local database: the lookup is settled as signed out with nothing to drop, and neither the
 * lookup's chunk nor Dexie loads. Anything else is left to the full lookup.
 */
async function signedOutWithoutDexie(
  answer: Promise<ApiResult<UserDto>>,
  mayHoldDatabase: () => Promise<boolean>,
): Promise<boolean> {
  try {
    await answer;
    return false;
  } catch (err) {
    if (!(err instanceof ApiError && err.code === 'unauthorized')) return false;
  }
  if (readSignedInCopy() || (await mayHoldDatabase())) return false;
  writeSignedInCopy(null);
  return true;
}

/**
 * Settles when the local database's code may load: at once, or, where a customer's screen
 * paints its frame from the copy, once the browser has painted. The staff desk's layout reads
 * with TanStack Query, whose cache lives in IndexedDB: it cannot paint before Dexie.
 */
export function dexieMayLoad(): Promise<void> {
  const copy = readSignedInCopy();
  return copy && !isStaff(copy.role) ? firstContentfulPaint() : Promise.resolve();
}

/**
 * What the full lookup (with Dexie) waits for. Knowing who is signed in: dexieMayLoad. Knowing nobody, on a device that holds no local database (so no
 * sign-out made offline can be waiting), the server's naming of the user is written to the copy
 * as soon as it comes, and the frame paints from it while the full lookup stores the user.
 * Anything else goes on at once: Dexie may know the user before the server answers.
 */
async function beforeDexie(
  answer: Promise<ApiResult<UserDto>>,
  mayHoldDatabase: () => Promise<boolean>,
): Promise<void> {
  const copy = readSignedInCopy();
  if (copy) return dexieMayLoad();
  if (copy === null || (await mayHoldDatabase())) return;
  const named = await answer.then(
    ({ data }) => data,
    () => null,
  );
  if (named && readSignedInCopy() === undefined) writeSignedInCopy(named);
}

/** The lookup's code and Dexie, in their own chunk. */
export const loadAuthLookup = () => import('./auth-state');

/**
 * Asks the server who is signed in and caches the answer (auth-state.ts lookUpUser). A call
 * while a lookup is under way joins it, unless `fresh` (the Retry after a lookup ran out of
 * time: its connection may hang).
 */
export function refreshAuthUser({
  fresh = false,
  answerFirst = false,
}: {
  fresh?: boolean;
  /**
   * A screen for signed-out visitors shows before the lookup ends (the gate's optimistic
   * render), so the lookup may wait for the server's answer before loading Dexie: a visitor
   * the server does not know, on a device that never signed in, needs none of it.
   */
  answerFirst?: boolean;
} = {}): Promise<UserDto | null> {
  if (inflight && !fresh) return inflight;
  // The question goes out at once, from the entry's own start-up: before Dexie has loaded and
  // before the page's chunks, which would otherwise take the browser's few connections to this
  // server first and leave it queued behind them (a verification link's POST must not overtake
  // it either); the lookup decides what the answer means.
  const answer = accountsApi.getMe();
  answer.catch(() => {}); // read by lookUpUser
  // Asked of the browser once per lookup, whichever question needs it first.
  let held: Promise<boolean> | undefined;
  const mayHoldDatabase = () => (held ??= mayHoldLocalDatabase());
  const ready = beforeDexie(answer, mayHoldDatabase);
  const full = () =>
    ready.then(loadAuthLookup).then(
      (m) => m.lookUpUser(answer),
      // The chunk could not be fetched (offline before the precache): the gate keeps what the
      // copy says, or offers Retry once the time limit has passed.
      () => new Promise<never>(() => {}),
    );
  const lookup: Promise<UserDto | null> = (
    answerFirst && !readSignedInCopy()
      ? signedOutWithoutDexie(answer, mayHoldDatabase).then((settled) => (settled ? null : full()))
      : full()
  ).finally(() => {
    if (inflight === lookup) inflight = null;
  });
  inflight = lookup;
  watchLookup(lookup);
  return lookup;
}
