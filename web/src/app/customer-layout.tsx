import { formatCredits, type UserDto } from '@ecu/shared';
import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import logoUrl from '../ui/assets/logo.svg';
import { CountryFlag } from '../ui/country-flag';
import { ThemeSwitch } from '../ui/theme-switch';
import { UserMenu } from './user-menu';

function SideLink({ to, label }: { to: string; label: string }) {
  return (
    <NavLink to={to} replace className={({ isActive }) => `nav-link${isActive ? ' active' : ''}`}>
      {label}
    </NavLink>
  );
}

const FILE_SERVICE_PATHS = [
  '/upload-file',
  '/modification-plan',
  '/overview',
  '/my-files',
  '/ticket-details',
];

/** Customer layout (docs/product.md#3-customer-screens): fixed sidebar with groups, top bar, content. */
export function CustomerLayout({ user }: { user: UserDto }) {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const inFileService = FILE_SERVICE_PATHS.some((p) => pathname.startsWith(p));
  const [fileServiceOpen, setFileServiceOpen] = useState(inFileService);
  // Arriving on a file-service page (e.g. from a ticket link) opens its submenu.
  useEffect(() => {
    if (inFileService) setFileServiceOpen(true);
  }, [inFileService]);

  // Close the mobile menu after navigating: the path is the trigger, not a value used.
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
          <Link to="/" className="brand" aria-label="ECU Portal home">
            <img src={logoUrl} alt="ECU Portal" />
          </Link>
        </div>
        <ThemeSwitch />
        <UserMenu user={user} withSettings />
      </header>
      {menuOpen && (
        <div
          className="overlay"
          data-testid="menu-overlay"
          onClick={() => setMenuOpen(false)}
          aria-hidden="true"
        />
      )}
      <aside className={`sidebar${menuOpen ? ' open' : ''}`} aria-label="Main navigation">
        <div className="sidebar-user">
          <CountryFlag code={user.country} />
          <div>
            <div className="names">
              {user.firstName || 'First'} {user.lastName || 'Last'}
            </div>
            <div className="credits" data-testid="sidebar-credits">
              {formatCredits(user.credits)}
            </div>
          </div>
        </div>
        <nav>
          <div className="nav-group">
            <div className="nav-group-title">General</div>
            <SideLink to="/dashboard" label="Dashboard" />
          </div>
          <div className="nav-group">
            <div className="nav-group-title">Database</div>
            <SideLink to="/price-list" label="Price List" />
          </div>
          <div className="nav-group">
            <div className="nav-group-title">Credits</div>
            <SideLink to="/buy-credits" label="Buy Credits" />
            <SideLink to="/transactions" label="My Transactions" />
          </div>
          <div className="nav-group">
            <div className="nav-group-title">Portal</div>
            <button
              type="button"
              className="nav-toggle"
              aria-expanded={fileServiceOpen}
              onClick={() => setFileServiceOpen((o) => !o)}
            >
              File Service <span aria-hidden="true">{fileServiceOpen ? '▾' : '▸'}</span>
            </button>
            {fileServiceOpen && (
              <div className="nav-sub">
                <NavLink
                  to="/upload-file"
                  replace
                  className={() =>
                    `nav-link${['/upload-file', '/modification-plan', '/overview'].some((p) => pathname.startsWith(p)) ? ' active' : ''}`
                  }
                >
                  Upload File
                </NavLink>
                <NavLink
                  to="/my-files"
                  replace
                  className={() =>
                    `nav-link${pathname.startsWith('/my-files') || pathname.startsWith('/ticket-details') ? ' active' : ''}`
                  }
                >
                  My Files
                </NavLink>
              </div>
            )}
          </div>
        </nav>
      </aside>
      <main className="content">
        <Outlet />
      </main>
    </div>
  );
}
