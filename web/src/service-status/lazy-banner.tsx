import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { QueryReady } from '../local/query-ready';
import { useAfterPaint } from '../local/use-after-paint';
import { useOnline } from '../local/use-online';

// The banner reads with TanStack Query: its code and the query client load after the page
// that shows it has painted from the device (docs/decisions/084-paint-from-device.md).
const Banner = lazy(() =>
  import('./service-status-banner')
    .then((m) => ({ default: m.ServiceStatusBanner }))
    // Offline before the precache: the page goes on without the status.
    .catch(() => ({ default: () => null })),
);

/** What the banner shows before its first answer, in its place, so nothing moves when it loads. */
function Checking() {
  const online = useOnline();
  if (!online) return null;
  return (
    <div className="service-status service-status-loading" role="status">
      <span className="muted">
        <Trans>Checking the file service...</Trans>
      </span>
    </div>
  );
}

/**
 * ServiceStatusBanner for a page that paints before TanStack Query has loaded (the dashboard):
 * 'Checking the file service...' until the banner, the query client and its restored cache are
 * there, then the banner itself (the last known status first, from the persisted cache).
 */
export function LazyServiceStatusBanner() {
  const afterPaint = useAfterPaint();
  if (!afterPaint) return <Checking />;
  return (
    <Suspense fallback={<Checking />}>
      <QueryReady>
        <Banner />
      </QueryReady>
    </Suspense>
  );
}
