import { deliveryJobParamsSchema } from '@ecu/shared';
import { Hono } from 'hono';
import { currentUser } from '../../accounts';
import type { AppEnv } from '../../http/context';
import { ok } from '../../http/envelope';
import { parseWith } from '../../http/validate';
import { deliveries, retryDelivery } from './desk';

/** The Deliveries desk (mounted under /api/admin behind the admin gate). */
export function deliveryRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/deliveries', async (c) => {
    const { jobs, db } = c.var.deps;
    return ok(c, 'Deliveries', await deliveries(jobs, db));
  });

  app.post('/deliveries/:queue/:id/retry', async (c) => {
    const { queue, id } = parseWith(deliveryJobParamsSchema, {
      queue: c.req.param('queue'),
      id: c.req.param('id'),
    });
    const { jobs, db } = c.var.deps;
    const job = await retryDelivery(jobs, db, { actorId: currentUser(c).id, queue, id });
    return ok(c, job.status === 'dead' ? 'Sent back to its queue' : 'Retrying now', job);
  });

  return app;
}
