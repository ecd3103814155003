import type { UserDto } from '@ecu/shared';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useSignOut } from '../accounts/use-sign-out';
import { InboxBadge } from '../admin/inbox/inbox-badge';
import { ThemeSwitch } from '../ui/theme-switch';
import { activeNavPath, navLinks, SidebarNavLink } from './sidebar-nav';

const LINKS = navLinks('admin');

/** Admin layout (docs/product.md#9-the-admin-desk): 'Admin Dashboard' top bar with sign-out only, sidebar. */
export function AdminLayout({ user }: { user: UserDto }) {
  const { pathname } = useLocation();
  const active = activeNavPath(pathname);
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
          {LINKS.map((link) => (
            <SidebarNavLink key={link.path} link={link} active={link.path === active}>
              {/* The support inbox with its unread count (docs/product.md#9-the-admin-desk). */}
              {link.path === '/inbox' && <InboxBadge />}
            </SidebarNavLink>
          ))}
        </nav>
      </aside>
      <main className="content">
        <Outlet />
      </main>
    </div>
  );
}
