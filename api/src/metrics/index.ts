import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { AppError, notFound } from '../http/app-error';
import type { AppDeps, AppEnv } from '../http/context';
import type { Logger } from '../platform/logger';
import type { DatabaseConnections, MetricSources, Metrics } from './registry';

export type { Metrics } from './registry';

/**
 * The metrics when METRICS_TOKEN is set, else undefined. prom-client (and Node's default
 * collectors) load only then: every package loaded at start costs start time and memory
 * (docs/decisions/029-start-and-memory.md).
 */
export async function loadMetrics(config: Config, logger: Logger): Promise<Metrics | undefined> {
  if (!config.metricsToken) return undefined;
  const { createMetrics } = await import('./registry');
  return createMetrics(logger);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether the Authorization header carries the token as a bearer. Both are hashed first, so the
 * comparison takes the same time whatever the given value and its length.
 */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(sha256(given), expected);
}

/**
 * The portal's connections by client and state, from every process (postgres.js has no public
 * count of its pool). pg-boss's pool names itself in application_name (platform/jobs.ts). On
 * PGlite the only backend is the one asking, so the list is empty (docs/decisions/074-metrics.md).
 */
async function databaseConnections(db: Db): Promise<DatabaseConnections[]> {
  const rows = rowsOf<{ client: string; state: string | null; count: number }>(
    await db.execute(sql`
      select case application_name when 'postgres.js' then 'app' when 'ecu-portal-jobs' then 'jobs' else 'other' end as client,
             state, count(*)::int as count
      from pg_stat_activity
      where datname = current_database() and usename = current_user and pid <> pg_backend_pid()
      group by 1, 2`),
  );
  return rows.map((row) => ({ client: row.client, state: row.state ?? 'unknown', count: Number(row.count) }));
}

export interface MetricsMount {
  /** Chat sockets open in this process (api/src/chat/hub.ts). */
  chatSockets(): number;
  /** Where the tus routes are mounted: their writes are counted. */
  uploadsPath: string;
}

/**
 * GET /metrics, in Prometheus's text format, for a bearer of METRICS_TOKEN (401 in the usual
 * envelope otherwise); without METRICS_TOKEN it answers 404. With metrics, the route pattern of
 * every answer is noted for the observer around the app (api/src/http/request-listener.ts).
 * Called first in createApp: the route recorder must be the app's first middleware.
 */
export function mountMetrics(app: Hono<AppEnv>, deps: AppDeps, mount: MetricsMount): void {
  const { metrics, config } = deps;
  if (metrics && config.metricsToken) {
    app.use('*', metrics.recordRoute);
    // `/api/uploads/*` is also `/api/uploads` itself (tus's creation).
    app.use(`${mount.uploadsPath}/*`, metrics.countUploadWrite);
    const sources: MetricSources = {
      chatSockets: mount.chatSockets,
      // As pg-boss's monitor last counted them (every minute); dead letters are queues of their own.
      jobQueues: async () => {
        await deps.jobs.ready();
        return deps.jobs.boss.getQueues(deps.jobs.queueNames());
      },
      databaseConnections: () => databaseConnections(deps.db),
    };
    metrics.watch(sources);
  }
  const expected = config.metricsToken ? sha256(config.metricsToken) : undefined;
  app.all('/metrics', async (c) => {
    if (!metrics || !expected || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) throw notFound();
    if (!bearerMatches(c.req.header('authorization'), expected)) {
      throw new AppError('unauthorized', 'The metrics need their bearer token', {
        headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' },
      });
    }
    const { contentType, text } = await metrics.scrape();
    return c.body(text, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  });
}
