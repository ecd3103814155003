import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Handler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { callerOf, GATE_MESSAGES, type GateOptions, passGates, type ResolveSession } from '../accounts';
import { unauthorized } from './app-error';
import type { AppDeps, AppEnv, UserRow } from './context';
import { errorAnswer } from './on-error';
import { beforeReadRetry, retriesRead } from './read-retry';

/** What a hot route reads of its request. */
export interface HotInput {
  /** The caller, past the route's gates; null only on a public route. */
  user: UserRow | null;
  /** The query's parameters, the first value of each (as Hono's `c.req.query()`). */
  query: Record<string, string>;
  /** A request header, by its lower-case name. */
  header: (name: string) => string | undefined;
}

/** The caller of a gated route (the gates let only a signed-in user through). */
export function callerIn(input: HotInput): UserRow {
  if (!input.user) throw unauthorized(GATE_MESSAGES.signedOut);
  return input.user;
}

export interface HotAnswer {
  status?: ContentfulStatusCode;
  /** The answer's text (JSON unless a header says otherwise) or bytes. */
  body: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
}

/**
 * A GET that signed-in screens call all the time (the file list, the admin list, sync) or that
 * a load balancer polls (health). Defined once: the app mounts it in Hono (honoHandler) and the
 * request edge answers it on Node's own request and response (hotLane), which skips Hono's
 * context, router and middleware chain: about a third of the CPU of such an answer
 * (docs/decisions/043-hot-lane.md). Either way the caller goes through the same session
 * resolution and gates, the query through the same schema, errors through the same envelope.
 */
export interface HotRoute {
  /** The whole path, without parameters. */
  path: string;
  /** The gates the caller must pass (accounts/gates.ts), or 'public': no session is read. */
  gate: GateOptions | 'public';
  handle: (input: HotInput, deps: AppDeps) => Promise<HotAnswer>;
}

const JSON_TYPE = 'application/json';

/** The route as a Hono handler, behind the /api/* middleware (loadUser has read the caller). */
export function honoHandler(route: HotRoute): Handler<AppEnv> {
  return async (c) => {
    const user = route.gate === 'public' ? null : passGates(c.var.user, route.gate);
    const input = { user, query: c.req.query(), header: (name: string) => c.req.header(name) };
    const answer = await route.handle(input, c.var.deps);
    return c.body(answer.body, answer.status ?? 200, { 'content-type': JSON_TYPE, ...answer.headers });
  };
}

/**
 * Answers a request of one of its routes and says true, or says false (Hono answers it).
 * `head` is the edge's headers for the answer, as a [name, value, ...] list the lane adds its
 * own to: the whole head goes out in one writeHead, where setting each header on the response
 * cost a tenth of a health check's CPU. It is empty on a server that writes the edge's headers
 * into the head itself (serverWithEdge of ./edge).
 */
export type HotLane = (req: IncomingMessage, res: ServerResponse, path: string, head: string[]) => boolean;

/**
 * The first value of each query parameter, decoded as Hono decodes it ('+' is a space; a
 * malformed escape stays as it came).
 */
function queryOf(url: string): Record<string, string> {
  const at = url.indexOf('?');
  const out: Record<string, string> = {};
  if (at === -1) return out;
  for (const [name, value] of new URLSearchParams(url.slice(at + 1))) out[name] ??= value;
  return out;
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/** A GET that says it carries a body goes the long way, through the body rules of the app. */
const carriesBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

function send(res: ServerResponse, answer: HotAnswer, setCookies: string[], head: string[]) {
  const body = answer.body;
  let type = JSON_TYPE;
  for (const [name, value] of Object.entries(answer.headers ?? {})) {
    const lower = name.toLowerCase();
    if (lower === 'content-type') {
      type = value;
      continue;
    }
    // An answer's own value of a header the edge sets wins, as it does on the Hono side.
    const at = head.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === lower);
    if (at === -1) head.push(name, value);
    else head[at + 1] = value;
  }
  head.push('content-type', type);
  head.push('content-length', String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength));
  for (const cookie of setCookies) head.push('set-cookie', cookie);
  res.writeHead(answer.status ?? 200, head);
  res.end(body);
}

export function hotLane(deps: AppDeps, resolve: ResolveSession, routes: HotRoute[]): HotLane {
  const byPath = new Map(routes.map((route) => [route.path, route]));

  async function answer(
    route: HotRoute,
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    head: string[],
  ) {
    const edgeHeaders = head.length;
    let setCookies: string[] = [];
    for (let run = 1; ; run++) {
      try {
        let user: UserRow | null = null;
        if (route.gate !== 'public') {
          const found = await callerOf(resolve, {
            cookie: req.headers.cookie,
            headers: () => headersOf(req),
          });
          setCookies = found.setCookies;
          user = passGates(found.user, route.gate);
        }
        const input = { user, query: queryOf(req.url ?? ''), header: (name: string) => headerOf(req, name) };
        send(res, await route.handle(input, deps), setCookies, head);
        return;
      } catch (err) {
        // A read that lost the database's connection runs once more, as on the Hono side
        // (./read-retry.ts).
        if (run === 1 && !res.headersSent && retriesRead('GET', err)) {
          head.length = edgeHeaders;
          await beforeReadRetry();
          continue;
        }
        const failed = errorAnswer(err, deps.logger, { method: 'GET', path });
        if (res.headersSent) {
          res.destroy();
          return;
        }
        head.length = edgeHeaders; // whatever a failed send had added
        send(
          res,
          { status: failed.status, body: JSON.stringify(failed.body), headers: failed.headers },
          setCookies,
          head,
        );
        return;
      }
    }
  }

  return (req, res, path, head) => {
    if (req.method !== 'GET') return false;
    const route = byPath.get(path);
    if (!route || carriesBody(req)) return false;
    void answer(route, req, res, path, head);
    return true;
  };
}
