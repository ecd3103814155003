import { userIdSchema } from '@ecu/shared';
import { Hono } from 'hono';
import { currentUser } from '../../accounts/gates';
import type { AppEnv } from '../../app/context';
import { ok } from '../../http/envelope';
import { jsonBody } from '../../http/validate';
import { setUserDisabled } from '../user-status';

/** User management (mounted under /api/admin behind the admin gate). */
export function adminUserRoutes() {
  const app = new Hono<AppEnv>();

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

  return app;
}
