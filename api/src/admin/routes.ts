import { userIdSchema } from '@ecu/shared';
import { Hono } from 'hono';
import { currentUser, requireAccount } from '../accounts/gates';
import type { AppEnv } from '../app/context';
import { adminCreditRoutes } from '../credits/admin-routes';
import { ok } from '../http/envelope';
import { jsonBody } from '../http/validate';
import { adminTicketRoutes } from '../tickets/admin-routes';
import { setUserDisabled } from './user-status';

/** The spec's /admin/* calls, all behind the admin gate; features add their own desks here. */
export function adminRoutes() {
  const app = new Hono<AppEnv>();
  app.use('*', requireAccount({ role: 'admin' }));

  app.post('/disableUser', async (c) => {
    const { userId } = await jsonBody(c, userIdSchema);
    await setUserDisabled(c.var.deps.db, { actorId: currentUser(c).id, userId, disabled: true });
    return ok(c, 'User disabled successfully', null);
  });

  app.post('/activeUser', async (c) => {
    const { userId } = await jsonBody(c, userIdSchema);
    await setUserDisabled(c.var.deps.db, { actorId: currentUser(c).id, userId, disabled: false });
    return ok(c, 'User activated successfully', null);
  });

  app.route('/', adminCreditRoutes());
  app.route('/', adminTicketRoutes());

  return app;
}
