import path from 'node:path';
import { lazyAuth } from '../accounts/lazy-auth';
import type { Config } from '../config';
import type { PaymentProvider } from '../credits/payments/provider';
import { paymentsStartLine, selectPaymentProvider } from '../credits/payments/select-provider';
import { analyzeDatabase, type Database, openDatabase } from '../db/client';
import { ESCALATION_SCHEDULE, runEscalations } from '../escalation';
import type { AppDeps } from '../http/context';
import { loadMetrics } from '../metrics';
import { createNotifier, type ResolveHost } from '../notifications';
import { diskWatchOf } from '../platform/disk-space';
import { localFileStorage } from '../platform/file-storage';
import { createJobs } from '../platform/jobs';
import { createLogger, type Logger } from '../platform/logger';
import { createMailer, type Mailer, registerMailWorker } from '../platform/mail';
import { pruneTables } from '../platform/prune';
import { databaseRateLimitStore, failoverRateLimitStore, redisRateLimitStore } from '../platform/rate-limit';
import { connectRedis, redisReady } from '../platform/redis';
import { registerSolutionMatching } from '../solutions';
import { registerIdentifyWorker } from '../tickets/identify-ecu-file';
import { UPLOAD_TTL_MS } from '../uploads/tus-server';

export interface Runtime {
  deps: AppDeps;
  database: Database;
  /**
   * Starts the job queue's workers and schedules, once every feature has registered its own
   * (createApp does): main.ts and the test server call it after createApp.
   */
  startJobs(): Promise<void>;
  close(): Promise<void>;
}

/** Opens the database (PGlite in DATA_DIR unless DATABASE_URL), migrates, wires the adapters. */
export async function buildRuntime(
  config: Config,
  overrides: {
    database?: Database;
    mailer?: Mailer;
    logger?: Logger;
    payments?: PaymentProvider | null;
    resolveHost?: ResolveHost;
  } = {},
): Promise<Runtime> {
  const logger =
    overrides.logger ?? createLogger(config.logLevel, { production: config.nodeEnv === 'production' });
  const database =
    overrides.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, ownerUrl: config.databaseOwnerUrl }
        : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
    ));
  const mailer =
    overrides.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      logger,
    });
  // ioredis, like the S3 SDK and Stripe below, loads only when configured: every package loaded
  // at start costs start time and resident memory (docs/decisions/029-start-and-memory.md).
  // Without Redis for a while each of its users falls back (docs/decisions/072-redis-outage.md).
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, logger) : undefined;
  const rateLimits = redis
    ? failoverRateLimitStore(redisRateLimitStore(redis), databaseRateLimitStore(database.db), {
        available: () => redisReady(redis),
        logger,
      })
    : databaseRateLimitStore(database.db);
  const jobs = createJobs({ connection: database.jobs, db: database.db, logger, policy: config.jobs });
  const auth = lazyAuth({ config, db: database.db, jobs });
  // prom-client loads only when METRICS_TOKEN is set (docs/decisions/074-metrics.md).
  const metrics = await loadMetrics(config, logger);
  // The AWS SDK loads only when S3 is configured (it costs ~300 ms at start).
  const s3 = config.s3 ? await import('../platform/s3-file-storage') : undefined;
  if (s3 && config.s3) await s3.ensureBucket(config.s3);
  const storage = s3 && config.s3 ? s3.s3FileStorage(config.s3) : localFileStorage(config.dataDir);
  const uploadStore = s3 && config.s3 ? await s3.s3UploadStore(config.s3, UPLOAD_TTL_MS, redis) : undefined;
  const payments =
    overrides.payments !== undefined ? overrides.payments : await selectPaymentProvider(config);
  // Said at every start: a sandbox (or no payments at all) must never go unnoticed.
  if (payments?.name === 'stripe') logger.info(paymentsStartLine(config, payments));
  else logger.warn(paymentsStartLine(config, payments));
  const notifications = createNotifier({
    config,
    db: database.db,
    logger,
    jobs,
    ...(overrides.resolveHost ? { resolveHost: overrides.resolveHost } : {}),
  });
  if (!notifications.publicKey)
    logger.warn('Push notifications are off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY');
  registerMailWorker(jobs, mailer);
  registerIdentifyWorker(jobs, { db: database.db, storage, logger });
  registerSolutionMatching(jobs, { db: database.db, storage, config, jobs, notifications, logger });
  // Spent rate limits, old keys and changes, expired uploads, unreferenced bytes: every 15 minutes,
  // one process runs it (docs/decisions/025-files-and-local-data.md).
  jobs.every('prune', '*/15 * * * *', async () => {
    await pruneTables({ db: database.db, storage });
  });
  // Overdue tickets tell their assignee, then the admins: every 5 minutes, one process runs it
  // (docs/decisions/090-escalation.md).
  jobs.every(ESCALATION_SCHEDULE, '*/5 * * * *', async () => {
    await runEscalations({ db: database.db, config, notifications });
  });
  // PGlite has no autovacuum: its planner statistics are gathered now and then.
  if (database.kind === 'pglite') jobs.every('analyze', '17 */6 * * *', () => analyzeDatabase(database.db));
  // The file store's disk is watched even when nobody uploads or opens Overview: the log says
  // it is nearly full before uploads start to fail (docs/decisions/071-faults-answer-503-and-507.md).
  if (!config.s3) {
    const disk = diskWatchOf(config.dataDir, logger);
    jobs.every('disk-check', '*/5 * * * *', async () => {
      await disk.read();
    });
  }
  let jobsStarted = false;
  return {
    deps: {
      config,
      db: database.db,
      auth,
      rateLimits,
      logger,
      payments,
      notifications,
      jobs,
      storage,
      uploadStore,
      ...(redis ? { redis } : {}),
      ...(metrics ? { metrics } : {}),
    },
    database,
    async startJobs() {
      jobsStarted = true;
      await jobs.start();
    },
    async close() {
      if (jobsStarted) await jobs.stop();
      redis?.disconnect();
      await database.close();
    },
  };
}
