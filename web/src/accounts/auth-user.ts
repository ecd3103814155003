import type { Role, UserDto } from '@ecu/shared';
import { startTransition, useEffect, useState } from 'react';
import { dexieMayLoad, loadAuthLookup, useGateUser } from './auth-gate';

/** 'loading': Dexie not read yet; 'unknown': nothing cached, the server has not answered yet. */
export type AuthUserState = UserDto | null | 'loading' | 'unknown';

/**
 * The signed-in user as Dexie keeps it (the whole user, for the screens), without Dexie in this
 * module: a customer's first screen paints its frame from the route gate's copy, and the
 * lookup's chunk (with Dexie) loads once the browser has painted (dexieMayLoad); from then on one live query of the cached
 * user serves every screen (docs/decisions/084-paint-from-device.md).
 */
let current: AuthUserState = 'loading';
let stopWatching: (() => void) | undefined;
/** Counts the watches started, so that one ended meanwhile does not deliver. */
let generation = 0;
const listeners = new Set<() => void>();

function startWatching() {
  const mine = ++generation;
  void dexieMayLoad()
    .then(loadAuthLookup)
    .then(
      (m) => {
        if (mine !== generation) return;
        stopWatching = m.watchAuthUser((user) => {
          if (mine !== generation) return;
          current = user;
          for (const listener of listeners) listener();
        });
      },
      // The chunk could not be fetched (offline before the precache): the screens keep their
      // frames; the next screen that asks tries again.
      (err: unknown) => console.warn('The signed-in user could not be read', err),
    );
}

/** The first screen that asks starts the watch; when none is left it ends (a sign-in page needs none). */
function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) startWatching();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    generation++;
    stopWatching?.();
    stopWatching = undefined;
    current = 'loading';
  };
}

/**
 * The cached authUser (docs/product.md#1-roles-and-accounts), live from IndexedDB. A change is
 * rendered as a transition, which React splits into short tasks: the user arriving after the
 * first paint re-renders the whole signed-in screen, and a phone must stay responsive meanwhile.
 */
export function useAuthUser(): AuthUserState {
  const [user, setUser] = useState<AuthUserState>(current);
  useEffect(() => {
    const follow = () => startTransition(() => setUser(current));
    const unsubscribe = subscribe(follow);
    follow(); // a change between the render and this effect
    return unsubscribe;
  }, []);
  return user;
}

/**
 * The signed-in user as far as this screen knows: the role at once from the route gate's copy,
 * the whole user once Dexie has been read (`user` is null until then). Frames that paint before
 * Dexie pick their layout from the role and fill in the user's own fields when they come.
 */
export function useSignedInUser(): { role: Role | null; user: UserDto | null } {
  const user = useAuthUser();
  const gate = useGateUser();
  const known = typeof user === 'object' ? user : null;
  if (known) return { role: known.role, user: known };
  // Signed out in Dexie: the gate's copy says so too (both are written together).
  if (user === null) return { role: null, user: null };
  return { role: typeof gate === 'object' && gate ? gate.role : null, user: null };
}
