import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The client as the trusted proxies saw it: each proxy appends the address it was called from
 * (nginx's $proxy_add_x_forwarded_for), so with `hops` trusted proxies that is the hops-th
 * entry from the right; whatever lies left of it the client wrote itself. With fewer entries
 * than hops, the left-most. Undefined when nothing usable is there (no trusted proxy, no
 * header, or not an address where a proxy writes one).
 */
export function forwardedClient(header: string | undefined, hops: number): string | undefined {
  if (hops < 1 || !header) return undefined;
  const entries = header.split(',').map((e) => e.trim());
  const picked = entries[Math.max(0, entries.length - hops)];
  return picked && isIP(picked) ? picked : undefined;
}

/** The caller's IP (for per-IP limits): see forwardedClient, else the socket's. */
export function clientIp(c: Context, trustedHops: number): string {
  const forwarded = forwardedClient(c.req.header('x-forwarded-for'), trustedHops);
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
