import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The caller's IP: the first X-Forwarded-For entry behind a trusted proxy, else the socket's. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    // Only an address counts: anything else (a long junk header) falls back to the socket.
    const first = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (first && isIP(first)) return first;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
