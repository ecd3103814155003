import { Hono } from 'hono';
import { requireAccount } from '../accounts';
import { adminCreditRoutes } from '../credits';
import type { AppEnv } from '../http/context';
import { adminSettingsRoutes } from '../settings';
import { adminSolutionRoutes } from '../solutions';
import { adminTicketRoutes } from '../tickets';
import { deliveryRoutes } from './deliveries/routes';
import { exportRoutes } from './exports/routes';
import { overviewRoutes } from './overview/routes';
import { adminUserRoutes } from './users/routes';

/** The /admin/* calls (docs/product.md#13-the-http-api) and the desk's own, behind the admin gate. */
export function adminRoutes() {
  const app = new Hono<AppEnv>();
  app.use('*', requireAccount({ role: 'admin' }));

  app.route('/', adminUserRoutes());
  app.route('/', adminCreditRoutes());
  app.route('/', adminTicketRoutes());
  app.route('/', adminSettingsRoutes());
  app.route('/', adminSolutionRoutes());
  app.route('/', overviewRoutes());
  app.route('/', exportRoutes());
  app.route('/', deliveryRoutes());

  return app;
}
