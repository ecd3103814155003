import { Hono } from 'hono';
import { requireAccount } from '../accounts';
import type { AppEnv } from '../http/context';
import { ok } from '../http/envelope';
import { currentServiceStatus } from './service-status';

/** GET /api/service-status: any signed-in account that passes the gates (tuners and admins). */
export function serviceStatusRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/', requireAccount(), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return ok(c, 'Service status', await currentServiceStatus(c.var.deps));
  });
  return app;
}
