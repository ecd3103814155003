import { formatGBP, type UserDto } from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useId } from 'react';
import { Link } from 'react-router-dom';
import { useSignedInUser } from '../accounts';
import { AdminOverviewPage } from '../admin';
import { useFormatLocale } from '../i18n';
import { useAfterPaint } from '../local/use-after-paint';
import { LazyServiceStatusBanner } from '../service-status';

// The latest files come from the synced tickets in IndexedDB: the card's code (with Dexie's
// live queries) loads once the frame has painted, which shows the card's heading meanwhile.
const LatestFilesCard = lazy(async () => ({
  default: (await import('./latest-files-card')).LatestFilesCard,
}));

/**
 * /dashboard: the admin overview for admins, the queue's doors for engineers, the customer
 * dashboard for customers. While the local database opens, the route gate's copy already says
 * who is signed in: the dashboard's frame paints at once and the user's own figures fill in
 * when read.
 */
export default function DashboardRoute() {
  const { role, user } = useSignedInUser();
  if (!role) return null;
  if (role === 'engineer') return <EngineerHome firstName={user?.firstName ?? null} />;
  return role === 'admin' ? <AdminOverview /> : <CustomerDashboard user={user} />;
}

/** An engineer's start: the overview's figures are the business's, so the queue's doors instead. */
function EngineerHome({ firstName }: { firstName: string | null }) {
  const { t } = useLingui();
  return (
    <div className="stack">
      <section className="welcome">
        <h1>{firstName ? t`Welcome back, ${firstName}!` : t`Welcome back!`}</h1>
        <p>
          <Trans>Work the file queue, answer the chats and keep internal notes for the team.</Trans>
        </p>
      </section>
      <nav className="card" aria-label={t`The queue`}>
        <ul className="stack">
          <li>
            <Trans>
              <Link to="/files">ECU Files</Link>: the tickets to tune and deliver
            </Trans>
          </li>
          <li>
            <Trans>
              <Link to="/inbox">Inbox</Link>: customers waiting for an answer
            </Trans>
          </li>
          <li>
            <Trans>
              <Link to="/solutions">Solutions</Link>: the library of patches by software version
            </Trans>
          </li>
        </ul>
      </nav>
    </div>
  );
}

function AdminOverview() {
  return (
    <Suspense
      fallback={
        <div className="spinner-page" aria-busy="true">
          <Trans>Loading...</Trans>
        </div>
      }
    >
      <AdminOverviewPage />
    </Suspense>
  );
}

/**
 * Everything here comes from IndexedDB (the cached user, the synced tickets), so it paints
 * before any network answer and shows offline too; the service status (TanStack Query) loads
 * after it and shows its last known copy (docs/decisions/084-paint-from-device.md).
 */
function CustomerDashboard({ user }: { user: UserDto | null }) {
  const afterPaint = useAfterPaint();
  const { t } = useLingui();
  const locale = useFormatLocale();
  const firstName = user?.firstName;
  const lastName = user?.lastName;
  const filesSubmitted = user && Number.isFinite(user.totalFilesSubmitted) ? user.totalFilesSubmitted : 0;
  return (
    <div className="stack" aria-busy={user ? undefined : true}>
      <section className="welcome">
        <h1>{user ? t`Welcome back, ${firstName} ${lastName}!` : t`Welcome back!`}</h1>
        <p>
          <Trans>Upload an ECU file, follow its progress and download the tuned file when it is ready.</Trans>
        </p>
      </section>

      <LazyServiceStatusBanner />

      <section className="card promo" aria-labelledby="autodata-heading">
        <div>
          <h2 id="autodata-heading">Autodata</h2>
          <p className="muted">
            <Trans>
              Our in-house vehicle data tool: technical data, wiring diagrams and service information for the
              vehicles you tune.
            </Trans>
          </p>
        </div>
        <Link to="/auto-data" className="btn">
          <Trans>Open Autodata</Trans>
        </Link>
      </section>

      <div className="dashboard-main">
        <div className="grid dashboard-stats">
          <section className="card stat">
            <span className="label">
              <Trans>Files Submitted</Trans>
            </span>
            <span className="value" data-testid="files-submitted">
              {user ? filesSubmitted : '…'}
            </span>
          </section>
          <section className="card stat">
            <span className="label">
              <Trans>Money Spent</Trans>
            </span>
            <span className="value" data-testid="money-spent">
              {user ? formatGBP(user.totalMoneySpent, locale) : '…'}
            </span>
          </section>
        </div>
        <Suspense fallback={<LatestFilesFrame />}>
          {afterPaint ? <LatestFilesCard /> : <LatestFilesFrame />}
        </Suspense>
      </div>
    </div>
  );
}

/** The latest files card while its code and the local tickets load. */
function LatestFilesFrame() {
  const headingId = useId();
  return (
    <section className="card latest-files" aria-labelledby={headingId}>
      <div className="latest-files-head">
        <h2 id={headingId}>
          <Trans>Latest files</Trans>
        </h2>
      </div>
      <p className="muted" aria-busy="true">
        <Trans>Loading...</Trans>
      </p>
    </section>
  );
}
