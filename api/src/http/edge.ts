import { randomUUID } from 'node:crypto';
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type ServerOptions,
  ServerResponse,
  validateHeaderName,
  validateHeaderValue,
} from 'node:http';
import type { Logger } from '../platform/logger';
import { inRequestScope, type RequestScope } from '../platform/request-scope';
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
  /**
   * Told of every answer when its response closes (the metrics, api/src/metrics): every request
   * passes here, the hot lane's too. `hotPath`: the hot route's path when the lane answered.
   */
  observe?: (req: IncomingMessage, res: ServerResponse, hotPath: string | undefined, ms: number) => void;
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
 * The edge's own lines of an answer's head, written and validated once per settings: its
 * headers, and `Cache-Control: private, no-store` in the personal variant. Node checks every
 * header of every answer against the header grammar, and a dozen constant ones cost about 7 µs
 * of CPU per answer, a tenth of the health check's throughput (docs/decisions/059-edge-head.md).
 */
interface EdgeLines {
  /** All of them, in order, each ending in CRLF. */
  all: string;
  /** Each line by its header's lower-case name. */
  byName: Map<string, string>;
  /** The shortest and longest name: an answer's header outside them cannot be one of these. */
  shortest: number;
  longest: number;
}

const REQUEST_ID = 'x-request-id';
const NO_STORE: readonly [string, string] = ['Cache-Control', 'private, no-store'];

function makeLines(headers: EdgeSettings['headers']): EdgeLines {
  const byName = new Map<string, string>();
  for (const [name, value] of headers) {
    validateHeaderName(name);
    validateHeaderValue(name, value);
    byName.set(name.toLowerCase(), `${name}: ${value}\r\n`);
  }
  const lengths = [...byName.keys(), REQUEST_ID].map((name) => name.length);
  return {
    all: [...byName.values()].join(''),
    byName,
    shortest: Math.min(...lengths),
    longest: Math.max(...lengths),
  };
}

const madeLines = new WeakMap<EdgeSettings['headers'], { open: EdgeLines; personal: EdgeLines }>();

function linesOf(headers: EdgeSettings['headers'], personal: boolean): EdgeLines {
  let made = madeLines.get(headers);
  if (!made) {
    made = { open: makeLines(headers), personal: makeLines([...headers, NO_STORE]) };
    madeLines.set(headers, made);
  }
  return personal ? made.personal : made.open;
}

/**
 * Which of the edge's headers an answer sets itself, by lower-case name, from the headers Node
 * is given as `_storeHeader` takes them: a [name, value, ...] list, a list of pairs or an object.
 */
function ownOf(lines: EdgeLines, headers: unknown): Set<string> | undefined {
  let own: Set<string> | undefined;
  const note = (name: unknown) => {
    if (typeof name !== 'string' || name.length < lines.shortest || name.length > lines.longest) return;
    const lower = name.toLowerCase();
    if (lower !== REQUEST_ID && !lines.byName.has(lower)) return;
    own ??= new Set();
    own.add(lower);
  };
  if (Array.isArray(headers)) {
    if (Array.isArray(headers[0])) for (const entry of headers) note(entry[0]);
    else for (let i = 0; i < headers.length; i += 2) note(headers[i]);
  } else if (headers && typeof headers === 'object') {
    for (const name in headers) note(name);
  }
  return own;
}

/** The edge's lines under an answer's own headers: a header the answer sets itself wins. */
function edgeHead(lines: EdgeLines, reqId: string, headers: unknown): string {
  const own = ownOf(lines, headers);
  const id = `X-Request-Id: ${reqId}\r\n`;
  if (!own) return lines.all + id;
  let head = '';
  for (const [name, line] of lines.byName) if (!own.has(name)) head += line;
  return own.has(REQUEST_ID) ? head : head + id;
}

type StoreHeader = (this: ServerResponse, firstLine: string, headers: unknown) => void;

/**
 * Node's step that writes an answer's head, status line and headers, whichever way the app set
 * them (writeHead, setHeader, an implicit head). Internal to Node (in every release since 0.x);
 * where it is missing the edge sets its headers with setHeader instead.
 */
const storeHeader = (ServerResponse.prototype as unknown as { _storeHeader?: StoreHeader })._storeHeader;

const EDGE = Symbol('edge head');

/**
 * The answer of a server made by serverWithEdge (`createServer`'s `ServerResponse` option):
 * its head starts with the edge's lines, given by withEdge per request, already validated.
 */
class EdgeResponse extends ServerResponse {
  declare [EDGE]?: { lines: EdgeLines; reqId: string };
}

if (storeHeader) {
  Object.defineProperty(EdgeResponse.prototype, '_storeHeader', {
    value: function edgeStoreHeader(this: EdgeResponse, firstLine: string, headers: unknown) {
      const edge = this[EDGE];
      storeHeader.call(
        this,
        edge ? firstLine + edgeHead(edge.lines, edge.reqId, headers) : firstLine,
        headers,
      );
    },
  });
}

/**
 * The per-request work that is the same for every answer, done on Node's own request and
 * response before the app sees them: the security headers, X-Request-Id, `Cache-Control:
 * private, no-store` on personal API answers, and the access line. Done in the app's
 * middleware, each of these turned the app's plain answer into a web Response whose
 * headers were copied, validated and sorted again: about a third of the CPU of a small
 * answer (docs/decisions/035-request-edge.md). An answer's own value of one of these headers
 * wins. On a server of serverWithEdge they go into the head as lines written once; on any other
 * server they are set on the response, where Node merges them under the app's own.
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
    const given = req.headers['x-request-id'];
    const reqId = typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
    // Everything the request runs, awaits and leaves running logs with its id
    // (docs/decisions/076-request-scope.md).
    const scope: RequestScope = { reqId };
    inRequestScope(scope, answer, listener, edge, scope, req, res);
  };
}

/** One request at the edge, inside its scope. */
function answer(
  listener: RequestListener,
  edge: EdgeSettings,
  scope: RequestScope,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const reqId = scope.reqId;
  const path = pathOf(req.url ?? '/');
  const personal = isPersonalApi(path);
  const logs = edge.logger.enabled?.('info') ?? true;
  const observe = edge.observe;
  let hotPath: string | undefined;
  if (logs || observe) {
    const started = performance.now();
    // 'close' comes after the last byte or when the client goes away: one line either way.
    res.once('close', () => {
      const ms = performance.now() - started;
      observe?.(req, res, hotPath, ms);
      if (!logs) return;
      edge.logger.info('request', {
        reqId,
        method: req.method,
        path,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        ...(scope.userId ? { userId: scope.userId } : {}),
      });
    });
  }
  if (storeHeader && res instanceof EdgeResponse) {
    res[EDGE] = { lines: linesOf(edge.headers, personal), reqId };
    if (edge.hot?.(req, res, path, [])) hotPath = path;
    else listener(req, res);
    return;
  }
  if (edge.hot) {
    // The hot lane writes its answer's head in one writeHead, these headers first.
    const head = [...flatHeaders(edge.headers), 'X-Request-Id', reqId];
    if (personal) head.push(...NO_STORE);
    if (edge.hot(req, res, path, head)) {
      hotPath = path;
      return;
    }
  }
  for (const [name, value] of edge.headers) res.setHeader(name, value);
  if (personal) res.setHeader(...NO_STORE);
  res.setHeader('X-Request-Id', reqId);
  listener(req, res);
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
    createServer({ ...options, ServerResponse: EdgeResponse }, withEdge(listener, settings));
  return make as typeof createServer;
}
