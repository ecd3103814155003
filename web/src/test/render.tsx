import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { type ReactElement, type ReactNode, useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastContainer, type ToastTransitionProps, toast } from 'react-toastify';
import { onTestFinished } from 'vitest';
import { type RenderResult, render, screen, waitFor, within } from './rtl';

/**
 * Renders a screen as the app does, minus the app: a MemoryRouter at `route`, a TanStack
 * QueryClient (no retries, nothing kept between tests) and a toast container, so that a test
 * reads toasts the way a user does. Pair it with mockApi() (api-mock.ts) for the network.
 *
 *   const { user } = renderWithProviders(<UserPage />, {
 *     route: '/admin/users/u1', path: '/admin/users/:userId' });
 *   await user.click(await screen.findByRole('button', { name: 'Disable' }));
 *   expect(await findToast('User disabled')).toBeTruthy();
 */

/** A QueryClient for one test: no retries, and errors reach the screen at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY, staleTime: 0, refetchOnWindowFocus: false },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export interface RenderOptions {
  /** The URL the router starts at; '/' unless given. */
  route?: string;
  /** The route pattern the screen is mounted on (for useParams), e.g. '/admin/users/:userId'. */
  path?: string;
  /** Other routes beside the screen's, e.g. { '/admin/users': <p>Users list</p> } to see a navigation land. */
  routes?: Record<string, ReactNode>;
  queryClient?: QueryClient;
  /** Renders the toast container (on unless false). */
  toasts?: boolean;
  /** Extra providers around the router (outermost first), e.g. an auth context. */
  wrapper?: (children: ReactNode) => ReactNode;
  /** Navigation state of the first entry (a page reached with `navigate(to, { state })`). */
  state?: unknown;
}

export interface RenderWithProviders extends RenderResult {
  user: ReturnType<typeof userEvent.setup>;
  queryClient: QueryClient;
  /** The router's current location (pathname + search), as the screen last navigated. */
  location: () => string;
}

export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): RenderWithProviders {
  const { route = '/', path, routes = {}, toasts = true, wrapper, state } = options;
  const queryClient = options.queryClient ?? createTestQueryClient();
  const current = { value: route };
  const tree = (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[state === undefined ? route : withState(route, state)]}>
        <LocationProbe into={current} />
        <Routes>
          <Route path={path ?? '*'} element={ui} />
          {Object.entries(routes).map(([p, element]) => (
            <Route key={p} path={p} element={element} />
          ))}
        </Routes>
      </MemoryRouter>
      {toasts && <ToastContainer autoClose={false} transition={NoTransition} />}
    </QueryClientProvider>
  );
  const user = userEvent.setup();
  const result = render(wrapper ? <>{wrapper(tree)}</> : tree);
  onTestFinished(() => {
    toast.dismiss();
    queryClient.clear();
  });
  return { ...result, user, queryClient, location: () => current.value };
}

function withState(route: string, state: unknown) {
  const url = new URL(route, 'http://localhost');
  return { pathname: url.pathname, search: url.search, state };
}

/** Keeps the router's current location where the test can read it. */
function LocationProbe({ into }: { into: { value: string } }) {
  const location = useLocation();
  into.value = `${location.pathname}${location.search}`;
  return null;
}

/** Toasts appear and leave at once in tests (no CSS animation to wait for). */
function NoTransition({ isIn, done, playToast, children }: ToastTransitionProps) {
  useEffect(() => {
    if (isIn) playToast();
    else done();
  }, [isIn, done, playToast]);
  return isIn ? children : null;
}

function toastElements(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>('.Toastify__toast'));
}

function matches(text: string, expected: string | RegExp): boolean {
  return typeof expected === 'string' ? text.includes(expected) : expected.test(text);
}

/** Waits for a toast whose text contains `text` (or matches the pattern) and returns it. */
export function findToast(text: string | RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const found = toastElements().find((t) => matches(t.textContent ?? '', text));
    if (!found) throw new Error(`No toast "${String(text)}"; toasts: ${JSON.stringify(toastTexts())}`);
    return found;
  });
}

/** The texts of every toast on screen now. */
export function toastTexts(): string[] {
  return toastElements().map((t) => t.textContent ?? '');
}

/** The rows of a table (by its accessible name or the only one), header row excluded, as cell texts. */
export function tableRows(name?: string | RegExp): string[][] {
  const table = name ? screen.getByRole('table', { name }) : screen.getByRole('table');
  const rows = within(table).getAllByRole('row');
  return rows
    .filter((row) => within(row).queryAllByRole('columnheader').length === 0)
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent?.trim() ?? ''),
    );
}
