import { formatCredits, type UserDto } from '@ecu/shared';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { saveAccountLocale, useAccountLanguage } from '../accounts';
import { LanguageSwitch, useFormatLocale } from '../i18n';
import { useAfterPaint } from '../local/use-after-paint';
import logoUrl from '../ui/assets/logo.svg';
import { ThemeSwitch } from '../ui/theme-switch';
import { activeNavPath, CUSTOMER_NAV_GROUPS, navLinks, SidebarNavLink, useNavWord } from './sidebar-nav';
import { UserMenu } from './user-menu';

// The flags (a data: URL or an asset per country) load after the first paint; until then a box
// of the flag's size holds its place (docs/decisions/084-paint-from-device.md).
const CountryFlag = lazy(async () => ({ default: (await import('../ui/country-flag')).CountryFlag }));
const FLAG_BOX = { display: 'inline-block', width: 24, height: 18, flexShrink: 0 } as const;

const GROUPS = CUSTOMER_NAV_GROUPS.map((group) => ({ ...group, links: navLinks(group.id) }));
/** The items of the File Service submenu (the Portal group). */
const FILE_SERVICE = new Set(navLinks('portal').map((link) => link.path));

/**
 * Customer layout (docs/product.md#3-customer-screens): fixed sidebar with groups, top bar,
 * content. `user` is null while the local database is read: the frame paints, the name, flag and
 * credits fill in.
 */
export function CustomerLayout({ user }: { user: UserDto | null }) {
  const { t } = useLingui();
  const locale = useFormatLocale();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const afterPaint = useAfterPaint();
  useAccountLanguage(user);
  const word = useNavWord();
  const active = activeNavPath(pathname);
  const inFileService = active !== undefined && FILE_SERVICE.has(active);
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
            aria-label={t`Open menu`}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((o) => !o)}
          >
            &#9776;
          </button>
          <Link to="/" className="brand" aria-label={t`ECU Portal home`}>
            <img src={logoUrl} alt="ECU Portal" />
          </Link>
        </div>
        <ThemeSwitch />
        <LanguageSwitch onChosen={saveAccountLocale} />
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
      <aside className={`sidebar${menuOpen ? ' open' : ''}`} aria-label={t`Main navigation`}>
        <div className="sidebar-user" aria-busy={user ? undefined : true}>
          <Suspense fallback={<span style={FLAG_BOX} aria-hidden="true" />}>
            {afterPaint && user ? (
              <CountryFlag code={user.country} />
            ) : (
              <span style={FLAG_BOX} aria-hidden="true" />
            )}
          </Suspense>
          <div>
            <div className="names">
              {user ? `${user.firstName || t`First`} ${user.lastName || t`Last`}` : '\u00a0'}
            </div>
            <div className="credits" data-testid="sidebar-credits">
              {user ? formatCredits(user.credits, locale) : '…'}
            </div>
          </div>
        </div>
        <nav>
          {GROUPS.map((group) => {
            const links = group.links.map((link) => (
              <SidebarNavLink key={link.path} link={link} active={link.path === active} />
            ));
            return (
              <div className="nav-group" key={group.id}>
                <div className="nav-group-title">{word(group.title)}</div>
                {group.submenu ? (
                  <>
                    <button
                      type="button"
                      className="nav-toggle"
                      aria-expanded={fileServiceOpen}
                      onClick={() => setFileServiceOpen((o) => !o)}
                    >
                      {word(group.submenu)} <span aria-hidden="true">{fileServiceOpen ? '▾' : '▸'}</span>
                    </button>
                    {fileServiceOpen && <div className="nav-sub">{links}</div>}
                  </>
                ) : (
                  links
                )}
              </div>
            );
          })}
        </nav>
      </aside>
      <main className="content">
        <Outlet />
      </main>
    </div>
  );
}
