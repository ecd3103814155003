import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { ensureAdmin } from '../accounts/admin-bootstrap';
import { type App, createApp } from '../app/app';
import { buildRuntime, type Runtime } from '../app/build-deps';
import type { ChatHub } from '../chat/hub';
import { type Config, loadConfig } from '../config';
import type { PaymentProvider } from '../credits/payments/provider';
import type { Database } from '../db/client';
import type { AppDeps } from '../http/context';
import { serverWithEdge } from '../http/edge';
import type { ResolveHost } from '../notifications';
import type { Logger } from '../platform/logger';
import { SmtpSink } from './smtp-sink';
import { openTestDatabase } from './test-db';

/** The admin that every test server ensures through ADMIN_EMAIL/ADMIN_PASSWORD. */
export const TEST_ADMIN = { email: 'admin@ecu.test', password: 'admin-password-1' } as const;

export interface TestServer {
  /** http://localhost:<port>, also the server's APP_URL and trusted origin. */
  url: string;
  config: Config;
  deps: AppDeps;
  database: Database;
  smtp: SmtpSink;
  /** This server's chat rooms (loaded rooms, for tests of unloading). */
  hub: ChatHub;
  /** The Hono app alone, without the request edge (hot-lane.test.ts compares the two). */
  app: App;
  /** The ADMIN_EMAIL/ADMIN_PASSWORD admin, or undefined when started with `admin: false`. */
  admin: { email: string; password: string } | undefined;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Extra or overriding environment for loadConfig (e.g. TRUST_PROXY: 'off'). */
  env?: Record<string, string | undefined>;
  /** false: start with neither ADMIN_EMAIL nor ADMIN_PASSWORD set. */
  admin?: false;
  logger?: Logger;
  /** The card payment provider instead of the one the config selects (e.g. Stripe on a fake). */
  payments?: PaymentProvider | null;
  /**
   * A database the caller opened (openTestDatabase) and closes: the server neither opens nor
   * closes one of its own, so that a restarted or second server runs on the same data.
   */
  database?: Database;
  /** How push endpoint hosts resolve (tests must not reach the network's DNS). */
  resolveHost?: ResolveHost;
}

/**
 * Servers on one database share one SMTP sink: any server's mail worker may send a mail that
 * another one queued (docs/decisions/070-durable-jobs.md), and a test reads it from either.
 */
const sharedSinks = new WeakMap<Database, { sink: Promise<SmtpSink>; users: number }>();

async function smtpSinkFor(database: Database | undefined) {
  if (!database) {
    const sink = await SmtpSink.start();
    return { sink, release: () => sink.close() };
  }
  let shared = sharedSinks.get(database);
  if (!shared) {
    shared = { sink: SmtpSink.start(), users: 0 };
    sharedSinks.set(database, shared);
  }
  shared.users++;
  const entry = shared;
  const sink = await entry.sink;
  return {
    sink,
    async release() {
      entry.users--;
      if (entry.users > 0) return;
      sharedSinks.delete(database);
      await sink.close();
    },
  };
}

/**
 * The real app over real HTTP on loopback: config from loadConfig, this file's own database,
 * mail over SMTP to a sink, the admin ensured as on a real start. One per test file is plenty.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const smtp = await smtpSinkFor(options.database);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ecu-api-data-'));

  // Listen first: APP_URL (links in mails, the trusted origin) needs the port.
  let app: App | undefined;
  const server = serve({
    fetch: (request, env) => (app ? app.fetch(request, env) : new Response('Starting', { status: 503 })),
    port: 0,
    hostname: '127.0.0.1',
    createServer: serverWithEdge(() => app?.edge),
  }) as Server;
  await new Promise<void>((resolve, reject) => {
    if (server.listening) return resolve();
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;

  try {
    return await startApp();
  } catch (err) {
    server.close();
    await smtp.release();
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }

  async function startApp(): Promise<TestServer> {
    const admin = options.admin === false ? undefined : TEST_ADMIN;
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.sink.url,
      LOG_LEVEL: 'error',
      // Jobs retry within seconds, not minutes (docs/decisions/070-durable-jobs.md).
      JOB_RETRY_DELAY_SECONDS: '1',
      JOB_RETRY_MAX_DELAY_SECONDS: '2',
      // Factories give each caller its own X-Forwarded-For so that per-IP limits do not trip.
      TRUST_PROXY: 'on',
      ADMIN_EMAIL: admin?.email,
      ADMIN_PASSWORD: admin?.password,
      ...options.env,
    });

    const owned = !options.database;
    const database = options.database ?? (await openTestDatabase());
    let runtime: Runtime;
    try {
      runtime = await buildRuntime(config, {
        database: owned ? database : { ...database, close: async () => {} },
        ...(options.logger ? { logger: options.logger } : {}),
        ...(options.payments !== undefined ? { payments: options.payments } : {}),
        ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
      });
      await ensureAdmin(runtime.deps);
    } catch (err) {
      if (owned) await database.close().catch(() => {}); // the start failed; report that, not this
      throw err;
    }
    app = createApp(runtime.deps);
    await runtime.startJobs();
    const chat = app.chat.attach(server);

    return {
      url,
      config,
      deps: runtime.deps,
      database,
      smtp: smtp.sink,
      hub: app.chat.hub,
      app,
      admin,
      async close() {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await chat.close();
        await closed;
        try {
          await runtime.close();
        } finally {
          await smtp.release();
          await rm(dataDir, { recursive: true, force: true });
        }
      },
    };
  }
}
