import { isAppRoute, isStaff, matchRoute } from '@ecu/shared';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { loadAppMessages } from '../i18n';
import { QueryReady, startQueries } from '../local/query-ready';
import { readSignedInCopy } from '../local/signed-in-copy';
import { Root } from './root';
import { RouteErrorBoundary } from './route-error-boundary';
import { PAGES, type PageModule } from './routes';

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

// The signed-in layouts (sidebar, menus, flags, TanStack Query) and the signed-in features'
// messages are not part of the sign-in page's download; the layout renders once both are here.
const layout = lazyEntry(async () => {
  const [module] = await Promise.all([import('./app-layout'), loadAppMessages()]);
  return { default: module.AppLayout };
});
// Every page of the route table (./routes.ts); the app's pages render inside the layout.
const pages = PAGES.map((route) => {
  const inLayout = isAppRoute(route);
  // The layout's pages read server data with TanStack Query, except those that paint from Dexie.
  const withQueries = inLayout && !route.paintsFromDevice;
  return { ...route, inLayout, withQueries, entry: lazyEntry(route.load) };
});

/**
 * Loads the chunks of the page at `pathname` (and the layout around it) in parallel, before
 * the first render: the first screen then renders whole, without a fallback in between.
 * A chunk that fails here fails again when rendered, and the page shows its error.
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const route = matchRoute(pages, pathname);
  if (!route) return Promise.resolve();
  // The admin desk reads everything with TanStack Query: it loads beside the page when the
  // device knows an admin is signed in. A customer's dashboard paints without it.
  const signedIn = readSignedInCopy();
  const queries = route.inLayout && signedIn && (route.withQueries || isStaff(signedIn.role));
  return Promise.allSettled([
    route.entry.preload(),
    ...(route.inLayout ? [layout.preload()] : []),
    ...(queries ? [startQueries()] : []),
  ]);
}

function pageElement({ entry, withQueries }: { entry: LazyEntry; withQueries: boolean }) {
  // A failing page shows its error where the page goes: inside the layout for signed-in pages.
  return (
    <RouteErrorBoundary>
      {withQueries ? (
        <QueryReady>
          <LazyPage entry={entry} />
        </QueryReady>
      ) : (
        <LazyPage entry={entry} />
      )}
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
      .filter((p) => !p.inLayout)
      .map((p) => (
        <Route key={p.path} path={p.path} element={pageElement(p)} />
      ))}
    <Route element={<LazyPage entry={layout} />}>
      {pages
        .filter((p) => p.inLayout)
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
