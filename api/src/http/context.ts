import type { DataStore } from '@tus/server';
import type { Redis } from 'ioredis';
import type { Auth } from '../accounts';
import type { Config } from '../config';
import type { PaymentProvider } from '../credits';
import type { Db } from '../db/client';
import type { users } from '../db/schema';
import type { Metrics } from '../metrics';
import type { Notifier } from '../notifications';
import type { FileStorage } from '../platform/file-storage';
import type { Jobs } from '../platform/jobs';
import type { Logger } from '../platform/logger';
import type { RateLimitStore } from '../platform/rate-limit';

export type UserRow = typeof users.$inferSelect;

/** Everything a route needs, built once in main.ts (or by the test server). */
export interface AppDeps {
  config: Config;
  db: Db;
  auth: Auth;
  rateLimits: RateLimitStore;
  logger: Logger;
  /** Stored ticket files and finished uploads (DATA_DIR/files, DATA_DIR/uploads). */
  storage: FileStorage;
  /** tus's store when uploads do not go to DATA_DIR/uploads (S3). */
  uploadStore?: DataStore;
  /** Shared by every API process when REDIS_URL is set (rate limits, chat fan-out). */
  redis?: Redis;
  /** null when card payments cannot run (production without Stripe keys). */
  payments: PaymentProvider | null;
  /** Web Push to tuners and admins; queued after the change commits, never awaited by a request. */
  notifications: Notifier;
  /** Prometheus metrics, when METRICS_TOKEN is set (GET /metrics; docs/decisions/074-metrics.md). */
  metrics?: Metrics;
  /** The durable job queue: e-mails, pushes and periodic work (docs/decisions/070-durable-jobs.md). */
  jobs: Jobs;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    user: UserRow | null;
  };
}
