import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { incomingOf } from '../http/incoming';
import type { Logger } from '../platform/logger';

/** What the gauges read when scraped (each process its own; the database and queues are shared). */
export interface MetricSources {
  /** Chat sockets open in this process. */
  chatSockets(): number;
  /** The job queues' counts, by queue. */
  jobQueues?(): Promise<JobQueueCounts[]>;
  /** The database connections of the portal's role, by client and state (not the scrape's own). */
  databaseConnections(): Promise<DatabaseConnections[]>;
}

export interface JobQueueCounts {
  name: string;
  deferredCount: number;
  readyCount: number;
  activeCount: number;
  failedCount: number;
}

export interface DatabaseConnections {
  client: string;
  state: string;
  count: number;
}

export interface Metrics {
  /**
   * Told of every answer as its response closes (api/src/http/request-listener.ts): one answer,
   * by method, the route pattern recordRoute noted, and status.
   */
  observe(req: IncomingMessage, res: ServerResponse, ms: number): void;
  /** Hono middleware, first of all: notes the pattern of the route that answered. */
  recordRoute: MiddlewareHandler;
  /** Hono middleware of the tus routes: counts the writes (POST, PATCH) receiving bytes. */
  countUploadWrite: MiddlewareHandler;
  /** The gauges' sources, once the app has made them. */
  watch(sources: MetricSources): void;
  /** The registry in Prometheus's text format. */
  scrape(): Promise<{ contentType: string; text: string }>;
}

/** Seconds: the API's reads take milliseconds, an upload's chunk or a big download up to a minute. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

const ROUTE = Symbol('metricsRoute');
const PENDING = Symbol('metricsPending');
/** The route pattern, a property of Node's request (not a WeakMap: it goes with the request). */
type Routed = { [ROUTE]?: string; [PENDING]?: (route: string) => void };

/**
 * The portal's metrics on a registry of their own (every test server in a process has one):
 * Node's defaults, HTTP answers by route pattern, and gauges read when scraped
 * (docs/decisions/074-metrics.md). prom-client is loaded only when METRICS_TOKEN is set.
 */
export function createMetrics(logger: Logger): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP answers, by method, route pattern and status ("aborted": the client left before the answer)',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the last byte of the answer (or the client leaving), by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  // A request's children by their label values: the labels are bounded (route patterns), so is this.
  const counted = new Map<string, Counter.Internal>();
  const timed = new Map<string, Histogram.Internal<'method' | 'route'>>();
  function record(method: string, route: string, status: string, ms: number) {
    const timing = `${method} ${route}`;
    let timer = timed.get(timing);
    if (!timer) {
      timer = latency.labels(method, route);
      timed.set(timing, timer);
    }
    timer.observe(ms / 1000);
    const key = `${timing} ${status}`;
    let counter = counted.get(key);
    if (!counter) {
      counter = requests.labels(method, route, status);
      counted.set(key, counter);
    }
    counter.inc();
  }

  const uploadWrites = new Gauge({
    name: 'ecu_upload_writes_in_progress',
    help: 'tus requests (POST with a body, PATCH) receiving an upload in this process',
    registers,
  });

  let sources: MetricSources | undefined;
  /** A gauge read when scraped; a source that fails leaves it empty and says so in the log. */
  function scraped<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    read: (gauge: Gauge<L>, from: MetricSources) => void | Promise<void>,
  ) {
    return new Gauge<L>({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        this.reset();
        if (!sources) return;
        try {
          await read(this, sources);
        } catch (err) {
          logger.warn(`Metrics: ${name} could not be read:`, err);
        }
      },
    });
  }
  scraped('ecu_chat_sockets_open', 'Chat websockets open in this process', [], (gauge, from) =>
    gauge.set(from.chatSockets()),
  );
  scraped(
    'ecu_jobs',
    'Jobs by queue and state, as pg-boss last counted them (shared by every process)',
    ['queue', 'state'],
    async (gauge, from) => {
      for (const q of (await from.jobQueues?.()) ?? []) {
        gauge.set({ queue: q.name, state: 'deferred' }, q.deferredCount);
        gauge.set({ queue: q.name, state: 'ready' }, q.readyCount);
        gauge.set({ queue: q.name, state: 'active' }, q.activeCount);
        gauge.set({ queue: q.name, state: 'failed' }, q.failedCount);
      }
    },
  );
  scraped(
    'ecu_db_connections',
    "PostgreSQL connections of the portal's role to its database, by client (app, jobs, other) and state, from every process; not the scrape's own",
    ['client', 'state'],
    async (gauge, from) => {
      for (const c of await from.databaseConnections())
        gauge.set({ client: c.client, state: c.state }, c.count);
    },
  );

  return {
    observe(req, res, ms) {
      const method = req.method ?? 'GET';
      const status = res.headersSent ? String(res.statusCode) : 'aborted';
      const routed = req as Routed;
      const route = routed[ROUTE];
      if (route !== undefined) record(method, route, status, ms);
      // The client left while the app was still at work (an upload cut off): counted when it ends.
      else routed[PENDING] = (pattern) => record(method, pattern, status, ms);
    },
    async recordRoute(c, next) {
      await next();
      const incoming = incomingOf(c) as Routed | undefined;
      if (!incoming) return;
      // After next(), the route that answered: its pattern (`/api/ecuFile/:ticketNumber`), never the path.
      const route = routePath(c) || 'unmatched';
      incoming[ROUTE] = route;
      incoming[PENDING]?.(route);
      incoming[PENDING] = undefined;
    },
    async countUploadWrite(c, next) {
      if (c.req.method !== 'PATCH' && c.req.method !== 'POST') return next();
      uploadWrites.inc();
      try {
        await next();
      } finally {
        uploadWrites.dec();
      }
    },
    watch(given) {
      sources = given;
    },
    async scrape() {
      return { contentType: registry.contentType, text: await registry.metrics() };
    },
  };
}
