import { matchRoute, type Role, roleMayOpen } from '@ecu/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { type CustomerNavGroup, type NavGroup, PAGES } from './routes';

/**
 * The customer sidebar's groups in order (docs/product.md#3-customer-screens); Portal's items
 * sit in the File Service submenu. The admin sidebar is one untitled list
 * (docs/product.md#9-the-admin-desk). Which page goes in which group is the route table's.
 */
/* eslint-disable lingui/no-unlocalized-strings -- the groups' titles are keys of NAV_WORDS below, shown translated */
export const CUSTOMER_NAV_GROUPS: readonly { id: CustomerNavGroup; title: string; submenu?: string }[] = [
  { id: 'general', title: 'General' },
  { id: 'database', title: 'Database' },
  { id: 'credits', title: 'Credits' },
  { id: 'portal', title: 'Portal', submenu: 'File Service' },
];
/* eslint-enable lingui/no-unlocalized-strings */

/** The sidebars' words (the route table's English labels) in the chosen language. */
const NAV_WORDS: Readonly<Record<string, MessageDescriptor>> = {
  General: msg`General`,
  Database: msg`Database`,
  Credits: msg`Credits`,
  Portal: msg`Portal`,
  'File Service': msg`File Service`,
  Dashboard: msg`Dashboard`,
  'Price List': msg`Price List`,
  'Buy Credits': msg`Buy Credits`,
  'My Transactions': msg`My Transactions`,
  'Upload File': msg`Upload File`,
  'My Files': msg`My Files`,
  Overview: msg`Overview`,
  Users: msg`Users`,
  'Disabled Users': msg`Disabled Users`,
  'Unverified Users': msg`Unverified Users`,
  'ECU Files': msg`ECU Files`,
  Inbox: msg`Inbox`,
  Solutions: msg`Solutions`,
  Deliveries: msg`Deliveries`,
  Transactions: msg`Transactions`,
  Settings: msg`Settings`,
};

/** Turns a sidebar word of the route table into the chosen language (an unknown one as it is). */
export function useNavWord(): (word: string) => string {
  const { i18n } = useLingui();
  return (word) => {
    const message = NAV_WORDS[word];
    return message ? i18n._(message) : word;
  };
}

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
  const word = useNavWord();
  return (
    <Link
      to={link.path}
      replace
      className={`nav-link${active ? ' active' : ''}`}
      aria-current={active ? 'page' : undefined}
    >
      {word(link.label)}
      {children}
    </Link>
  );
}
