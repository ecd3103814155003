import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { BrowserRouter, matchPath, Route, Routes } from 'react-router-dom';
import { Root } from './root';
import { RouteErrorBoundary } from './route-error-boundary';

type PageModule = { default: ComponentType };

/**
 * A page in its own chunk, precached by the service worker for offline use. Once loaded it
 * renders at once; before that it suspends (`React.lazy`) to the boundary in Root, which keeps
 * the current page on screen while a navigation (a React transition) loads the next one.
 */
interface LazyEntry {
  preload: () => Promise<PageModule>;
  Lazy: LazyExoticComponent<ComponentType>;
  loaded?: ComponentType;
}

function lazyEntry(load: () => Promise<PageModule>): LazyEntry {
  const entry: LazyEntry = {
    preload: () =>
      load().then((module) => {
        entry.loaded = module.default;
        return module;
      }),
    Lazy: lazy(() => entry.preload()),
  };
  return entry;
}

function LazyPage({ entry }: { entry: LazyEntry }) {
  const Loaded = entry.loaded;
  return Loaded ? <Loaded /> : <entry.Lazy />;
}

/** A page's route; `signedIn` pages render inside the layout (sidebar and top bar). */
interface PageRoute {
  path: string;
  load: () => Promise<PageModule>;
  signedIn?: true;
}

const PAGES: PageRoute[] = [
  { path: '/signin', load: () => import('../accounts/pages/sign-in-page') },
  { path: '/signup', load: () => import('../accounts/pages/sign-up-page') },
  { path: '/password-reset', load: () => import('../accounts/pages/password-reset-page') },
  { path: '/onboarding', load: () => import('../accounts/pages/onboarding-page') },
  { path: '/unverified', load: () => import('../accounts/pages/unverified-page') },
  { path: '/verify-email', load: () => import('../accounts/pages/verify-email-page') },
  { path: '/dashboard', signedIn: true, load: () => import('../dashboard/dashboard-route') },
  { path: '/profile-settings', signedIn: true, load: () => import('../profile/profile-settings-page') },
  { path: '/help', signedIn: true, load: () => import('../help/help-page') },
  { path: '/auto-data', signedIn: true, load: () => import('../help/auto-data-page') },
  { path: '/price-list', signedIn: true, load: () => import('../credits/price-list-page') },
  { path: '/buy-credits', signedIn: true, load: () => import('../credits/buy-credits-page') },
  { path: '/order-details', signedIn: true, load: () => import('../credits/order-details-page') },
  { path: '/checkout', signedIn: true, load: () => import('../credits/checkout-page') },
  { path: '/transactions', signedIn: true, load: () => import('../credits/transactions-route') },
  { path: '/credits', signedIn: true, load: () => import('../admin/credits-page') },
  { path: '/upload-file', signedIn: true, load: () => import('../tickets/wizard/upload-file-page') },
  {
    path: '/modification-plan',
    signedIn: true,
    load: () => import('../tickets/wizard/modification-plan-page'),
  },
  { path: '/overview', signedIn: true, load: () => import('../tickets/wizard/overview-page') },
  { path: '/my-files', signedIn: true, load: () => import('../tickets/list/my-files-page') },
  {
    path: '/ticket-details/:ticketNumber',
    signedIn: true,
    load: () => import('../tickets/details/ticket-details-page'),
  },
  { path: '/files', signedIn: true, load: () => import('../admin/ecu-files-page') },
  { path: '/inbox', signedIn: true, load: () => import('../admin/inbox/inbox-page') },
  { path: '/ticket/:ticketNumber', signedIn: true, load: () => import('../admin/ticket-page') },
  { path: '/users', signedIn: true, load: () => import('../admin/users/all-users-page') },
  { path: '/unverified-users', signedIn: true, load: () => import('../admin/users/unverified-users-page') },
  { path: '/disabled-users', signedIn: true, load: () => import('../admin/users/disabled-users-page') },
  { path: '/users/:userId', signedIn: true, load: () => import('../admin/users/user-page') },
  { path: '/settings', signedIn: true, load: () => import('../admin/settings/settings-page') },
];

// The signed-in layouts (sidebar, menus, flags, TanStack Query) are not part of the sign-in
// page's download.
const layout = lazyEntry(async () => ({ default: (await import('./app-layout')).AppLayout }));
const pages = PAGES.map((route) => ({ ...route, entry: lazyEntry(route.load) }));

/**
 * Loads the chunks of the page at `pathname` (and the layout around it) in parallel, before
 * the first render: the first screen then renders whole, without a fallback in between.
 * A chunk that fails here fails again when rendered, and the page shows its error.
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const route = pages.find((p) => matchPath(p.path, pathname));
  if (!route) return Promise.resolve();
  return Promise.allSettled([route.entry.preload(), ...(route.signedIn ? [layout.preload()] : [])]);
}

function pageElement({ entry }: { entry: LazyEntry }) {
  // A failing page shows its error where the page goes: inside the layout for signed-in pages.
  return (
    <RouteErrorBoundary>
      <LazyPage entry={entry} />
    </RouteErrorBoundary>
  );
}

/**
 * The routes, in React Router's declarative mode: the data router's loaders and actions are
 * not used here, and leaving them out keeps about 16 KB gzip off every first visit
 * (docs/decisions/031-first-visit.md).
 */
const routes = (
  <Route element={<Root />}>
    {pages
      .filter((p) => !p.signedIn)
      .map((p) => (
        <Route key={p.path} path={p.path} element={pageElement(p)} />
      ))}
    <Route element={<LazyPage entry={layout} />}>
      {pages
        .filter((p) => p.signedIn)
        .map((p) => (
          <Route key={p.path} path={p.path} element={pageElement(p)} />
        ))}
    </Route>
    {/* Unknown paths: the route gate in Root sends them on (signin or dashboard). */}
    <Route path="*" element={null} />
  </Route>
);

/** The whole portal: the browser's URL picks the page; a failure of the shell itself shows the error page. */
export function App() {
  return (
    <BrowserRouter>
      <RouteErrorBoundary>
        <Routes>{routes}</Routes>
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}
