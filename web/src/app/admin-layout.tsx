import type { UserDto } from '@ecu/shared';
import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { useSignOut } from '../accounts/use-sign-out';
import { InboxBadge } from '../admin/inbox/inbox-badge';
import { ThemeSwitch } from '../ui/theme-switch';

const ADMIN_LINKS = [
  ['/dashboard', 'Overview'],
  ['/users', 'Users'],
  ['/unverified-users', 'Unverified Users'],
  ['/disabled-users', 'Disabled Users'],
  ['/files', 'ECU Files'],
  ['/inbox', 'Inbox'],
  ['/transactions', 'Transactions'],
  ['/credits', 'Credits'],
  ['/settings', 'Settings'],
] as const;

/** Pages under an item without sharing its path: the active item follows the path. */
const ALSO_ACTIVE_ON: Partial<Record<string, string>> = { '/files': '/ticket/' };

/** Admin layout (docs/product.md#9-the-admin-desk): 'Admin Dashboard' top bar with sign-out only, sidebar. */
export function AdminLayout({ user }: { user: UserDto }) {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const signOut = useSignOut();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <div className="app-shell">
      <header className="topbar">
        <div className="topbar-left">
          <button
            type="button"
            className="menu-toggle"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((o) => !o)}
          >
            &#9776;
          </button>
          <div className="topbar-title">
            <strong>Admin Dashboard</strong>
            <span>Manage users, files, and system settings</span>
          </div>
        </div>
        <ThemeSwitch />
        <button type="button" className="btn btn-secondary" onClick={signOut} title={user.email}>
          Sign Out
        </button>
      </header>
      {menuOpen && <div className="overlay" onClick={() => setMenuOpen(false)} aria-hidden="true" />}
      <aside className={`sidebar${menuOpen ? ' open' : ''}`} aria-label="Admin navigation">
        <nav>
          {ADMIN_LINKS.map(([to, label]) => (
            <NavLink
              key={to}
              to={to}
              replace
              className={({ isActive }) => {
                const also = ALSO_ACTIVE_ON[to];
                return `nav-link${isActive || (also && pathname.startsWith(also)) ? ' active' : ''}`;
              }}
            >
              {label}
              {to === '/inbox' && <InboxBadge />}
            </NavLink>
          ))}
        </nav>
      </aside>
      <main className="content">
        <Outlet />
      </main>
    </div>
  );
}
