import type { MiddlewareHandler } from 'hono';
import { forbidden } from './app-error';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookies are SameSite=Lax; on top of that a state-changing call that names an Origin must
 * name ours. Browsers always send Origin on cross-site writes, so a missing one is a
 * same-origin or non-browser client. `Origin: null` (a sandboxed frame, a data: page, some
 * redirect chains) is a browser hiding where the call came from: refused like a foreign site.
 */
export function originCheck(trustedOrigins: string[]): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (!SAFE.has(c.req.method) && origin !== undefined && !trustedOrigins.includes(origin)) {
      const self = new URL(c.req.url).origin;
      if (origin !== self) throw forbidden('This request came from another site and was refused');
    }
    await next();
  };
}
