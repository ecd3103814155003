import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { Logger } from '../platform/logger';
import { inRequestScope, type RequestScope } from '../platform/request-scope';

/** An X-Request-Id we pass on as it came (the proxy's); anything else is replaced. */
const GIVEN_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/** API answers that are the same for everyone, which a cache may keep. */
const PUBLIC_API = ['/api/health', '/api/public-config', '/api/service-status'];

/** What every answer gets, whoever answers it (Hono's routes, tus, static files). */
export interface RequestSettings {
  logger: Logger;
  /** Set on every answer; an answer that sets one of them itself keeps its own. */
  headers: ReadonlyArray<readonly [name: string, value: string]>;
  /** Told of every answer when its response closes (the metrics, api/src/metrics). */
  observe?: (req: IncomingMessage, res: ServerResponse, ms: number) => void;
}

/**
 * The request's path for the access line and the no-store rule, never the query (signed links
 * carry their signature there): the URL standard's parse, which resolves dot segments. It keeps
 * escapes as they came, so a path spelled with escapes counts as personal: no-store on a public
 * answer costs nothing, a personal answer without it could be cached.
 */
function pathOfUrl(url: string): string {
  try {
    return new URL(url, 'http://localhost').pathname;
  } catch {
    const query = url.indexOf('?');
    return query === -1 ? url : url.slice(0, query);
  }
}

function isPersonalApi(path: string): boolean {
  if (!path.startsWith('/api/')) return false;
  return !PUBLIC_API.some((p) => path === p || path.startsWith(`${p}/`));
}

/**
 * The per-request work that is the same for every answer, around the whole app: the request's
 * scope (every log line of it carries its id, docs/decisions/076-request-scope.md), the security
 * headers, X-Request-Id, `Cache-Control: private, no-store` on personal API answers, the access
 * line and the metrics (docs/decisions/078-one-request-path.md). The headers are set with
 * setHeader before the app runs: an answer's own value, set by setHeader or writeHead, replaces
 * them.
 *
 * `settings` is read per request: undefined (a test server still starting) passes the request
 * straight on.
 */
export function withRequestBasics(
  listener: RequestListener,
  settings: () => RequestSettings | undefined,
): RequestListener {
  return (req, res) => {
    const basics = settings();
    if (!basics) return listener(req, res);
    const given = req.headers['x-request-id'];
    const reqId = typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
    const scope: RequestScope = { reqId };
    inRequestScope(scope, answer, listener, basics, scope, req, res);
  };
}

/** One request, inside its scope. */
function answer(
  listener: RequestListener,
  basics: RequestSettings,
  scope: RequestScope,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const reqId = scope.reqId;
  const path = pathOfUrl(req.url ?? '/');
  const logs = basics.logger.enabled?.('info') ?? true;
  const observe = basics.observe;
  if (logs || observe) {
    const started = performance.now();
    // 'close' comes after the last byte or when the client goes away: one line either way.
    res.once('close', () => {
      const ms = performance.now() - started;
      observe?.(req, res, ms);
      if (!logs) return;
      basics.logger.info('request', {
        reqId,
        method: req.method,
        path,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        ...(scope.userId ? { userId: scope.userId } : {}),
      });
    });
  }
  for (const [name, value] of basics.headers) res.setHeader(name, value);
  if (isPersonalApi(path)) res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Request-Id', reqId);
  listener(req, res);
}

/**
 * For `serve({ createServer })` of @hono/node-server: Node's HTTP server, the app's listener
 * inside withRequestBasics. serve() calls it as (options, listener); the cast is to
 * createServer's overloads.
 */
export function serverWithBasics(settings: () => RequestSettings | undefined): typeof createServer {
  const make = (options: Parameters<typeof createServer>[0], listener: RequestListener) =>
    createServer(options ?? {}, withRequestBasics(listener, settings));
  return make as typeof createServer;
}
