import type { Context } from 'hono';

/**
 * Node's request object behind a Hono context (@hono/node-server passes it as `env.incoming`),
 * the holder of the request's log scope (platform/logger.ts). Undefined under `app.request()`.
 */
export function incomingOf(c: Context): object | undefined {
  const env = c.env as { incoming?: object } | undefined;
  return env?.incoming;
}
