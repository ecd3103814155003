import { formatGBP, type UserDto } from '@ecu/shared';
import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useAuthUser } from '../accounts';
import { AdminOverviewPage } from '../admin';
import { LazyServiceStatusBanner } from '../service-status';
import { LatestFilesCard } from './latest-files-card';

/** /dashboard: the admin overview for admins, the customer dashboard for everyone else. */
export default function DashboardRoute() {
  const user = useAuthUser();
  if (typeof user !== 'object' || !user) return null;
  return user.role === 'admin' ? <AdminOverview /> : <CustomerDashboard user={user} />;
}

function AdminOverview() {
  return (
    <Suspense
      fallback={
        <div className="spinner-page" aria-busy="true">
          Loading...
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
function CustomerDashboard({ user }: { user: UserDto }) {
  const filesSubmitted = Number.isFinite(user.totalFilesSubmitted) ? user.totalFilesSubmitted : 0;
  return (
    <div className="stack">
      <section className="welcome">
        <h1>
          Welcome back, {user.firstName} {user.lastName}!
        </h1>
        <p>Upload an ECU file, follow its progress and download the tuned file when it is ready.</p>
      </section>

      <LazyServiceStatusBanner />

      <section className="card promo" aria-labelledby="autodata-heading">
        <div>
          <h2 id="autodata-heading">Autodata</h2>
          <p className="muted">
            Our in-house vehicle data tool: technical data, wiring diagrams and service information for the
            vehicles you tune.
          </p>
        </div>
        <Link to="/auto-data" className="btn">
          Open Autodata
        </Link>
      </section>

      <div className="dashboard-main">
        <div className="grid dashboard-stats">
          <section className="card stat">
            <span className="label">Files Submitted</span>
            <span className="value" data-testid="files-submitted">
              {filesSubmitted}
            </span>
          </section>
          <section className="card stat">
            <span className="label">Money Spent</span>
            <span className="value" data-testid="money-spent">
              {formatGBP(user.totalMoneySpent)}
            </span>
          </section>
        </div>
        <LatestFilesCard />
      </div>
    </div>
  );
}
