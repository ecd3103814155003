import { describe, expect, it } from 'vitest';
import { type AuthState, decideRoute, isRouteAlias } from './route-gate';

const out: AuthState = { signedIn: false };
const fresh: AuthState = { signedIn: true, role: 'user', onBoarded: false, verified: false };
const unverified: AuthState = { signedIn: true, role: 'user', onBoarded: true, verified: false };
const user: AuthState = { signedIn: true, role: 'user', onBoarded: true, verified: true };
const admin: AuthState = { signedIn: true, role: 'admin', onBoarded: true, verified: true };
const freshAdmin: AuthState = { signedIn: true, role: 'admin', onBoarded: false, verified: true };

const USER_PAGES = [
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
  '/ticket-details/100001',
  '/help',
  '/auto-data',
];
const ADMIN_PAGES = [
  '/dashboard',
  '/credits',
  '/users',
  '/unverified-users',
  '/disabled-users',
  '/files',
  '/inbox',
  '/transactions',
  '/settings',
  '/ticket/100001',
];

// [who, path, where they end up (null = the page renders)]
const table: [string, AuthState, string, string | null][] = [
  // Root
  ['signed out', out, '/', '/signin'],
  ['user', user, '/', '/dashboard'],
  ['admin', admin, '/', '/dashboard'],
  ['not onboarded', fresh, '/', '/onboarding'],
  ['unverified', unverified, '/', '/unverified'],
  // Public pages
  ['signed out', out, '/signin', null],
  ['signed out', out, '/signup', null],
  ['signed out', out, '/password-reset', null],
  ['signed out', out, '/login', '/signin'],
  ['not onboarded', fresh, '/signin', '/onboarding'],
  ['not onboarded', fresh, '/signup', '/onboarding'],
  ['unverified', unverified, '/signin', '/unverified'],
  ['unverified', unverified, '/signup', '/unverified'],
  ['user', user, '/signin', '/dashboard'],
  ['user', user, '/signup', '/dashboard'],
  ['admin', admin, '/login', '/dashboard'],
  ['user', user, '/password-reset', '/dashboard'],
  ['unverified', unverified, '/password-reset', '/unverified'],
  // Onboarding
  ['signed out', out, '/onboarding', '/signin'],
  ['not onboarded', fresh, '/onboarding', null],
  ['unverified', unverified, '/onboarding', '/unverified'],
  ['user', user, '/onboarding', '/dashboard'],
  // Verification screens
  ['signed out', out, '/unverified', '/signin'],
  ['signed out', out, '/verify-email', '/signin'],
  ['unverified', unverified, '/unverified', null],
  ['unverified', unverified, '/verify-email', null],
  ['not onboarded', fresh, '/unverified', '/onboarding'],
  ['not onboarded', fresh, '/verify-email', '/onboarding'],
  ['user', user, '/unverified', '/dashboard'],
  ['admin', admin, '/verify-email', '/dashboard'],
  // Gates in front of the app
  ['not onboarded', fresh, '/my-files', '/onboarding'],
  ['unverified', unverified, '/my-files', '/unverified'],
  ['unverified admin-page', unverified, '/users', '/unverified'],
  ['not onboarded admin', freshAdmin, '/users', '/onboarding'],
  // Roles
  ['user on admin page', user, '/users', '/dashboard'],
  ['user on admin page', user, '/ticket/100001', '/dashboard'],
  ['admin on user page', admin, '/price-list', '/dashboard'],
  ['admin on user page', admin, '/ticket-details/100001', '/dashboard'],
  // Aliases
  ['user', user, '/upload-file/modification-plan', '/modification-plan'],
  ['admin', admin, '/ticket', '/files'],
  ['admin', admin, '/ticket/', '/files'],
  // Unknown paths
  ['signed out', out, '/nowhere', '/signin'],
  ['signed out', out, '/dashboard', '/signin'],
  ['user', user, '/nowhere', '/dashboard'],
  ['admin', admin, '/ticket/1/2', '/dashboard'],
  ['not onboarded', fresh, '/nowhere', '/onboarding'],
  // Trailing slash is the same page
  ['user', user, '/my-files/', null],
];

describe('decideRoute', () => {
  it.each(table)('%s at %s', (_who, auth, path, expected) => {
    const decision = decideRoute(auth, path);
    if (expected === null) {
      expect(decision).toEqual({ allow: true });
    } else {
      expect(decision).toEqual({ allow: false, redirectTo: expected });
    }
  });

  it.each(USER_PAGES)('a user may open %s', (path) => {
    expect(decideRoute(user, path)).toEqual({ allow: true });
  });

  it.each(ADMIN_PAGES)('an admin may open %s', (path) => {
    expect(decideRoute(admin, path)).toEqual({ allow: true });
  });

  it.each([...USER_PAGES, ...ADMIN_PAGES])('signed out at %s goes to /signin', (path) => {
    expect(decideRoute(out, path)).toEqual({ allow: false, redirectTo: '/signin' });
  });
});

describe('isRouteAlias', () => {
  it.each([
    ['/login', true],
    ['/upload-file/modification-plan', true],
    ['/ticket', true],
    ['/signin', false],
    ['/verify-email', false],
  ])('%s -> %s', (path, expected) => {
    expect(isRouteAlias(path)).toBe(expected);
  });
});
