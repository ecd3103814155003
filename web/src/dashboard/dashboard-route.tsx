import { formatGBP, type UserDto } from '@ecu/shared';
import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useAuthUser, useGateUser } from '../accounts';
import { AdminOverviewPage } from '../admin';
import { LazyServiceStatusBanner } from '../service-status';
import { LatestFilesCard } from './latest-files-card';

/**
 * /dashboard: the admin overview for admins, the queue's doors for engineers, the customer
 * dashboard for customers. While the local database opens, the route gate's copy already says
 * who is signed in: the dashboard's frame paints at once and the user's own figures fill in
 * when read.
 */
export default function DashboardRoute() {
  const user = useAuthUser();
  const gate = useGateUser();
  const known = typeof user === 'object' ? user : null;
  // While Dexie is read, the gate's copy names the role; the user's own fields come with Dexie.
  const role = known?.role ?? (user === 'loading' && typeof gate === 'object' ? gate?.role : undefined);
  if (!role) return null;
  if (role === 'engineer') return <EngineerHome firstName={known?.firstName ?? null} />;
  return role === 'admin' ? <AdminOverview /> : <CustomerDashboard user={known} />;
}

/** An engineer's start: the overview's figures are the business's, so the queue's doors instead. */
function EngineerHome({ firstName }: { firstName: string | null }) {
  return (
    <div className="stack">
      <section className="welcome">
        <h1>{firstName ? `Welcome back, ${firstName}!` : 'Welcome back!'}</h1>
        <p>Work the file queue, answer the chats and keep internal notes for the team.</p>
      </section>
      <nav className="card" aria-label="The queue">
        <ul className="stack">
          <li>
            <Link to="/files">ECU Files</Link>: the tickets to tune and deliver
          </li>
          <li>
            <Link to="/inbox">Inbox</Link>: customers waiting for an answer
          </li>
          <li>
            <Link to="/solutions">Solutions</Link>: the library of patches by software version
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
function CustomerDashboard({ user }: { user: UserDto | null }) {
  const filesSubmitted = user && Number.isFinite(user.totalFilesSubmitted) ? user.totalFilesSubmitted : 0;
  return (
    <div className="stack" aria-busy={user ? undefined : true}>
      <section className="welcome">
        <h1>{user ? `Welcome back, ${user.firstName} ${user.lastName}!` : 'Welcome back!'}</h1>
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
              {user ? filesSubmitted : '…'}
            </span>
          </section>
          <section className="card stat">
            <span className="label">Money Spent</span>
            <span className="value" data-testid="money-spent">
              {user ? formatGBP(user.totalMoneySpent) : '…'}
            </span>
          </section>
        </div>
        <LatestFilesCard />
      </div>
    </div>
  );
}
