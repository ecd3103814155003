import type { Server } from 'node:http';
import type { Logger } from './logger';

/** How long a stopping process waits for requests and uploads in flight. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Stops taking connections and waits for the requests in flight (an upload's PATCH is one)
 * to finish, closing keep-alive connections as they fall idle; at the limit the rest are
 * cut. Resolves with whether everything finished in time (docs/decisions/026-several-processes.md).
 */
export function drainServer(server: Server, limitMs: number): Promise<{ drained: boolean }> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (drained: boolean) => {
      if (done) return;
      done = true;
      clearInterval(idle);
      clearTimeout(limit);
      resolve({ drained });
    };
    server.close(() => finish(true));
    server.closeIdleConnections();
    // A connection whose answer was still on its way falls idle later: close it then.
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    const limit = setTimeout(() => {
      server.closeAllConnections();
      finish(false);
    }, limitMs);
  });
}

/**
 * A process's stop on SIGTERM/SIGINT: no new connections; websockets (the chat) closed;
 * requests and uploads in flight finished (up to graceMs); only then the database.
 */
export async function shutDown(parts: {
  server: Server;
  graceMs: number;
  logger: Logger;
  closeChat: () => Promise<void>;
  closeRuntime: () => Promise<void>;
}): Promise<void> {
  const { server, graceMs, logger } = parts;
  logger.notice(`[shutdown] finishing the requests in flight (up to ${graceMs / 1000} s)`);
  const draining = drainServer(server, graceMs);
  await parts.closeChat();
  const { drained } = await draining;
  if (!drained) logger.warn(`[shutdown] requests still running after ${graceMs / 1000} s were cut`);
  await parts.closeRuntime();
}
