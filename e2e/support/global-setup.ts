import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { E2E_PORT } from '../../playwright.config';
import { PORTAL_ENTRY, PORTAL_NODE_ARGS, PORTAL_PROCESS_ENV } from '../../scripts/portal-process.mjs';
import { startMailSink } from './mail-sink';
import { ADMIN, DATA_DIR, E2E_ROOT, MAIL_DIR } from './paths';

async function waitForHealth(url: string, server: ChildProcess, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`The portal exited with code ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The portal did not answer ${url} in time`);
}

/**
 * Starts an SMTP sink and the built portal on a fresh embedded DB, with the node flags it has in
 * production (docs/decisions/054-node-heap-flags.md).
 */
export default async function globalSetup() {
  rmSync(E2E_ROOT, { recursive: true, force: true });
  const sink = await startMailSink(MAIL_DIR);
  const server = spawn(process.execPath, [...PORTAL_NODE_ARGS, PORTAL_ENTRY], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      ...PORTAL_PROCESS_ENV,
      PORT: String(E2E_PORT),
      APP_URL: `http://localhost:${E2E_PORT}`,
      DATA_DIR,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      TRUST_PROXY: 'on',
      LOG_LEVEL: 'warn',
    },
  });
  await waitForHealth(`http://localhost:${E2E_PORT}/api/health`, server);
  return async () => {
    server.kill('SIGTERM');
    await sink.close();
  };
}
