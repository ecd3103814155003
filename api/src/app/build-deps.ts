import path from 'node:path';
import { lazyAuth } from '../accounts/lazy-auth';
import type { Config } from '../config';
import type { PaymentProvider } from '../credits/payments/provider';
import { paymentsStartLine, selectPaymentProvider } from '../credits/payments/select-provider';
import { type Database, openDatabase } from '../db/client';
import { createNotifier, type ResolveHost } from '../notifications';
import { localFileStorage } from '../platform/file-storage';
import { createLogger, type Logger } from '../platform/logger';
import { createMailer, type Mailer } from '../platform/mail';
import { databaseRateLimitStore, redisRateLimitStore } from '../platform/rate-limit';
import { UPLOAD_TTL_MS } from '../uploads/tus-server';
import type { AppDeps } from './context';

export interface Runtime {
  deps: AppDeps;
  database: Database;
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
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false })
    : undefined;
  const rateLimits = redis ? redisRateLimitStore(redis) : databaseRateLimitStore(database.db);
  const auth = lazyAuth({ config, db: database.db, mailer });
  // The AWS SDK loads only when S3 is configured (it costs ~300 ms at start).
  const s3 = config.s3 ? await import('../platform/s3-file-storage') : undefined;
  if (s3 && config.s3) await s3.ensureBucket(config.s3);
  const storage = s3 && config.s3 ? s3.s3FileStorage(config.s3) : localFileStorage(config.dataDir);
  const uploadStore = s3 && config.s3 ? await s3.s3UploadStore(config.s3, UPLOAD_TTL_MS) : undefined;
  const payments =
    overrides.payments !== undefined ? overrides.payments : await selectPaymentProvider(config);
  // Said at every start: a sandbox (or no payments at all) must never go unnoticed.
  if (payments?.name === 'stripe') logger.info(paymentsStartLine(config, payments));
  else logger.warn(paymentsStartLine(config, payments));
  const notifications = createNotifier({
    config,
    db: database.db,
    logger,
    ...(overrides.resolveHost ? { resolveHost: overrides.resolveHost } : {}),
  });
  if (!notifications.publicKey)
    logger.warn('Push notifications are off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY');
  return {
    deps: {
      config,
      db: database.db,
      auth,
      mailer,
      rateLimits,
      logger,
      payments,
      notifications,
      storage,
      uploadStore,
      ...(redis ? { redis } : {}),
    },
    database,
    async close() {
      await notifications.idle();
      redis?.disconnect();
      await database.close();
    },
  };
}
