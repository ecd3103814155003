import { isStaff, mayUseDesk, type Role, type StaffDesk } from './roles';

/** What the client knows about the session when it decides where a path may go. */
export type AuthState =
  | { signedIn: false }
  | { signedIn: true; role: Role; onBoarded: boolean; verified: boolean };

export type RouteDecision = { allow: true } | { allow: false; redirectTo: string };

/**
 * Who may open a page (docs/product.md#2-routes-and-the-auth-gate):
 * - 'signed-out': sign-in, sign-up, password reset; a signed-in visitor is sent on to where
 *   they stand (onboarding, verification or the dashboard).
 * - 'onboarding': signed in and not onboarded yet.
 * - 'verification': signed in, onboarded and not verified yet.
 * - 'customer', 'admin', 'any-role': the app itself, for an onboarded and verified account of
 *   that role ('admin' is the staff desk: engineers open its queue pages, see `desk`) (docs/product.md#1-roles-and-accounts: customers use only customer screens,
 *   admins only admin screens; a few paths exist for both, each with its own screen).
 */
export type RouteAccess = 'signed-out' | 'onboarding' | 'verification' | 'customer' | 'admin' | 'any-role';

/** What the gate reads of a route: its path (`:name` stands for one segment) and who may open it. */
export interface GatedRoute {
  path: string;
  access: RouteAccess;
  /**
   * For staff: the desk the page belongs to (shared's mayUseDesk). An 'admin' page without one
   * is for admins only; engineers open the 'queue' pages. Customers are not affected.
   */
  desk?: StaffDesk;
}

/** The routes and the other spellings of them, as the client's route table lists them. */
export interface RouteTable<R extends GatedRoute = GatedRoute> {
  routes: readonly R[];
  /** Another spelling -> the route's path. A redirect from an alias keeps the query and the state. */
  aliases: Readonly<Record<string, string>>;
}

/** True for the pages of the signed-in app (onboarded and verified); they render inside a layout. */
export function isAppRoute(route: GatedRoute): boolean {
  return route.access === 'customer' || route.access === 'admin' || route.access === 'any-role';
}

/**
 * True when an account of this role may open an app page with this access: customers the
 * customer pages, staff the 'admin' (staff) pages of the desks their role may use.
 */
export function roleMayOpen(access: RouteAccess, role: Role, desk?: StaffDesk): boolean {
  const staffMay = desk ? mayUseDesk(role, desk) : role === 'admin';
  if (access === 'any-role') return !isStaff(role) || !desk || staffMay;
  if (access === 'customer') return role === 'user';
  if (access === 'admin') return isStaff(role) && staffMay;
  return false;
}

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.split('/');
  return (
    want.length === have.length &&
    want.every((segment, i) => (segment.startsWith(':') ? have[i] !== '' : segment === have[i]))
  );
}

/** The route whose path matches `pathname` (a trailing slash is the same page), if any. */
export function matchRoute<R extends GatedRoute>(routes: readonly R[], pathname: string): R | undefined {
  const path = normalise(pathname);
  return routes.find((route) => matches(route.path, path));
}

/** True for another spelling of a route: a redirect from it keeps the query and the state. */
export function isRouteAlias(table: RouteTable, pathname: string): boolean {
  return normalise(pathname) in table.aliases;
}

/** Where a signed-in user belongs when the page they asked for is not for them. */
function homeFor(auth: Extract<AuthState, { signedIn: true }>): string {
  if (!auth.onBoarded) return '/onboarding';
  if (!auth.verified) return '/unverified';
  return '/dashboard';
}

function decideOnce(table: RouteTable, auth: AuthState, path: string): string | null {
  const alias = table.aliases[path];
  if (alias) return alias;

  if (path === '/') return auth.signedIn ? '/dashboard' : '/signin';

  const route = matchRoute(table.routes, path);
  if (!auth.signedIn) return route?.access === 'signed-out' ? null : '/signin';
  // Unknown paths: the dashboard, or the gate in front of it.
  if (!route) return '/dashboard';

  switch (route.access) {
    case 'signed-out':
      return homeFor(auth);
    case 'onboarding':
      return auth.onBoarded ? homeFor(auth) : null;
    case 'verification':
      return auth.onBoarded && !auth.verified ? null : '/dashboard';
    default:
      // Gates in order (docs/product.md#1-roles-and-accounts): onboarded, verified, role.
      if (!auth.onBoarded) return '/onboarding';
      if (!auth.verified) return '/unverified';
      return roleMayOpen(route.access, auth.role, route.desk) ? null : '/dashboard';
  }
}

/**
 * The routing by auth state (docs/product.md#2-routes-and-the-auth-gate) as one rule: given the
 * route table, the session and a path, either let the page render or name where to go.
 * Redirects chain (a not-onboarded user sent to /dashboard ends on /onboarding), so the answer
 * is always the final stop.
 */
export function decideRoute(table: RouteTable, auth: AuthState, pathname: string): RouteDecision {
  const start = normalise(pathname);
  let path = start;
  for (let hops = 0; hops < 5; hops++) {
    const next = decideOnce(table, auth, path);
    if (next === null || next === path) {
      return path === start ? { allow: true } : { allow: false, redirectTo: path };
    }
    path = next;
  }
  return { allow: false, redirectTo: path };
}
