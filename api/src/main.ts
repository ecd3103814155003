import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { ensureAdmin } from './accounts';
import { createApp } from './app/app';
import { buildRuntime } from './app/build-deps';
import { ConfigError, loadConfig } from './config';
import { analyzeDatabase } from './db/client';
import { serverWithBasics } from './http/request-listener';
import { installLastResort } from './platform/last-resort';
import { SHUTDOWN_GRACE_MS, shutDown } from './platform/shutdown';
import { BUILD_INFO } from './platform/version';

const started = performance.now();
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const runtime = await buildRuntime(config);
await ensureAdmin(runtime.deps);
const webDir =
  process.env.WEB_DIST ?? path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../web/dist');
const app = createApp(runtime.deps, { webDir });
if (runtime.database.kind === 'pglite') {
  // Statistics soon after a start (an imported data dir has none); the schedule keeps them fresh.
  setTimeout(
    () => analyzeDatabase(runtime.deps.db).catch((err) => runtime.deps.logger.error('Analyze failed:', err)),
    5_000,
  ).unref();
}

const server = serve(
  {
    fetch: app.fetch,
    port: config.port,
    hostname: '0.0.0.0',
    createServer: serverWithBasics(() => app.basics),
  },
  (info) => {
    const db = runtime.database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
    runtime.deps.logger.notice(
      `ECU Portal ${BUILD_INFO.version} (${BUILD_INFO.commit}) on ${config.appUrl} (port ${info.port}, ${db}), ready in ${Math.round(performance.now() - started)} ms`,
    );
  },
);

const chat = app.chat.attach(server as Server);

// E-mails, pushes and periodic work (pruning, ANALYZE) run as jobs: docs/decisions/070-durable-jobs.md.
// The queue starts beside the first requests (its start is a few dozen round trips); a job sent
// meanwhile waits for it. A queue that cannot start stops the process, as a failed start always did.
runtime.startJobs().catch((err: unknown) => {
  runtime.deps.logger.error('The job queue could not start:', err);
  void stop().finally(() => process.exit(1));
});

let stopped: Promise<void> | undefined;
function stop(): Promise<void> {
  stopped ??= shutDown({
    server: server as Server,
    graceMs: SHUTDOWN_GRACE_MS,
    logger: runtime.deps.logger,
    closeChat: () => chat.close(),
    closeRuntime: () => runtime.close(),
  });
  return stopped;
}
const exitAfterStop = () => stop().then(() => process.exit(0));
process.on('SIGINT', exitAfterStop);
process.on('SIGTERM', exitAfterStop);
installLastResort(process, {
  logger: runtime.deps.logger,
  stop,
  exit: (code) => process.exit(code),
  hardStopMs: SHUTDOWN_GRACE_MS + 5_000,
});
