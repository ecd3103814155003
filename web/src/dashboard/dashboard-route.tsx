import { formatGBP, type UserDto } from '@ecu/shared';
import { Link } from 'react-router-dom';
import { useAuthUser } from '../accounts/auth-state';

/** /dashboard: the admin overview for admins, the customer dashboard for everyone else. */
export default function DashboardRoute() {
  const user = useAuthUser();
  if (typeof user !== 'object' || !user) return null;
  return user.role === 'admin' ? <AdminOverview /> : <CustomerDashboard user={user} />;
}

function AdminOverview() {
  return (
    <div className="stack">
      <div className="page-header">
        <h1>Overview</h1>
        <p>Manage users, files, and system settings</p>
      </div>
      <section className="card">
        <p>
          The admin overview with figures on users, files, credits and payments is coming. Until then, use the
          menu to manage users, ECU files, transactions and credits.
        </p>
      </section>
    </div>
  );
}

/** Everything here comes from the cached user in IndexedDB, so it shows offline too. */
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

      <div className="grid grid-2">
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
    </div>
  );
}
