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
      connectSrc: stripe ? ["'self'", 'ws:', 'wss:', 'https://api.stripe.com'] : ["'self'", 'ws:', 'wss:'],
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
