const STRIPE_JS = 'https://js.stripe.com';

/**
 * The headers every answer carries (set on each answer around the app, api/src/http/request-listener.ts):
 * a Content-Security-Policy the PWA works under (everything from our origin, nothing
 * framed; with Stripe configured, Stripe.js and its card frames too, and only then), and
 * the usual hardening headers, with the values Hono's secureHeaders gave them.
 */
export function securityHeaders(options: { stripe: boolean }): ReadonlyArray<readonly [string, string]> {
  const stripe = options.stripe;
  const csp: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', stripe ? ["'self'", STRIPE_JS] : ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    // 'self' covers the chat's same-origin websocket (ws: and wss: to our own host).
    ['connect-src', stripe ? ["'self'", 'https://api.stripe.com'] : ["'self'"]],
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ['frame-src', stripe ? [STRIPE_JS, 'https://hooks.stripe.com'] : ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
  ];
  return [
    ['Content-Security-Policy', csp.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ')],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'DENY'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
  ];
}
