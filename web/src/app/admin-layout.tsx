import type { UserDto } from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { saveAccountLocale, useAccountLanguage } from '../accounts';
import { useSignOut } from '../accounts/use-sign-out';
import { InboxBadge } from '../admin/inbox/inbox-badge';
import { LanguageSwitch } from '../i18n';
import { ThemeSwitch } from '../ui/theme-switch';
import { activeNavPath, navLinks, SidebarNavLink } from './sidebar-nav';

/**
 * The staff layout (docs/product.md#9-the-admin-desk): 'Admin Dashboard' (an engineer's 'Engineer
 * Desk') top bar with sign-out only, and the sidebar of the pages the role may open.
 */
export function AdminLayout({ user }: { user: UserDto }) {
  const { t } = useLingui();
  const links = useMemo(() => navLinks('admin', user.role), [user.role]);
  const engineer = user.role === 'engineer';
  const { pathname } = useLocation();
  const active = activeNavPath(pathname);
  const [menuOpen, setMenuOpen] = useState(false);
  const signOut = useSignOut();
  useAccountLanguage(user);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <div className="app-shell">
      <header className="topbar">
        <div className="topbar-left">
          <button
            type="button"
            className="menu-toggle"
            aria-label={t`Open menu`}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((o) => !o)}
          >
            &#9776;
          </button>
          <div className="topbar-title">
            <strong>{engineer ? t`Engineer Desk` : t`Admin Dashboard`}</strong>
            <span>
              {engineer ? t`Work the file queue and the chats` : t`Manage users, files, and system settings`}
            </span>
          </div>
        </div>
        <ThemeSwitch />
        <LanguageSwitch onChosen={saveAccountLocale} />
        <button type="button" className="btn btn-secondary" onClick={signOut} title={user.email}>
          <Trans>Sign Out</Trans>
        </button>
      </header>
      {menuOpen && <div className="overlay" onClick={() => setMenuOpen(false)} aria-hidden="true" />}
      <aside
        className={`sidebar${menuOpen ? ' open' : ''}`}
        aria-label={engineer ? t`Engineer navigation` : t`Admin navigation`}
      >
        <nav>
          {links.map((link) => (
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
