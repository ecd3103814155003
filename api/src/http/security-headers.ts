import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

const STRIPE_JS = 'https://js.stripe.com';

/**
 * A Content-Security-Policy the PWA works under: everything from our origin, nothing framed.
 * With Stripe configured, Stripe.js and its card frames are allowed too (and only then).
 */
export function securityHeaders(options: { stripe: boolean }) {
  const stripe = options.stripe;
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: stripe ? ["'self'", STRIPE_JS] : ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      // 'self' covers the chat's same-origin websocket (ws: and wss: to our own host).
      connectSrc: stripe ? ["'self'", 'https://api.stripe.com'] : ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      frameAncestors: ["'none'"],
      frameSrc: stripe ? [STRIPE_JS, 'https://hooks.stripe.com'] : ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    strictTransportSecurity: 'max-age=15552000; includeSubDomains',
  });
}

/** API answers that are the same for everyone, which a cache may keep. */
const PUBLIC_API = ['/api/health', '/api/public-config', '/api/service-status'];

/**
 * Every other API answer depends on the session (or says something about it): no browser or
 * proxy cache may keep it. An answer that chose its own Cache-Control keeps it.
 */
export function noStoreForPersonalAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const path = c.req.path;
    if (PUBLIC_API.some((p) => path === p || path.startsWith(`${p}/`))) return;
    if (!c.res.headers.has('cache-control')) c.res.headers.set('Cache-Control', 'private, no-store');
  };
}
