import { Trans } from '@lingui/react/macro';
import {
  type ComponentType,
  lazy,
  Suspense,
  startTransition,
  useDeferredValue,
  useEffect,
  useState,
} from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import {
  type GateUserState,
  loadAuthLookup,
  refreshAuthUser,
  startFirstLookup,
  toAuthState,
  useAuthLookupTimedOut,
  useGateUser,
} from '../accounts/auth-gate';
import { firstContentfulPaint } from '../local/first-paint';
import { OfflineBanner } from './offline-banner';
import { decidePage, isPageAlias } from './routes';
import { ScrollToTop } from './scroll-to-top';
import { whenPageIdle } from './when-page-idle';

/**
 * A part of the shell that the first screen does without, in its own chunk. If the chunk
 * cannot be fetched (offline before the precache) the screen works without it; the next
 * load brings it.
 */
function optionalPart<P extends object>(name: string, load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() =>
    load().catch((err: unknown) => {
      console.warn(`${name} not loaded`, err);
      return { default: () => null };
    }),
  );
}

const Toaster = optionalPart('Toasts', () => import('./toaster'));
// The sync loop and the outbox handlers load once the first signed-in screen has painted from
// Dexie and the page is idle (docs/decisions/084-paint-from-device.md).
const SyncRunner = optionalPart('Sync', () => import('./sync-runner'));
// Shown to a disabled account only; its sign-out button brings Dexie. Until it has loaded the
// page behind is already inert.
const DisabledOverlay = optionalPart('Disabled overlay', () => import('./disabled-overlay'));
// The install offer (caught from start-up in main.tsx) and the update prompt, which registers
// the service worker once the page is idle.
const ShellExtras = optionalPart('Install and update prompts', () => import('./shell-extras'));

/**
 * Called by main.tsx before the first render: the lookup of the user (and Dexie) starts beside
 * the page's chunk; the gate renders from the synchronous copy meanwhile
 * (docs/decisions/031-first-visit.md).
 */
export function startAuthLookup() {
  startFirstLookup({ answerFirst: decidePage({ signedIn: false }, window.location.pathname).allow });
}

/**
 * False until the first screen has painted, the page has loaded and the browser is idle: the
 * parts that the first paint does without (the sync loop, toasts, install and update prompts)
 * render from then on, so their chunks neither compete with the page's nor block its first input.
 */
function useAfterFirstPaint(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(
    () => whenPageIdle(() => startTransition(() => setAfter(true)), { ready: () => firstContentfulPaint() }),
    [],
  );
  return after;
}

/** Where the user lookup is not refetched on window focus (docs/product.md#2-routes-and-the-auth-gate). */
const NO_FOCUS_REFETCH = ['/signin', '/signup', '/password-reset'];

function useAuthRefresh(pathname: string) {
  useEffect(() => {
    startFirstLookup();
    // A sign-out made offline reaches the server as soon as the network is back.
    const onOnline = () => void loadAuthLookup().then((m) => m.sendPendingSignOut());
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

/** Nothing is known on this device and the server has not answered in time. */
function LookupTimedOut() {
  return (
    <div className="spinner-page" role="alert">
      <div className="stack">
        <p>
          <Trans>The server is taking too long to answer. Check your connection and try again.</Trans>
        </p>
        <button type="button" className="btn" onClick={() => void refreshAuthUser({ fresh: true })}>
          <Trans>Retry</Trans>
        </button>
      </div>
    </div>
  );
}

/**
 * Who the gate renders for. The first answer on a device that knew nobody is taken in a deferred
 * render, which React splits into short tasks: the whole signed-in screen mounting at once held
 * a phone's main thread for hundreds of milliseconds. Every later change (sign-in, sign-out,
 * another tab) is taken at once, as before.
 */
function useShownGateUser(): GateUserState {
  const user = useGateUser();
  const deferred = useDeferredValue(user);
  return deferred === 'unknown' ? deferred : user;
}

function Gate({ afterFirstPaint }: { afterFirstPaint: boolean }) {
  const shown = useShownGateUser();
  const lookupTimedOut = useAuthLookupTimedOut();
  const location = useLocation();
  // Knowing nobody yet, a page for signed-out visitors (sign-in, sign-up, password reset) shows
  // at once as signed out; should the server name a user, the gate moves them on.
  const optimistic = shown === 'unknown' && decidePage({ signedIn: false }, location.pathname).allow;
  const user = optimistic ? null : shown;
  if (user === 'unknown' && lookupTimedOut) return <LookupTimedOut />;
  if (user === 'unknown') {
    return (
      <div className="spinner-page" aria-busy="true">
        <Trans>Loading...</Trans>
      </div>
    );
  }
  const decision = decidePage(toAuthState(user), location.pathname);
  if (!decision.allow) {
    // Only another spelling of the same page keeps the query and the state (e.g. wizard data);
    // anything else must not carry them on (a verification token must not follow to /dashboard).
    const keep = isPageAlias(location.pathname);
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
      {afterFirstPaint && user?.verified && user.onBoarded && !user.disabled && (
        <Suspense fallback={null}>
          <SyncRunner userId={user._id} />
        </Suspense>
      )}
      {user?.disabled && (
        <Suspense fallback={null}>
          <DisabledOverlay />
        </Suspense>
      )}
    </>
  );
}

/** The root of every route: routing by auth state, overlay, toasts, update prompt. */
export function Root() {
  const location = useLocation();
  useAuthRefresh(location.pathname);
  const afterFirstPaint = useAfterFirstPaint();
  return (
    <>
      <ScrollToTop />
      {/* Pages and the layout suspend here while their chunk loads. The boundary stays mounted
          (also while the gate redirects): a navigation, a React transition, keeps the current
          screen until the next one is ready instead of flashing an empty one. */}
      <Suspense fallback={null}>
        <Gate afterFirstPaint={afterFirstPaint} />
      </Suspense>
      <OfflineBanner />
      {afterFirstPaint && (
        <>
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
          <Suspense fallback={null}>
            <ShellExtras />
          </Suspense>
        </>
      )}
    </>
  );
}
