import { decideRoute, isRouteAlias } from '@ecu/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { type ReactNode, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { refreshAuthUser, sendPendingSignOut, toAuthState, useAuthUser } from '../accounts/auth-state';
import { persistOptions, queryClient } from '../local/query-client';
import { DisabledOverlay } from './disabled-overlay';
import { OfflineBanner } from './offline-banner';
import { ScrollToTop } from './scroll-to-top';
import { SyncRunner } from './sync-runner';
import { Toaster } from './toaster';
import { UpdatePrompt } from './update-prompt';

/** Pages where the current-user lookup is not refetched on window focus (spec section 2). */
const NO_FOCUS_REFETCH = ['/signin', '/signup', '/password-reset'];

function useAuthRefresh(pathname: string) {
  useEffect(() => {
    refreshAuthUser();
    // A sign-out made offline reaches the server as soon as the network is back.
    const onOnline = () => void sendPendingSignOut();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);
  useEffect(() => {
    if (NO_FOCUS_REFETCH.includes(pathname)) return;
    const onFocus = () => refreshAuthUser();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [pathname]);
}

/**
 * Server data read with TanStack Query; for a signed-in account its cache is persisted to
 * IndexedDB under that account (a copy of another account's is never restored).
 */
function QueryProvider({ children }: { children: ReactNode }) {
  const user = useAuthUser();
  const accountId = typeof user === 'object' && user ? user._id : undefined;
  if (!accountId) return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return (
    <PersistQueryClientProvider
      key={accountId}
      client={queryClient}
      persistOptions={persistOptions(accountId)}
    >
      {children}
    </PersistQueryClientProvider>
  );
}

function Gate() {
  const user = useAuthUser();
  const location = useLocation();
  if (user === 'loading' || user === 'unknown') {
    return (
      <div className="spinner-page" aria-busy="true">
        Loading...
      </div>
    );
  }
  const decision = decideRoute(toAuthState(user), location.pathname);
  if (!decision.allow) {
    // Only another spelling of the same page keeps the query and the state (e.g. wizard data);
    // anything else must not carry them on (a verification token must not follow to /dashboard).
    const keep = isRouteAlias(location.pathname);
    return (
      <Navigate
        to={{ pathname: decision.redirectTo, search: keep ? location.search : '' }}
        replace
        state={keep ? location.state : null}
      />
    );
  }
  return (
    <>
      {/* Behind the disabled overlay nothing may take focus or clicks. */}
      <div inert={Boolean(user?.disabled)}>
        <Outlet />
      </div>
      {user?.verified && user.onBoarded && !user.disabled && <SyncRunner userId={user._id} />}
      {user?.disabled && <DisabledOverlay />}
    </>
  );
}

/** The root of every route: routing by auth state, overlay, toasts, update prompt. */
export function Root() {
  const location = useLocation();
  useAuthRefresh(location.pathname);
  return (
    <>
      <ScrollToTop />
      <QueryProvider>
        <Gate />
      </QueryProvider>
      <OfflineBanner />
      <Toaster />
      <UpdatePrompt />
    </>
  );
}
