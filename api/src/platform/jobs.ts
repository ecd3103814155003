import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, type JobWithMetadata, PgBoss } from 'pg-boss';
import type { Db, Tx } from '../db/client';
import { jobDeliveries } from '../db/schema';
import type { Logger } from './logger';

/**
 * Durable background work on pg-boss, in the portal's own database
 * (docs/decisions/070-durable-jobs.md). A side effect that a change promises (an e-mail, a push)
 * is queued in the transaction of that change: it exists exactly when the change commits. Its
 * job retries with backoff for more than a day, sends nothing twice (its key is written to
 * `job_deliveries` once it delivered) and ends in the queue's dead-letter queue when it gives up.
 * Periodic work runs as pg-boss schedules: once per tick for all processes, not once per process.
 */

/** Where pg-boss keeps its tables: one schema beside the portal's, created with the migrations. */
export const JOBS_SCHEMA = 'pgboss';

/** The database pg-boss runs on: the server's PGlite, or PostgreSQL through its own small pool. */
export type JobsConnection = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };

/** What every job carries: the key it is delivered under, and what it is about (for the desk). */
export interface JobEnvelope<T> {
  key: string;
  /** The person the message is for (a failed e-mail shows on that customer's page), and a line. */
  about: { userId?: string; label: string };
  /** Past this time the job is dropped, not sent (a reset code is worthless once it expired). */
  validUntil?: string;
  payload: T;
}

/**
 * A named queue and what its jobs hold. `delivery`: a message to someone, retried for more than
 * a day and then dead-lettered; `task`: work that may run again harmlessly, retried a few times.
 */
export interface QueueDef<T> {
  readonly name: string;
  readonly kind: 'delivery' | 'task';
  /** Only for typing: never read. */
  readonly _payload?: T;
}

export function defineQueue<T>(name: string, kind: 'delivery' | 'task' = 'delivery'): QueueDef<T> {
  return { name, kind };
}

/** The queue a delivery queue's given-up jobs land in. */
export function deadLetterOf(queue: string): string {
  return `${queue}-dead`;
}

export interface JobsPolicy {
  /** First retry after this many seconds; the delay doubles (with jitter) up to maxDelaySeconds. */
  retryDelaySeconds: number;
  retryMaxDelaySeconds: number;
  /** How long a message is retried before it is dead-lettered (DELIVERY_RETRY_WINDOW_SECONDS). */
  retryWindowSeconds?: number;
}

/** A message keeps being tried for at least this long (a mail server down over a weekend night). */
export const DELIVERY_RETRY_WINDOW_SECONDS = 26 * 60 * 60;
const DAY_SECONDS = 24 * 60 * 60;

/**
 * Retries that cover the window: the doubling steps up to the cap, then steps of the cap, and
 * ten more for the jitter (each delay is between half and all of its step).
 */
export function deliveryRetryLimit(policy: JobsPolicy): number {
  const window = policy.retryWindowSeconds ?? DELIVERY_RETRY_WINDOW_SECONDS;
  return (
    Math.ceil(window / Math.max(1, policy.retryMaxDelaySeconds)) * 2 + (policy.retryWindowSeconds ? 0 : 10)
  );
}

function queueOptions(kind: QueueDef<unknown>['kind'], policy: JobsPolicy) {
  if (kind === 'task')
    return {
      retryLimit: 5,
      retryDelay: policy.retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: policy.retryMaxDelaySeconds,
      expireInSeconds: 15 * 60,
      retentionSeconds: 2 * DAY_SECONDS,
      deleteAfterSeconds: 2 * DAY_SECONDS,
    };
  return {
    retryLimit: deliveryRetryLimit(policy),
    retryDelay: policy.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: policy.retryMaxDelaySeconds,
    // A send that has not finished in two minutes is taken as lost (a killed process) and tried again.
    expireInSeconds: 120,
    retentionSeconds: 3 * DAY_SECONDS,
    deleteAfterSeconds: 7 * DAY_SECONDS,
  };
}

/** Dead letters wait for an admin (Retry, or they expire after a month). */
const DEAD_LETTER_OPTIONS = { retentionSeconds: 30 * DAY_SECONDS, deleteAfterSeconds: 30 * DAY_SECONDS };

export type JobHandler<T> = (
  payload: T,
  /** `lastTry`: no retry follows if this run fails (pg-boss's retryCount has reached its retryLimit). */
  job: { id: string; retryCount: number; key: string; lastTry: boolean },
) => Promise<void>;

export interface Jobs {
  /**
   * Queues a job. With `tx` it is written in that transaction: it runs only if the transaction
   * commits. Without, it is written at once (a side effect of something already committed).
   */
  send<T>(
    queue: QueueDef<T>,
    payload: T,
    options: {
      key: string;
      about: JobEnvelope<T>['about'];
      tx?: Tx;
      validForSeconds?: number;
      startAfterSeconds?: number;
    },
  ): Promise<void>;
  /** Registers the worker of a queue; called before start(). */
  work<T>(queue: QueueDef<T>, handler: JobHandler<T>, options?: { concurrency?: number }): void;
  /** Runs handler once per cron tick across every process on the database (pg-boss schedules). */
  every(name: string, cron: string, handler: () => Promise<void>): void;
  start(): Promise<void>;
  /** Resolves once start() has finished (at once if it was never called): before reading `boss`. */
  ready(): Promise<void>;
  /** Waits for running jobs (up to the grace time) and stops polling. */
  stop(): Promise<void>;
  /** Every queue this process defined (delivery, task and schedule queues), for the desk and metrics. */
  queueNames(): string[];
  /** pg-boss itself, for reading queues and jobs (the deliveries desk, metrics). */
  readonly boss: PgBoss;
}

interface Registered {
  queue: QueueDef<unknown>;
  handler: JobHandler<unknown>;
  concurrency: number;
}

export interface JobsDeps {
  connection: JobsConnection;
  db: Db;
  logger: Logger;
  policy: JobsPolicy;
  /** Polling interval of the workers in seconds (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /**
   * How often an instance looks for schedules that came due and forwards their jobs (pg-boss's
   * cronMonitorIntervalSeconds and cronWorkerIntervalSeconds, 30 and 5 by default): a test sets
   * 1 to see a tick within seconds. A tick is still at most one job a minute per schedule.
   */
  cronIntervalSeconds?: number;
}

/** How long stop() waits for running jobs before it lets go of them (they expire and run again). */
const STOP_GRACE_MS = 10_000;

export function createJobs({
  connection,
  db,
  logger,
  policy,
  pollingIntervalSeconds = 1,
  cronIntervalSeconds,
}: JobsDeps): Jobs {
  const boss = newBoss(connection, {
    supervise: true,
    schedule: true,
    migrate: false,
    ...(cronIntervalSeconds
      ? { cronMonitorIntervalSeconds: cronIntervalSeconds, cronWorkerIntervalSeconds: cronIntervalSeconds }
      : {}),
  });
  boss.on('error', (err) => logger.warn('Job queue:', err));
  const workers: Registered[] = [];
  const schedules: { name: string; cron: string; handler: () => Promise<void> }[] = [];
  const queues = new Map<string, QueueDef<unknown>>();
  let started = false;
  /** Set by start(): a job sent while the queue is still starting waits for it. */
  let starting: Promise<void> | undefined;

  async function delivered(key: string): Promise<boolean> {
    const rows = await db
      .select({ key: jobDeliveries.key })
      .from(jobDeliveries)
      .where(eq(jobDeliveries.key, key));
    return rows.length > 0;
  }

  async function runOne(registered: Registered, job: JobWithMetadata<JobEnvelope<unknown>>): Promise<void> {
    const { key, payload, validUntil } = job.data;
    if (registered.queue.kind === 'delivery' && (await delivered(key))) return;
    if (validUntil && Date.parse(validUntil) < Date.now()) {
      logger.warn(`Job ${registered.queue.name} ${key} expired before it could be delivered`);
      return;
    }
    await registered.handler(payload, {
      id: job.id,
      retryCount: job.retryCount,
      key,
      lastTry: job.retryCount >= job.retryLimit,
    });
    if (registered.queue.kind === 'delivery')
      await db.insert(jobDeliveries).values({ key, queue: registered.queue.name }).onConflictDoNothing();
  }

  async function startBoss(): Promise<void> {
    await boss.start();
    for (const queue of queues.values()) {
      const options = queueOptions(queue.kind, policy);
      if (queue.kind === 'delivery') {
        await ensureQueue(boss, deadLetterOf(queue.name), DEAD_LETTER_OPTIONS);
        // 'exclusive': one job per key waiting, retrying or running at a time, so a message
        // queued twice, or retried by an admin while it still retries, is never sent twice at once.
        await ensureQueue(boss, queue.name, {
          ...options,
          policy: 'exclusive' as const,
          deadLetter: deadLetterOf(queue.name),
        });
      } else {
        // One run at a time per schedule, whichever process claims it.
        await ensureQueue(boss, queue.name, { ...options, policy: 'singleton' as const });
      }
    }
    for (const registered of workers) {
      // With the metadata a job carries its retryLimit, so a handler knows its last try.
      const options = {
        pollingIntervalSeconds,
        localConcurrency: registered.concurrency,
        includeMetadata: true as const,
      };
      await boss.work<JobEnvelope<unknown>, unknown, typeof options>(
        registered.queue.name,
        options,
        async ([job]) => {
          if (job) await runOne(registered, job);
        },
      );
    }
    for (const { name, cron, handler } of schedules) {
      await boss.schedule(name, cron, null, { tz: 'UTC' });
      const polling = cronIntervalSeconds ?? Math.max(pollingIntervalSeconds, 5);
      await boss.work(name, { pollingIntervalSeconds: polling }, async () => {
        await handler();
      });
    }
  }

  return {
    boss,
    async send(queue, payload, { key, about, tx, validForSeconds, startAfterSeconds }) {
      const envelope: JobEnvelope<typeof payload> = {
        key,
        about,
        ...(validForSeconds
          ? { validUntil: new Date(Date.now() + validForSeconds * 1000).toISOString() }
          : {}),
        payload,
      };
      if (starting) await starting;
      await boss.send(queue.name, envelope as object, {
        singletonKey: key,
        ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
        ...(tx ? { db: fromDrizzle(tx as never, sql) } : {}),
      });
    },
    work(queue, handler, options = {}) {
      if (started) throw new Error(`The worker of ${queue.name} must be registered before the queue starts`);
      queues.set(queue.name, queue as QueueDef<unknown>);
      workers.push({
        queue: queue as QueueDef<unknown>,
        handler: handler as JobHandler<unknown>,
        concurrency: options.concurrency ?? 1,
      });
    },
    every(name, cron, handler) {
      if (started) throw new Error(`The schedule ${name} must be registered before the queue starts`);
      queues.set(name, defineQueue(name, 'task'));
      schedules.push({ name, cron, handler });
    },
    start() {
      started = true;
      starting ??= startBoss();
      return starting;
    },
    async ready() {
      await starting;
    },
    async stop() {
      if (!started) return;
      // A stop during the start waits for it (a failed start has nothing to stop but the pool).
      await starting?.catch(() => {});
      await boss.stop({ graceful: true, timeout: STOP_GRACE_MS, close: true });
    },
    queueNames() {
      const names: string[] = [];
      for (const queue of queues.values()) {
        names.push(queue.name);
        if (queue.kind === 'delivery') names.push(deadLetterOf(queue.name));
      }
      return names;
    },
  };
}

/** Creates the queue with these options, or brings an existing one's options up to date. */
async function ensureQueue(boss: PgBoss, name: string, options: Parameters<PgBoss['createQueue']>[1] = {}) {
  if (!(await boss.getQueue(name))) return boss.createQueue(name, options);
  // A queue's policy is fixed when it is created; the rest follows the code.
  const { policy: _fixed, ...changeable } = options;
  await boss.updateQueue(name, changeable);
}

function newBoss(
  connection: JobsConnection,
  options: {
    supervise: boolean;
    schedule: boolean;
    migrate: boolean;
    cronMonitorIntervalSeconds?: number;
    cronWorkerIntervalSeconds?: number;
  },
): PgBoss {
  if (connection.kind === 'pglite')
    return new PgBoss({
      db: fromPglite(connection.client),
      backend: 'pglite',
      schema: JOBS_SCHEMA,
      ...options,
    });
  return new PgBoss({
    connectionString: connection.url,
    max: 3,
    application_name: 'ecu-portal-jobs',
    schema: JOBS_SCHEMA,
    ...options,
  });
}

/**
 * Creates or migrates pg-boss's schema, as the migrations do the portal's: by the role that owns
 * the schema (DATABASE_OWNER_URL when set), then lets the app's role use it (`appRole`).
 */
export async function installJobsSchema(connection: JobsConnection, appRole?: string): Promise<void> {
  const boss = newBoss(connection, { supervise: false, schedule: false, migrate: true });
  await boss.start();
  try {
    if (appRole) {
      const db = boss.getDb();
      const role = `"${appRole.replaceAll('"', '""')}"`;
      await db.executeSql(`grant usage on schema ${JOBS_SCHEMA} to ${role}`);
      await db.executeSql(
        `grant select, insert, update, delete on all tables in schema ${JOBS_SCHEMA} to ${role}`,
      );
      await db.executeSql(`grant usage, select on all sequences in schema ${JOBS_SCHEMA} to ${role}`);
      await db.executeSql(`grant execute on all functions in schema ${JOBS_SCHEMA} to ${role}`);
    }
  } finally {
    await boss.stop({ graceful: false, close: connection.kind === 'postgres' });
  }
}
