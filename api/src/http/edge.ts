import { randomUUID } from 'node:crypto';
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import { type Logger, openRequestScope, type RequestScope } from '../platform/logger';
import type { HotLane } from './hot-lane';

/** An X-Request-Id we pass on as it came (the proxy's); anything else is replaced. */
const GIVEN_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/** API answers that are the same for everyone, which a cache may keep. */
const PUBLIC_API = ['/api/health', '/api/public-config', '/api/service-status'];

/** What the edge adds to every answer: the app's headers and where its access lines go. */
export interface EdgeSettings {
  logger: Logger;
  /** Set on every answer; an answer that sets one of them itself keeps its own. */
  headers: ReadonlyArray<readonly [name: string, value: string]>;
  /** Answers the hot GETs itself (api/src/http/hot-lane.ts); the rest goes to the app. */
  hot?: HotLane;
}

/**
 * The request's path as the router sees it, never the query (signed links carry their
 * signature there). A plain path is taken as it is; an absolute-form URL, dot segments or
 * escapes go through the URL parser, as @hono/node-server's routing does.
 */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  const raw = query === -1 ? url : url.slice(0, query);
  if (raw.startsWith('/') && !raw.includes('/.') && !raw.includes('%')) return raw;
  try {
    return new URL(url, 'http://edge').pathname;
  } catch {
    return raw;
  }
}

function isPersonalApi(path: string): boolean {
  if (!path.startsWith('/api/')) return false;
  return !PUBLIC_API.some((p) => path === p || path.startsWith(`${p}/`));
}

/**
 * The per-request work that is the same for every answer, done on Node's own request and
 * response before the app sees them: the security headers, X-Request-Id, `Cache-Control:
 * private, no-store` on personal API answers, and the access line. Done in the app's
 * middleware, each of these turned the app's plain answer into a web Response whose
 * headers were copied, validated and sorted again: about a third of the CPU of a small
 * answer (docs/decisions/035-request-edge.md). Headers set here are merged by Node under
 * the app's own, which win.
 *
 * `settings` is read per request: undefined (a test server still starting) passes the
 * request straight on. Used as `serve()`'s createServer (see `serverWithEdge`).
 */
export function withEdge(
  listener: RequestListener,
  settings: () => EdgeSettings | undefined,
): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const edge = settings();
    if (!edge) return listener(req, res);
    const path = pathOf(req.url ?? '/');
    const personal = isPersonalApi(path);
    const given = req.headers['x-request-id'];
    const reqId = typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
    const scope: RequestScope = { reqId };
    openRequestScope(req, scope);
    if (edge.logger.enabled?.('info') ?? true) {
      const started = performance.now();
      // 'close' comes after the last byte or when the client goes away: one line either way.
      res.once('close', () => {
        edge.logger.info('request', {
          reqId,
          method: req.method,
          path,
          status: res.statusCode,
          ms: Math.round((performance.now() - started) * 10) / 10,
          ...(scope.userId ? { userId: scope.userId } : {}),
        });
      });
    }
    if (edge.hot) {
      // The hot lane writes its answer's head in one writeHead, these headers first.
      const head = [...flatHeaders(edge.headers), 'X-Request-Id', reqId];
      if (personal) head.push('Cache-Control', 'private, no-store');
      if (edge.hot(req, res, path, head)) return;
    }
    for (const [name, value] of edge.headers) res.setHeader(name, value);
    if (personal) res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Request-Id', reqId);
    listener(req, res);
  };
}

const flat = new WeakMap<EdgeSettings['headers'], string[]>();

/** The edge's headers as one [name, value, name, value, ...] list, made once per settings. */
function flatHeaders(headers: EdgeSettings['headers']): string[] {
  let found = flat.get(headers);
  if (!found) {
    found = headers.flat();
    flat.set(headers, found);
  }
  return found;
}

/**
 * For `serve({ createServer })` of @hono/node-server: Node's HTTP server, with the edge.
 * serve() always calls it as (options, listener); the cast is to createServer's overloads.
 */
export function serverWithEdge(settings: () => EdgeSettings | undefined): typeof createServer {
  const make = (options: ServerOptions, listener: RequestListener) =>
    createServer(options, withEdge(listener, settings));
  return make as typeof createServer;
}
