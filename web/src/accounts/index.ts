/**
 * The accounts feature's public module: the signed-in user, for other features. The sign-in
 * pages and the session plumbing are the shell's (app/), which may import them directly.
 * Nothing here loads Dexie: screens paint their frames before it (auth-user.ts).
 */

export { saveAccountLocale, useAccountLanguage } from './account-language';
/**
 * refreshAuthUser asks the server who is signed in again; loadAuthLookup loads the lookup's chunk
 * (with Dexie), which screens otherwise load after their first paint.
 */
export { loadAuthLookup, refreshAuthUser, useGateUser } from './auth-gate';
export { type AuthUserState, useAuthUser, useSignedInUser } from './auth-user';
