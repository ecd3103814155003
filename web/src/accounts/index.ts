/**
 * The accounts feature's public module: the signed-in user, for other features. The sign-in
 * pages and the session plumbing are the shell's (app/), which may import them directly.
 */

export { useGateUser } from './auth-gate';
export { type AuthUserState, refreshAuthUser, useAuthUser } from './auth-state';
