import { isAppRoute, matchRoute, type Role, roleMayOpen } from '@ecu/shared';
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
  engineer: Answer,
];
const VISITOR_ORDER: Visitor[] = ['signedOut', 'notOnboarded', 'unverified', 'customer', 'admin', 'engineer'];
const GATE: Row[] = [
  // Signing in: a signed-in visitor goes on to the gate they stand at.
  ['/signin', OPEN, '/onboarding', '/unverified', '/dashboard', '/dashboard', '/dashboard'],
  ['/signup', OPEN, '/onboarding', '/unverified', '/dashboard', '/dashboard', '/dashboard'],
  ['/password-reset', OPEN, '/onboarding', '/unverified', '/dashboard', '/dashboard', '/dashboard'],
  ['/onboarding', '/signin', OPEN, '/unverified', '/dashboard', '/dashboard', '/dashboard'],
  ['/unverified', '/signin', '/onboarding', OPEN, '/dashboard', '/dashboard', '/dashboard'],
  ['/verify-email', '/signin', '/onboarding', OPEN, '/dashboard', '/dashboard', '/dashboard'],
  // Every role, each with its own screen; an engineer's /transactions would be the payments desk.
  ['/dashboard', '/signin', '/onboarding', '/unverified', OPEN, OPEN, OPEN],
  ['/transactions', '/signin', '/onboarding', '/unverified', OPEN, OPEN, '/dashboard'],
  // Customer routes.
  ['/price-list', '/signin', '/onboarding', '/unverified', OPEN, '/dashboard', '/dashboard'],
  ['/buy-credits', '/signin', '/onboarding', '/unverified', OPEN, '/dashboard', '/dashboard'],
  ['/order-details', '/signin', '/onboarding', '/unverified', OPEN, '/dashboard', '/dashboard'],
  ['/checkout', '/signin', '/onboarding', '/unverified', OPEN, '/dashboard', '/dashboard'],
  ['/upload-file', '/signin', '/onboarding', '/unverified', OPEN, '/dashboard', '/dashboard'],
  ['/modification-plan', '/signin', '/onboarding', '/unverified', OPEN, '/dashboard', '/dashboard'],
  ['/overview', '/signin', '/onboarding', '/unverified', OPEN, '/dashboard', '/dashboard'],
  ['/my-files', '/signin', '/onboarding', '/unverified', OPEN, '/dashboard', '/dashboard'],
  [
    '/ticket-details/:ticketNumber',
    '/signin',
    '/onboarding',
    '/unverified',
    OPEN,
    '/dashboard',
    '/dashboard',
  ],
  ['/profile-settings', '/signin', '/onboarding', '/unverified', OPEN, '/dashboard', '/dashboard'],
  ['/help', '/signin', '/onboarding', '/unverified', OPEN, '/dashboard', '/dashboard'],
  ['/auto-data', '/signin', '/onboarding', '/unverified', OPEN, '/dashboard', '/dashboard'],
  // Staff routes: engineers open the queue's (ECU Files, a ticket, Solutions, the Inbox).
  ['/users', '/signin', '/onboarding', '/unverified', '/dashboard', OPEN, '/dashboard'],
  ['/users/:userId', '/signin', '/onboarding', '/unverified', '/dashboard', OPEN, '/dashboard'],
  ['/unverified-users', '/signin', '/onboarding', '/unverified', '/dashboard', OPEN, '/dashboard'],
  ['/disabled-users', '/signin', '/onboarding', '/unverified', '/dashboard', OPEN, '/dashboard'],
  ['/files', '/signin', '/onboarding', '/unverified', '/dashboard', OPEN, OPEN],
  ['/ticket/:ticketNumber', '/signin', '/onboarding', '/unverified', '/dashboard', OPEN, OPEN],
  ['/solutions', '/signin', '/onboarding', '/unverified', '/dashboard', OPEN, OPEN],
  ['/inbox', '/signin', '/onboarding', '/unverified', '/dashboard', OPEN, OPEN],
  ['/credits', '/signin', '/onboarding', '/unverified', '/dashboard', OPEN, '/dashboard'],
  ['/deliveries', '/signin', '/onboarding', '/unverified', '/dashboard', OPEN, '/dashboard'],
  ['/settings', '/signin', '/onboarding', '/unverified', '/dashboard', OPEN, '/dashboard'],
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
    const openTo = (role: Role) =>
      PAGES.filter((page) => isAppRoute(page) && roleMayOpen(page.access, role, page.desk)).map(
        (page) => page.path,
      );
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
    // The queue: no users, credits, prices, payments, settings or overview figures.
    expect(openTo('engineer').sort()).toEqual(
      ['/dashboard', '/files', '/ticket/:ticketNumber', '/inbox', '/solutions'].sort(),
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

  it("gives an engineer the staff list without the business's items", () => {
    expect(navLinks('admin', 'engineer').map((link) => link.label)).toEqual([
      'Overview',
      'ECU Files',
      'Solutions',
      'Inbox',
    ]);
    expect(navLinks('admin', 'admin').map((link) => link.label)).toEqual(labels('admin'));
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
