import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppLayout } from './app-layout';
import { Root } from './root';
import { RouteErrorPage } from './route-error-page';

/** Lazy route: each page is its own chunk, precached by the service worker for offline use. */
function page(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/signin', ...page(() => import('../accounts/pages/sign-in-page')) },
      { path: '/signup', ...page(() => import('../accounts/pages/sign-up-page')) },
      { path: '/password-reset', ...page(() => import('../accounts/pages/password-reset-page')) },
      { path: '/onboarding', ...page(() => import('../accounts/pages/onboarding-page')) },
      { path: '/unverified', ...page(() => import('../accounts/pages/unverified-page')) },
      { path: '/verify-email', ...page(() => import('../accounts/pages/verify-email-page')) },
      {
        element: <AppLayout />,
        children: [
          {
            // A failing page shows its error inside the layout (sidebar and top bar stay).
            errorElement: <RouteErrorPage />,
            children: [
              { path: '/dashboard', ...page(() => import('../dashboard/dashboard-route')) },
              { path: '/profile-settings', ...page(() => import('../profile/profile-settings-page')) },
              { path: '/help', ...page(() => import('../help/help-page')) },
              { path: '/auto-data', ...page(() => import('../help/auto-data-page')) },
              { path: '/price-list', ...page(() => import('../credits/price-list-page')) },
              { path: '/buy-credits', ...page(() => import('../credits/buy-credits-page')) },
              { path: '/order-details', ...page(() => import('../credits/order-details-page')) },
              { path: '/checkout', ...page(() => import('../credits/checkout-page')) },
              { path: '/transactions', ...page(() => import('../credits/transactions-route')) },
              { path: '/credits', ...page(() => import('../admin/credits-page')) },
              { path: '/upload-file', ...page(() => import('../tickets/upload-file-page')) },
              { path: '/modification-plan', ...page(() => import('../tickets/modification-plan-page')) },
              { path: '/overview', ...page(() => import('../tickets/overview-page')) },
              { path: '/my-files', ...page(() => import('../tickets/my-files-page')) },
              {
                path: '/ticket-details/:ticketNumber',
                ...page(() => import('../tickets/ticket-details-page')),
              },
              { path: '/files', ...page(() => import('../admin/ecu-files-page')) },
              { path: '/inbox', ...page(() => import('../admin/inbox/inbox-page')) },
              { path: '/ticket/:ticketNumber', ...page(() => import('../admin/ticket-page')) },
              { path: '/users', ...page(() => import('../admin/users/all-users-page')) },
              { path: '/unverified-users', ...page(() => import('../admin/users/unverified-users-page')) },
              { path: '/disabled-users', ...page(() => import('../admin/users/disabled-users-page')) },
              { path: '/users/:userId', ...page(() => import('../admin/users/user-page')) },
              { path: '/settings', ...page(() => import('../admin/settings/settings-page')) },
            ],
          },
        ],
      },
      // Unknown paths: the route gate in Root sends them on (signin or dashboard).
      { path: '*', element: null },
    ],
  },
];

export const router = createBrowserRouter(routes);
