import type { Role } from './user';

/** What the client knows about the session when it decides where a path may go. */
export type AuthState =
  | { signedIn: false }
  | { signedIn: true; role: Role; onBoarded: boolean; verified: boolean };

export type RouteDecision = { allow: true } | { allow: false; redirectTo: string };

const PUBLIC_AUTH_PATHS = ['/signin', '/signup'];
const VERIFY_PATHS = ['/unverified', '/verify-email'];

const USER_PATHS = [
  '/dashboard',
  '/price-list',
  '/buy-credits',
  '/order-details',
  '/checkout',
  '/transactions',
  '/upload-file',
  '/modification-plan',
  '/overview',
  '/my-files',
  '/profile-settings',
  '/help',
  '/auto-data',
];
const USER_PATH_PREFIXES = ['/ticket-details/'];

const ADMIN_PATHS = [
  '/dashboard',
  '/credits',
  '/users',
  '/unverified-users',
  '/disabled-users',
  '/files',
  '/inbox',
  '/transactions',
  '/settings',
];
const ADMIN_PATH_PREFIXES = ['/ticket/', '/users/'];

/** Paths that are other spellings of a route (docs/product.md#2-routes-and-the-auth-gate). */
const ALIASES: Record<string, string> = {
  '/login': '/signin',
  '/upload-file/modification-plan': '/modification-plan',
  '/ticket': '/files',
};

/** True for another spelling of a route: a redirect from it keeps the query and the state. */
export function isRouteAlias(pathname: string): boolean {
  return normalise(pathname) in ALIASES;
}

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function hasParam(path: string, prefix: string): boolean {
  return path.startsWith(prefix) && path.length > prefix.length && !path.slice(prefix.length).includes('/');
}

function isAppPath(path: string, role: Role): boolean {
  const [exact, prefixes] =
    role === 'admin' ? [ADMIN_PATHS, ADMIN_PATH_PREFIXES] : [USER_PATHS, USER_PATH_PREFIXES];
  return exact.includes(path) || prefixes.some((p) => hasParam(path, p));
}

function isKnownAppPath(path: string): boolean {
  return isAppPath(path, 'user') || isAppPath(path, 'admin');
}

/** Where a signed-in user belongs when the page they asked for is not for them. */
function homeFor(auth: Extract<AuthState, { signedIn: true }>): string {
  if (!auth.onBoarded) return '/onboarding';
  if (!auth.verified) return '/unverified';
  return '/dashboard';
}

function decideOnce(auth: AuthState, path: string): string | null {
  const alias = ALIASES[path];
  if (alias) return alias;

  if (path === '/') return auth.signedIn ? '/dashboard' : '/signin';

  if (PUBLIC_AUTH_PATHS.includes(path)) return auth.signedIn ? homeFor(auth) : null;

  if (path === '/password-reset') return auth.signedIn ? '/dashboard' : null;

  if (!auth.signedIn) return '/signin';

  if (path === '/onboarding') return auth.onBoarded ? homeFor(auth) : null;

  if (VERIFY_PATHS.includes(path)) return auth.onBoarded && !auth.verified ? null : '/dashboard';

  if (!isKnownAppPath(path)) return '/dashboard';
  if (!auth.onBoarded) return '/onboarding';
  if (!auth.verified) return '/unverified';
  return isAppPath(path, auth.role) ? null : '/dashboard';
}

/**
 * The routing by auth state (docs/product.md#2-routes-and-the-auth-gate) as one rule: given the
 * session and a path, either let the page render or name where to go. Redirects chain (a
 * not-onboarded user sent to /dashboard ends on /onboarding), so the answer is always the final
 * stop.
 */
export function decideRoute(auth: AuthState, pathname: string): RouteDecision {
  const start = normalise(pathname);
  let path = start;
  for (let hops = 0; hops < 5; hops++) {
    const next = decideOnce(auth, path);
    if (next === null || next === path) {
      return path === start ? { allow: true } : { allow: false, redirectTo: path };
    }
    path = next;
  }
  return { allow: false, redirectTo: path };
}
