import { isAppRoute, matchRoute, roleMayOpen } from '@ecu/shared';
import { describe, expect, it } from 'vitest';
import { examplePath, VISITORS, type Visitor } from '../test/routes';
import { decidePage, isPageAlias, type NavGroup, PAGES, ROUTE_ALIASES } from './routes';
import { activeNavPath, CUSTOMER_NAV_GROUPS, navLinks } from './sidebar-nav';

const paths = PAGES.map((page) => page.path);

/**
 * Where each kind of visitor ends up on each page (docs/product.md#2-routes-and-the-auth-gate):
 * OPEN = the page renders, else the final stop of the redirect.
 */
const OPEN = null;
type Answer = string | null;
type Row = [
  path: string,
  signedOut: Answer,
  notOnboarded: Answer,
  unverified: Answer,
  customer: Answer,
  admin: Answer,
];
const VISITOR_ORDER: Visitor[] = ['signedOut', 'notOnboarded', 'unverified', 'customer', 'admin'];
const GATE: Row[] = [
  // Signing in: a signed-in visitor goes on to the gate they stand at.
  ['/signin', OPEN, '/onboarding', '/unverified', '/dashboard', '/dashboard'],
  ['/signup', OPEN, '/onboarding', '/unverified', '/dashboard', '/dashboard'],
  ['/password-reset', OPEN, '/onboarding', '/unverified', '/dashboard', '/dashboard'],
  ['/onboarding', '/signin', OPEN, '/unverified', '/dashboard', '/dashboard'],
  ['/unverified', '/signin', '/onboarding', OPEN, '/dashboard', '/dashboard'],
  ['/verify-email', '/signin', '/onboarding', OPEN, '/dashboard', '/dashboard'],
  // Both roles, each with its own screen.
  ['/dashboard', '/signin', '/onboarding', '/unverified', OPEN, OPEN],
  ['/transactions', '/signin', '/onboarding', '/unverified', OPEN, OPEN],
  // Customer routes.
  ['/price-list', '/signin', '/onboarding', '/unverified', OPEN, '/dashboard'],
  ['/buy-credits', '/signin', '/onboarding', '/unverified', OPEN, '/dashboard'],
  ['/order-details', '/signin', '/onboarding', '/unverified', OPEN, '/dashboard'],
  ['/checkout', '/signin', '/onboarding', '/unverified', OPEN, '/dashboard'],
  ['/upload-file', '/signin', '/onboarding', '/unverified', OPEN, '/dashboard'],
  ['/modification-plan', '/signin', '/onboarding', '/unverified', OPEN, '/dashboard'],
  ['/overview', '/signin', '/onboarding', '/unverified', OPEN, '/dashboard'],
  ['/my-files', '/signin', '/onboarding', '/unverified', OPEN, '/dashboard'],
  ['/ticket-details/:ticketNumber', '/signin', '/onboarding', '/unverified', OPEN, '/dashboard'],
  ['/profile-settings', '/signin', '/onboarding', '/unverified', OPEN, '/dashboard'],
  ['/help', '/signin', '/onboarding', '/unverified', OPEN, '/dashboard'],
  ['/auto-data', '/signin', '/onboarding', '/unverified', OPEN, '/dashboard'],
  // Admin routes.
  ['/users', '/signin', '/onboarding', '/unverified', '/dashboard', OPEN],
  ['/users/:userId', '/signin', '/onboarding', '/unverified', '/dashboard', OPEN],
  ['/unverified-users', '/signin', '/onboarding', '/unverified', '/dashboard', OPEN],
  ['/disabled-users', '/signin', '/onboarding', '/unverified', '/dashboard', OPEN],
  ['/files', '/signin', '/onboarding', '/unverified', '/dashboard', OPEN],
  ['/ticket/:ticketNumber', '/signin', '/onboarding', '/unverified', '/dashboard', OPEN],
  ['/solutions', '/signin', '/onboarding', '/unverified', '/dashboard', OPEN],
  ['/inbox', '/signin', '/onboarding', '/unverified', '/dashboard', OPEN],
  ['/credits', '/signin', '/onboarding', '/unverified', '/dashboard', OPEN],
  ['/deliveries', '/signin', '/onboarding', '/unverified', '/dashboard', OPEN],
  ['/settings', '/signin', '/onboarding', '/unverified', '/dashboard', OPEN],
];

const gateCases = GATE.flatMap(([path, ...answers]) =>
  answers.map((expected, i) => [path, VISITOR_ORDER[i]!, expected] as const),
);

describe('the route table', () => {
  it('lists each path once, every one a page the gate knows', () => {
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual(GATE.map(([path]) => path).sort());
  });

  it.each(PAGES.map((page) => [page.path, page] as const))(
    '%s loads a module whose default export is the page',
    async (_path, page) => {
      const module = await page.load();
      expect(typeof module.default).toBe('function');
    },
    20_000,
  );

  it('has the customer routes and the admin routes of the product rules', () => {
    const openTo = (role: 'user' | 'admin') =>
      PAGES.filter((page) => isAppRoute(page) && roleMayOpen(page.access, role)).map((page) => page.path);
    // docs/product.md#2-routes-and-the-auth-gate, with /help and /auto-data for customers.
    expect(openTo('user').sort()).toEqual(
      [
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
        '/ticket-details/:ticketNumber',
        '/help',
        '/auto-data',
      ].sort(),
    );
    // Plus a user's page, the support inbox, the Deliveries desk and the solution library.
    expect(openTo('admin').sort()).toEqual(
      [
        '/dashboard',
        '/credits',
        '/users',
        '/unverified-users',
        '/disabled-users',
        '/files',
        '/transactions',
        '/settings',
        '/ticket/:ticketNumber',
        '/users/:userId',
        '/inbox',
        '/deliveries',
        '/solutions',
      ].sort(),
    );
  });

  it('renders inside a layout exactly the pages of the app', () => {
    const outside = PAGES.filter((page) => !isAppRoute(page)).map((page) => page.path);
    expect(outside).toEqual([
      '/signin',
      '/signup',
      '/password-reset',
      '/onboarding',
      '/unverified',
      '/verify-email',
    ]);
  });

  it('sends every alias to a page of the table', () => {
    for (const target of Object.values(ROUTE_ALIASES)) {
      expect(matchRoute(PAGES, target)?.path).toBe(target);
    }
  });
});

describe('the route gate', () => {
  it.each(gateCases)('%s, %s -> %s', (path, visitor, expected) => {
    expect(decidePage(VISITORS[visitor], examplePath(path))).toEqual(
      expected === null ? { allow: true } : { allow: false, redirectTo: expected },
    );
  });

  it.each([
    ['signedOut', '/', '/signin'],
    ['customer', '/', '/dashboard'],
    ['notOnboarded', '/', '/onboarding'],
    ['unverified', '/', '/unverified'],
    ['signedOut', '/nowhere', '/signin'],
    ['customer', '/nowhere', '/dashboard'],
    ['admin', '/ticket/1/2', '/dashboard'],
    ['signedOut', '/login', '/signin'],
    ['admin', '/login', '/dashboard'],
    ['customer', '/upload-file/modification-plan', '/modification-plan'],
    ['admin', '/ticket', '/files'],
    ['admin', '/ticket/', '/files'],
  ] as const)('%s at %s goes to %s', (visitor, path, expected) => {
    expect(decidePage(VISITORS[visitor], path)).toEqual({ allow: false, redirectTo: expected });
  });

  it('lets a trailing slash open the same page', () => {
    expect(decidePage(VISITORS.customer, '/my-files/')).toEqual({ allow: true });
  });

  it.each([
    ['/login', true],
    ['/upload-file/modification-plan', true],
    ['/ticket', true],
    ['/signin', false],
    ['/verify-email', false],
    ['/ticket/100001', false],
  ])('%s is an alias: %s', (path, expected) => {
    expect(isPageAlias(path)).toBe(expected);
  });
});

describe('the sidebars', () => {
  const labels = (group: NavGroup) => navLinks(group).map((link) => link.label);

  it('gives the customer General, Database, Credits and Portal with the File Service submenu', () => {
    // docs/product.md#3-customer-screens
    expect(CUSTOMER_NAV_GROUPS.map((group) => [group.title, labels(group.id)])).toEqual([
      ['General', ['Dashboard']],
      ['Database', ['Price List']],
      ['Credits', ['Buy Credits', 'My Transactions']],
      ['Portal', ['Upload File', 'My Files']],
    ]);
    expect(CUSTOMER_NAV_GROUPS.map((group) => group.submenu)).toEqual([
      undefined,
      undefined,
      undefined,
      'File Service',
    ]);
  });

  it('gives the admin one list, the support inbox among it', () => {
    // docs/product.md#9-the-admin-desk
    expect(labels('admin')).toEqual([
      'Overview',
      'Users',
      'Unverified Users',
      'Disabled Users',
      'ECU Files',
      'Solutions',
      'Inbox',
      'Transactions',
      'Credits',
      'Deliveries',
      'Settings',
    ]);
  });

  it('links each sidebar only to pages its role may open', () => {
    const customerGroups = new Set<string>(CUSTOMER_NAV_GROUPS.map((group) => group.id));
    for (const page of PAGES) {
      for (const group of Object.keys(page.nav ?? {})) {
        const role = customerGroups.has(group) ? 'user' : 'admin';
        expect(isAppRoute(page) && roleMayOpen(page.access, role), `${page.path} in ${group}`).toBe(true);
      }
      const customerItems = Object.keys(page.nav ?? {}).filter((group) => customerGroups.has(group));
      expect(customerItems.length, `${page.path} has one item in the customer sidebar at most`).toBeLessThan(
        2,
      );
    }
  });

  it('puts a page without an item under an item of its own role', () => {
    for (const page of PAGES.filter((p) => p.navUnder)) {
      const owner = PAGES.find((p) => p.path === page.navUnder);
      expect(owner?.nav, `${page.path} under ${page.navUnder}`).toBeDefined();
      expect(owner?.access === page.access || owner?.access === 'any-role').toBe(true);
    }
  });

  it.each([
    ['/dashboard', '/dashboard'],
    ['/transactions', '/transactions'],
    ['/upload-file', '/upload-file'],
    ['/modification-plan', '/upload-file'],
    ['/overview', '/upload-file'],
    ['/my-files', '/my-files'],
    ['/ticket-details/100001', '/my-files'],
    ['/files', '/files'],
    ['/ticket/100001', '/files'],
    ['/users/u1', '/users'],
    ['/users/', '/users'],
    ['/order-details', undefined],
    ['/profile-settings', undefined],
    ['/help', undefined],
    ['/nowhere', undefined],
  ])('at %s the active item is %s', (pathname, expected) => {
    expect(activeNavPath(pathname)).toBe(expected);
  });
});
