/* eslint-disable lingui/no-unlocalized-strings -- the nav labels are the keys of the sidebars' words (sidebar-nav.tsx), shown translated */
import {
  type AuthState,
  decideRoute,
  type GatedRoute,
  isRouteAlias,
  type RouteDecision,
  type RouteTable,
} from '@ecu/shared';
import type { ComponentType } from 'react';

export type PageModule = { default: ComponentType };

/**
 * The sidebars' groups: General, Database, Credits and Portal (its File Service submenu) in the
 * customer's; one list in the admin's. Their titles and order are the layouts'
 * (app/sidebar-nav.tsx), loaded with them.
 */
export type CustomerNavGroup = 'general' | 'database' | 'credits' | 'portal';
export type NavGroup = CustomerNavGroup | 'admin';

/** One page of the portal: its path, who may open it, its sidebar items and its code. */
export interface PageRoute extends GatedRoute {
  /** The page's chunk, loaded when the page is first shown (docs/decisions/031-first-visit.md). */
  load: () => Promise<PageModule>;
  /**
   * Its items in the sidebars: the group and the label. A path both roles open has one in each
   * sidebar, e.g. `{ general: 'Dashboard', admin: 'Overview' }`.
   */
  nav?: Partial<Record<NavGroup, string>>;
  /** A page without an item of its own: the sidebar shows this path's item as the active one. */
  navUnder?: string;
  /**
   * The page paints from Dexie before TanStack Query has loaded; its parts that read with it
   * wait for it themselves. Other pages in the layout render once it has loaded
   * (docs/decisions/084-paint-from-device.md).
   */
  paintsFromDevice?: true;
}

/**
 * Every page. The router, the route gate (who may open what) and both sidebars are derived
 * from this list; adding a page is adding an entry here. The entries are in the order of the
 * sidebars: each sidebar lists its items in the order they appear below.
 */
export const PAGES: readonly PageRoute[] = [
  // Signing in and the steps before the app (docs/product.md#2-routes-and-the-auth-gate).
  { path: '/signin', access: 'signed-out', load: () => import('../accounts/pages/sign-in-page') },
  { path: '/signup', access: 'signed-out', load: () => import('../accounts/pages/sign-up-page') },
  {
    path: '/password-reset',
    access: 'signed-out',
    load: () => import('../accounts/pages/password-reset-page'),
  },
  { path: '/onboarding', access: 'onboarding', load: () => import('../accounts/pages/onboarding-page') },
  { path: '/unverified', access: 'verification', load: () => import('../accounts/pages/unverified-page') },
  {
    path: '/verify-email',
    access: 'verification',
    load: () => import('../accounts/pages/verify-email-page'),
  },

  // The app: inside the customer's or the admin's layout.
  {
    path: '/dashboard',
    access: 'any-role',
    nav: { general: 'Dashboard', admin: 'Overview' },
    paintsFromDevice: true,
    load: () => import('../dashboard/dashboard-route'),
  },
  {
    path: '/price-list',
    access: 'customer',
    nav: { database: 'Price List' },
    load: () => import('../credits/price-list-page'),
  },
  {
    path: '/buy-credits',
    access: 'customer',
    nav: { credits: 'Buy Credits' },
    load: () => import('../credits/buy-credits-page'),
  },
  {
    path: '/order-details',
    access: 'customer',
    load: () => import('../credits/order-details-page'),
  },
  {
    path: '/checkout',
    access: 'customer',
    load: () => import('../credits/checkout-page'),
  },
  {
    path: '/users',
    access: 'admin',
    nav: { admin: 'Users' },
    load: () => import('../admin/users/all-users-page'),
  },
  {
    path: '/users/:userId',
    access: 'admin',
    navUnder: '/users',
    load: () => import('../admin/users/user-page'),
  },
  {
    path: '/unverified-users',
    access: 'admin',
    nav: { admin: 'Unverified Users' },
    load: () => import('../admin/users/unverified-users-page'),
  },
  {
    path: '/disabled-users',
    access: 'admin',
    nav: { admin: 'Disabled Users' },
    load: () => import('../admin/users/disabled-users-page'),
  },
  {
    path: '/files',
    access: 'admin',
    desk: 'queue',
    nav: { admin: 'ECU Files' },
    load: () => import('../admin/ecu-files-page'),
  },
  {
    path: '/ticket/:ticketNumber',
    access: 'admin',
    desk: 'queue',
    navUnder: '/files',
    load: () => import('../admin/ticket-page'),
  },
  {
    path: '/solutions',
    access: 'admin',
    desk: 'queue',
    nav: { admin: 'Solutions' },
    load: () => import('../admin/solutions/solutions-page'),
  },
  {
    path: '/inbox',
    access: 'admin',
    desk: 'queue',
    nav: { admin: 'Inbox' },
    load: () => import('../admin/inbox/inbox-page'),
  },
  {
    path: '/transactions',
    access: 'any-role',
    desk: 'payments',
    nav: { credits: 'My Transactions', admin: 'Transactions' },
    load: () => import('../credits/transactions-route'),
  },
  {
    path: '/credits',
    access: 'admin',
    nav: { admin: 'Credits' },
    load: () => import('../admin/credits-page'),
  },
  {
    path: '/deliveries',
    access: 'admin',
    nav: { admin: 'Deliveries' },
    load: () => import('../admin/deliveries/deliveries-page'),
  },
  {
    path: '/settings',
    access: 'admin',
    nav: { admin: 'Settings' },
    load: () => import('../admin/settings/settings-page'),
  },
  {
    path: '/upload-file',
    access: 'customer',
    nav: { portal: 'Upload File' },
    load: () => import('../tickets/wizard/upload-file-page'),
  },
  {
    path: '/modification-plan',
    access: 'customer',
    navUnder: '/upload-file',
    load: () => import('../tickets/wizard/modification-plan-page'),
  },
  {
    path: '/overview',
    access: 'customer',
    navUnder: '/upload-file',
    load: () => import('../tickets/wizard/overview-page'),
  },
  {
    path: '/my-files',
    access: 'customer',
    nav: { portal: 'My Files' },
    load: () => import('../tickets/list/my-files-page'),
  },
  {
    path: '/ticket-details/:ticketNumber',
    access: 'customer',
    navUnder: '/my-files',
    load: () => import('../tickets/details/ticket-details-page'),
  },
  // Reached from the user menu and the dashboard, not from the sidebar.
  { path: '/profile-settings', access: 'customer', load: () => import('../profile/profile-settings-page') },
  { path: '/help', access: 'customer', load: () => import('../help/help-page') },
  { path: '/auto-data', access: 'customer', load: () => import('../help/auto-data-page') },
];

/** Other spellings of a page (docs/product.md#2-routes-and-the-auth-gate). */
export const ROUTE_ALIASES: Readonly<Record<string, string>> = {
  '/login': '/signin',
  // Keeps the wizard's state on the way (navigation state travels with an alias redirect).
  '/upload-file/modification-plan': '/modification-plan',
  '/ticket': '/files',
};

const TABLE: RouteTable<PageRoute> = { routes: PAGES, aliases: ROUTE_ALIASES };

/** The route gate's answer for this session at this path: render the page, or go elsewhere. */
export function decidePage(auth: AuthState, pathname: string): RouteDecision {
  return decideRoute(TABLE, auth, pathname);
}

/** True for another spelling of a page: a redirect from it keeps the query and the state. */
export function isPageAlias(pathname: string): boolean {
  return isRouteAlias(TABLE, pathname);
}
