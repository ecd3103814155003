import type { AuthState, UserDto } from '@ecu/shared';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { onTestFinished } from 'vitest';
import { AdminLayout } from '../app/admin-layout';
import { CustomerLayout } from '../app/customer-layout';
import { PAGES } from '../app/routes';
import { type ApiMock, mockApi, ok } from './api-mock';
import { aUser } from './customer';
import { createTestQueryClient } from './render';
import { render, screen, within } from './rtl';

/**
 * Scaffolding for the route table's tests (app/routes.test.ts) and the layouts' (the sidebars
 * derived from that table): the kinds of visitor the route gate tells apart, an example URL for
 * each page, and a layout rendered as the router mounts it, around stand-in pages.
 */

/** Every kind of visitor the gate tells apart (docs/product.md#1-roles-and-accounts, gates in order). */
export const VISITORS = {
  signedOut: { signedIn: false },
  notOnboarded: { signedIn: true, role: 'user', onBoarded: false, verified: false },
  unverified: { signedIn: true, role: 'user', onBoarded: true, verified: false },
  customer: { signedIn: true, role: 'user', onBoarded: true, verified: true },
  admin: { signedIn: true, role: 'admin', onBoarded: true, verified: true },
  engineer: { signedIn: true, role: 'engineer', onBoarded: true, verified: true },
} as const satisfies Record<string, AuthState>;

export type Visitor = keyof typeof VISITORS;

/** A URL that opens the page with this path: each `:param` filled with an example value. */
export function examplePath(path: string): string {
  return path.replace(/:[^/]+/g, '100001');
}

/** What a stand-in page shows: its route's path, so a test sees which page the router chose. */
export const standInText = (path: string) => `Page ${path}`;

/** Keeps the router's current path where the test can read it. */
function LocationProbe({ into }: { into: { pathname: string } }) {
  into.pathname = useLocation().pathname;
  return null;
}

export interface RenderedLayout {
  user: ReturnType<typeof userEvent.setup>;
  /** The router's current path. */
  pathname: () => string;
  /** The sidebar's navigation landmark (by its accessible name). */
  sidebar: () => HTMLElement;
  /** The TanStack Query cache the layout reads (the admin's inbox count). */
  queryClient: QueryClient;
  /** The stubbed API, to answer or count further calls. */
  api: ApiMock;
}

/**
 * Renders the customer's or the admin's layout at `at`, with every app page of the route table
 * beneath it as a stand-in (as app/router.tsx mounts the real ones). The admin's inbox count
 * answers `inboxCount`.
 */
export function renderLayout(
  role: 'customer' | 'admin' | 'engineer',
  at: string,
  options: { account?: Partial<UserDto>; inboxCount?: number; answers?: (api: ApiMock) => void } = {},
): RenderedLayout {
  const account = aUser({ role: role === 'customer' ? 'user' : role, ...options.account });
  const api = mockApi({ strict: true });
  api.on('GET', '/admin/chat-inbox/count', ok({ count: options.inboxCount ?? 0 }));
  options.answers?.(api);
  const queryClient = createTestQueryClient();
  onTestFinished(() => queryClient.clear());
  const current = { pathname: at };
  const layout = role === 'customer' ? <CustomerLayout user={account} /> : <AdminLayout user={account} />;
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[at]}>
        <LocationProbe into={current} />
        <Routes>
          <Route element={layout}>
            {PAGES.map((page) => (
              <Route key={page.path} path={page.path} element={<p>{standInText(page.path)}</p>} />
            ))}
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const name = { admin: 'Admin navigation', engineer: 'Engineer navigation', customer: 'Main navigation' }[
    role
  ];
  return {
    user: userEvent.setup(),
    pathname: () => current.pathname,
    sidebar: () => screen.getByRole('complementary', { name }),
    queryClient,
    api,
  };
}

/** The sidebar's links as the user reads them: name, and whether it is the current page. */
export function sidebarLinks(sidebar: HTMLElement): { name: string; current: boolean }[] {
  return within(sidebar)
    .queryAllByRole('link')
    .map((link) => ({ name: link.textContent ?? '', current: link.getAttribute('aria-current') === 'page' }));
}

/** The names of the links shown as the current page (by class, as the sidebar's style does). */
export function activeLinks(sidebar: HTMLElement): string[] {
  return within(sidebar)
    .queryAllByRole('link')
    .filter((link) => link.classList.contains('active'))
    .map((link) => link.textContent ?? '');
}

/**
 * The customer sidebar's groups as drawn: each title with the names of the links under it (a
 * closed submenu shows none). The titles are visual labels, not headings, hence the classes.
 */
export function sidebarGroups(sidebar: HTMLElement): [title: string, links: string[]][] {
  return Array.from(sidebar.querySelectorAll<HTMLElement>('.nav-group')).map((group) => [
    group.querySelector('.nav-group-title')?.textContent ?? '',
    within(group)
      .queryAllByRole('link')
      .map((link) => link.textContent ?? ''),
  ]);
}
