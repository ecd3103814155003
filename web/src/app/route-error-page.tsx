import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { isOnline } from '../local/connectivity';
import { isPageLoadFailure } from './route-error';

/**
 * What a route shows when it fails (route-error-boundary.tsx): a page that could not be
 * downloaded offers a reload; anything else says so plainly. Nothing the tuner typed is lost:
 * drafts and queued work live in IndexedDB.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useLingui();
  const pageLoad = isPageLoadFailure(error);

  useEffect(() => {
    if (!pageLoad) console.error('A page failed', error);
  }, [error, pageLoad]);

  return (
    <div className="stack route-error" role="alert">
      <section className="card prose">
        <h1>{pageLoad ? t`This page could not be loaded` : t`Something went wrong`}</h1>
        <p>
          {pageLoad
            ? isOnline()
              ? t`A new version of the portal may be available. Reload to get it.`
              : t`You are offline and this page has not been opened on this device before. Reload when you are back online.`
            : t`This page stopped working. Your drafts and queued files are kept on this device.`}
        </p>
        <p className="route-error-actions">
          <button type="button" className="btn" onClick={() => window.location.reload()}>
            <Trans>Reload</Trans>
          </button>
          <Link className="btn btn-secondary" to="/dashboard">
            <Trans>Go to the dashboard</Trans>
          </Link>
        </p>
      </section>
    </div>
  );
}
