import { matchRoute, type Role, roleMayOpen } from '@ecu/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { type CustomerNavGroup, type NavGroup, PAGES } from './routes';

/**
 * The customer sidebar's groups in order (docs/product.md#3-customer-screens); Portal's items
 * sit in the File Service submenu. The admin sidebar is one untitled list
 * (docs/product.md#9-the-admin-desk). Which page goes in which group is the route table's.
 */
export const CUSTOMER_NAV_GROUPS: readonly { id: CustomerNavGroup; title: string; submenu?: string }[] = [
  { id: 'general', title: 'General' },
  { id: 'database', title: 'Database' },
  { id: 'credits', title: 'Credits' },
  { id: 'portal', title: 'Portal', submenu: 'File Service' },
];

/** One link of a sidebar, as the route table describes it. */
export interface SidebarLink {
  path: string;
  label: string;
}

/**
 * The links of one sidebar group, in the route table's order; given a role, only the pages it
 * may open (an engineer's staff sidebar has no Users, Credits, Transactions or Settings).
 */
export function navLinks(group: NavGroup, role?: Role): SidebarLink[] {
  return PAGES.flatMap((page) => {
    const label = page.nav?.[group];
    if (!label || (role && !roleMayOpen(page.access, role, page.desk))) return [];
    return [{ path: page.path, label }];
  });
}

/**
 * The path of the sidebar item that stands for the page at `pathname`: the page's own, or the
 * item it sits under (a ticket under ECU Files or My Files, the wizard's later steps under
 * Upload File). Undefined for a page without one (e.g. profile settings).
 */
export function activeNavPath(pathname: string): string | undefined {
  const page = matchRoute(PAGES, pathname);
  if (!page) return undefined;
  return page.navUnder ?? (page.nav ? page.path : undefined);
}

/** A sidebar link: it replaces the history entry (docs/product.md#3-customer-screens). */
export function SidebarNavLink({
  link,
  active,
  children,
}: {
  link: SidebarLink;
  active: boolean;
  children?: ReactNode;
}) {
  return (
    <Link
      to={link.path}
      replace
      className={`nav-link${active ? ' active' : ''}`}
      aria-current={active ? 'page' : undefined}
    >
      {link.label}
      {children}
    </Link>
  );
}
