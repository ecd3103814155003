import { describe, expect, it } from 'vitest';
import type { StaffDesk } from './roles';
import {
  type AuthState,
  decideRoute,
  type GatedRoute,
  isAppRoute,
  isRouteAlias,
  matchRoute,
  type RouteAccess,
  type RouteTable,
  roleMayOpen,
} from './route-gate';

// The rules, on a small table with one page of each kind. The portal's own table, and the answer
// for every page and every kind of visitor, are tested in web/src/app/routes.test.ts.
const table: RouteTable = {
  routes: [
    { path: '/signin', access: 'signed-out' },
    { path: '/password-reset', access: 'signed-out' },
    { path: '/onboarding', access: 'onboarding' },
    { path: '/unverified', access: 'verification' },
    { path: '/dashboard', access: 'any-role' },
    { path: '/my-files', access: 'customer' },
    { path: '/ticket-details/:ticketNumber', access: 'customer' },
    { path: '/users', access: 'admin' },
    { path: '/users/:userId', access: 'admin' },
    { path: '/files', access: 'admin', desk: 'queue' },
    { path: '/transactions', access: 'any-role', desk: 'payments' },
  ],
  aliases: { '/login': '/signin', '/ticket': '/users' },
};

const out: AuthState = { signedIn: false };
const fresh: AuthState = { signedIn: true, role: 'user', onBoarded: false, verified: false };
const unverified: AuthState = { signedIn: true, role: 'user', onBoarded: true, verified: false };
const user: AuthState = { signedIn: true, role: 'user', onBoarded: true, verified: true };
const admin: AuthState = { signedIn: true, role: 'admin', onBoarded: true, verified: true };
const engineer: AuthState = { signedIn: true, role: 'engineer', onBoarded: true, verified: true };
const freshAdmin: AuthState = { signedIn: true, role: 'admin', onBoarded: false, verified: true };

// [who, session, path, where they end up (null = the page renders)]
const cases: [string, AuthState, string, string | null][] = [
  // The root goes to the dashboard, or the gate in front of it.
  ['signed out', out, '/', '/signin'],
  ['user', user, '/', '/dashboard'],
  ['not onboarded', fresh, '/', '/onboarding'],
  ['unverified', unverified, '/', '/unverified'],
  // Signed-out pages send a signed-in visitor to where they stand.
  ['signed out', out, '/signin', null],
  ['signed out', out, '/password-reset', null],
  ['not onboarded', fresh, '/signin', '/onboarding'],
  ['unverified', unverified, '/password-reset', '/unverified'],
  ['admin', admin, '/signin', '/dashboard'],
  // Onboarding: signed in and not onboarded only.
  ['signed out', out, '/onboarding', '/signin'],
  ['not onboarded', fresh, '/onboarding', null],
  ['unverified', unverified, '/onboarding', '/unverified'],
  ['user', user, '/onboarding', '/dashboard'],
  // Verification: onboarded and not verified only.
  ['signed out', out, '/unverified', '/signin'],
  ['unverified', unverified, '/unverified', null],
  ['not onboarded', fresh, '/unverified', '/onboarding'],
  ['admin', admin, '/unverified', '/dashboard'],
  // The app: the gates in order, then the role.
  ['signed out', out, '/dashboard', '/signin'],
  ['not onboarded', fresh, '/my-files', '/onboarding'],
  ['unverified', unverified, '/my-files', '/unverified'],
  ['not onboarded admin', freshAdmin, '/users', '/onboarding'],
  ['user', user, '/dashboard', null],
  ['admin', admin, '/dashboard', null],
  ['user', user, '/my-files', null],
  ['user on an admin page', user, '/users', '/dashboard'],
  ['admin on a customer page', admin, '/my-files', '/dashboard'],
  // Engineers: the queue's staff pages, not the admin's, and no customer page.
  ['engineer', engineer, '/dashboard', null],
  ['engineer', engineer, '/files', null],
  ['engineer on an admin page', engineer, '/users', '/dashboard'],
  ['engineer on an admin page', engineer, '/users/u1', '/dashboard'],
  ['engineer on a page of the payments desk', engineer, '/transactions', '/dashboard'],
  ['engineer on a customer page', engineer, '/my-files', '/dashboard'],
  ['admin', admin, '/files', null],
  ['admin', admin, '/transactions', null],
  ['user', user, '/transactions', null],
  ['user on a queue page', user, '/files', '/dashboard'],
  // Path parameters are one non-empty segment.
  ['user', user, '/ticket-details/100001', null],
  ['admin', admin, '/users/u1', null],
  ['user on an admin page', user, '/users/u1', '/dashboard'],
  ['admin', admin, '/users/u1/more', '/dashboard'],
  ['user', user, '/ticket-details//100001', '/dashboard'],
  // Aliases, with or without a trailing slash.
  ['signed out', out, '/login', '/signin'],
  ['user', user, '/login', '/dashboard'],
  ['admin', admin, '/ticket', '/users'],
  ['admin', admin, '/ticket/', '/users'],
  // Unknown paths.
  ['signed out', out, '/nowhere', '/signin'],
  ['user', user, '/nowhere', '/dashboard'],
  ['not onboarded', fresh, '/nowhere', '/onboarding'],
  // A trailing slash is the same page.
  ['user', user, '/my-files/', null],
  // Paths are case-sensitive.
  ['user', user, '/My-Files', '/dashboard'],
];

describe('decideRoute', () => {
  it.each(cases)('%s at %s', (_who, auth, path, expected) => {
    expect(decideRoute(table, auth, path)).toEqual(
      expected === null ? { allow: true } : { allow: false, redirectTo: expected },
    );
  });

  it('stops after a few hops when the table loops', () => {
    const loop: RouteTable = { routes: [], aliases: { '/a': '/b', '/b': '/a' } };
    const decision = decideRoute(loop, user, '/a');
    expect(decision.allow).toBe(false);
  });
});

describe('matchRoute', () => {
  it.each([
    ['/users', '/users'],
    ['/users/', '/users'],
    ['/users/u1', '/users/:userId'],
    ['/users/u1/', '/users/:userId'],
    ['/ticket-details/100001', '/ticket-details/:ticketNumber'],
    ['/ticket-details', undefined],
    ['/users/u1/x', undefined],
    ['/nowhere', undefined],
  ])('%s -> %s', (path, expected) => {
    expect(matchRoute(table.routes, path)?.path).toBe(expected);
  });

  it('answers the first route that matches, with its own type', () => {
    const routes = [
      { path: '/a/:id', access: 'customer', tag: 'param' },
      { path: '/a/b', access: 'customer', tag: 'exact' },
    ] as const satisfies readonly (GatedRoute & { tag: string })[];
    expect(matchRoute(routes, '/a/b')?.tag).toBe('param');
  });
});

describe('isRouteAlias', () => {
  it.each([
    ['/login', true],
    ['/ticket', true],
    ['/ticket/', true],
    ['/signin', false],
    ['/ticket/100001', false],
  ])('%s -> %s', (path, expected) => {
    expect(isRouteAlias(table, path)).toBe(expected);
  });
});

describe('who may open what', () => {
  const kinds: [RouteAccess, StaffDesk | undefined, boolean, boolean, boolean, boolean][] = [
    // [access, desk, in the app's layout, a customer, an engineer, an admin may open]
    ['signed-out', undefined, false, false, false, false],
    ['onboarding', undefined, false, false, false, false],
    ['verification', undefined, false, false, false, false],
    ['customer', undefined, true, true, false, false],
    ['admin', undefined, true, false, false, true],
    ['admin', 'queue', true, false, true, true],
    ['admin', 'users', true, false, false, true],
    ['any-role', undefined, true, true, true, true],
    ['any-role', 'payments', true, true, false, true],
    ['any-role', 'queue', true, true, true, true],
  ];

  it.each(kinds)('%s (desk %s)', (access, desk, inApp, customer, engineerMay, adminMay) => {
    expect(isAppRoute({ path: '/x', access })).toBe(inApp);
    if (!inApp) return;
    expect(roleMayOpen(access, 'user', desk)).toBe(customer);
    expect(roleMayOpen(access, 'engineer', desk)).toBe(engineerMay);
    expect(roleMayOpen(access, 'admin', desk)).toBe(adminMay);
  });
});
