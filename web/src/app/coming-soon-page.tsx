import { Link, useLocation } from 'react-router-dom';

interface Screen {
  title: string;
  purpose: string;
}

/** The admin screens that arrive with the user-management issue. */
const SCREENS: Record<string, Screen> = {
  '/users': {
    title: 'Users',
    purpose: "Manage users: change a user's role and per-credit price, disable, activate or delete accounts.",
  },
  '/unverified-users': {
    title: 'Unverified Users',
    purpose: 'Users who have signed up but have not verified their e-mail address yet.',
  },
  '/disabled-users': {
    title: 'Disabled Users',
    purpose:
      'Disabled accounts, searchable by name, e-mail and role, with actions to activate or delete them.',
  },
  '/settings': {
    title: 'Settings',
    purpose: 'Portal settings for administrators.',
  },
};

function screenFor(pathname: string): Screen {
  const path = pathname.replace(/\/+$/, '') || '/';
  return SCREENS[path] ?? { title: 'Coming soon', purpose: 'This part of the portal is on its way.' };
}

/** Screens whose features are still being built: an honest placeholder, never invented data. */
export default function ComingSoonPage() {
  const { pathname } = useLocation();
  const { title, purpose } = screenFor(pathname);

  return (
    <div className="stack">
      <div className="page-header">
        <h1>{title}</h1>
      </div>
      <section className="card prose">
        <h2>This screen is being built</h2>
        <p>{purpose}</p>
        <p className="muted">
          It is not available yet. <Link to="/dashboard">Back to the dashboard</Link>
        </p>
      </section>
    </div>
  );
}
