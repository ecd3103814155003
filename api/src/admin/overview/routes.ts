import { dateRangeQuerySchema } from '@ecu/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { ok } from '../../http/envelope';
import { parseWith } from '../../http/validate';
import { diskWatchOf } from '../../platform/disk-space';
import { getSettings } from '../../settings';
import { resolveDateRange } from './date-range';
import { overview } from './queries';
import { ratingsOverview } from './ratings';

/** GET /api/admin/overview?from&to (mounted behind the admin gate). */
export function overviewRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/overview', async (c) => {
    const query = parseWith(dateRangeQuerySchema, c.req.query());
    const { db, config, logger } = c.var.deps;
    const { hours } = await getSettings(db, config, logger);
    const range = resolveDateRange(query, hours.timeZone);
    // With S3 there is no local disk under the files to watch (docs/decisions/071-faults-answer-503-and-507.md).
    const storage = config.s3 ? null : await diskWatchOf(config.dataDir, logger).read();
    const [figures, ratings] = await Promise.all([overview(db, range), ratingsOverview(db, range)]);
    return ok(c, 'Overview', { ...figures, storage, ratings });
  });

  return app;
}
