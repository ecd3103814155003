import { Hono } from 'hono';
import { requireAccount } from '../accounts/gates';
import type { AppEnv } from '../app/context';
import { adminCreditRoutes } from '../credits/admin-routes';
import { adminSettingsRoutes } from '../settings/admin-routes';
import { adminTicketRoutes } from '../tickets/admin-routes';
import { exportRoutes } from './exports/routes';
import { overviewRoutes } from './overview/routes';
import { adminUserRoutes } from './users/routes';

/** The spec's /admin/* calls and the desk's own, all behind the admin gate. */
export function adminRoutes() {
  const app = new Hono<AppEnv>();
  app.use('*', requireAccount({ role: 'admin' }));

  app.route('/', adminUserRoutes());
  app.route('/', adminCreditRoutes());
  app.route('/', adminTicketRoutes());
  app.route('/', adminSettingsRoutes());
  app.route('/', overviewRoutes());
  app.route('/', exportRoutes());

  return app;
}
