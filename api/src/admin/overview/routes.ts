import { dateRangeQuerySchema } from '@ecu/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../../app/context';
import { ok } from '../../http/envelope';
import { parseWith } from '../../http/validate';
import { getSettings } from '../../settings/service';
import { resolveDateRange } from './date-range';
import { overview } from './queries';

/** GET /api/admin/overview?from&to (mounted behind the admin gate). */
export function overviewRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/overview', async (c) => {
    const query = parseWith(dateRangeQuerySchema, c.req.query());
    const { db, config, logger } = c.var.deps;
    const { hours } = await getSettings(db, config, logger);
    const range = resolveDateRange(query, hours.timeZone);
    return ok(c, 'Overview', await overview(db, range));
  });

  return app;
}
