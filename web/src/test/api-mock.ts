import {
  type ApiFailure,
  type ApiSuccess,
  codeForStatus,
  type ErrorCode,
  type FieldError,
} from '@ecu/shared';
import { onlineManager } from '@tanstack/react-query';
import { onTestFinished, vi } from 'vitest';

/**
 * The network of a web test: `fetch` answered per method and path with the API's envelope
 * (docs/product.md#13-the-http-api), so that the real api-client, hooks and queries run.
 *
 *   const api = mockApi();
 *   api.on('GET', '/admin/users/:userId', ({ params }) => ok(userDetail(params.userId)));
 *   api.on('PUT', '/admin/updateUserCredits', fail(400, 'Not enough credits'));
 *   ...
 *   expect(api.calls('PUT', '/admin/updateUserCredits')[0]?.body).toEqual({ ... });
 *
 * Paths are the API's, without the `/api` prefix and without the query string; `:name`
 * matches one path segment. The newest route for a method and path wins, so a test can
 * override a default set in beforeEach. The stub is removed when the test ends.
 */

/** One request the page sent, as the handler and the test see it. */
export interface MockRequest {
  method: string;
  /** The API path, without `/api` and without the query string. */
  path: string;
  /** The `:name` segments of the matched route. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body, the raw body when it is not JSON, undefined without one. */
  body: unknown;
  headers: Headers;
  signal: AbortSignal | undefined;
}

/** What a handler answers: an HTTP status with a JSON body (see ok/fail), or a Response. */
export interface MockReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type MockAnswer = MockReply | Response;
export type MockHandler = (req: MockRequest) => MockAnswer | Promise<MockAnswer>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** A success envelope: `{ success: true, message, data }`, with the list's cursor when given. */
export function ok<T>(data: T, extra: { message?: string; nextCursor?: string | null } = {}): MockReply {
  const body: ApiSuccess<T> = { success: true, message: extra.message ?? 'OK', data };
  if ('nextCursor' in extra) body.nextCursor = extra.nextCursor ?? null;
  return { status: 200, body };
}

/** A refusal envelope: `{ success: false, message, errors, code }`, as the API's onError sends it. */
export function fail(
  status: number,
  message: string,
  extra: { code?: ErrorCode; errors?: FieldError[] } = {},
): MockReply {
  const body: ApiFailure = {
    success: false,
    message,
    errors: extra.errors ?? [],
    code: extra.code ?? codeForStatus(status),
  };
  return { status, body };
}

/** Thrown by a handler: the request never gets an answer, as when the device is offline. */
export class NoAnswer extends TypeError {
  constructor() {
    super('Failed to fetch');
  }
}

/** A reply the test releases when it wants (to see pending and disabled states). */
export function deferred<T = MockAnswer>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: MockHandler;
}

export interface ApiMock {
  /** Answers method + path (`:name` segments allowed) with a handler or a fixed reply. */
  on(method: Method, path: string, answer: MockHandler | MockAnswer): ApiMock;
  /** Every request sent so far, optionally only those matching method and path. */
  calls(method?: Method, path?: string): MockRequest[];
  /** Requests that no route answered (they got a 404 envelope). */
  unhandled: MockRequest[];
  /** The stubbed fetch, for assertions on raw calls. */
  fetch: ReturnType<typeof vi.fn>;
}

function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) {
        names.push(part.slice(1));
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { pattern: new RegExp(`^${source}$`), names };
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (body === undefined || body === null) return undefined;
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

function toResponse(answer: MockAnswer): Response {
  if (answer instanceof Response) return answer;
  return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
    status: answer.status,
    headers: { 'Content-Type': 'application/json', ...answer.headers },
  });
}

/**
 * Stubs the global fetch for the current test. A request no route answers gets a 404 envelope
 * and is kept in `unhandled`; with `{ strict: true }` it also fails the test (console.error).
 */
export function mockApi(options: { strict?: boolean } = {}): ApiMock {
  // The reachability probe after a request that got no answer (local/connectivity.ts): the
  // server is up unless a test says otherwise with its own GET /health.
  const routes: Route[] = [{ method: 'GET', ...compile('/health'), handler: () => ok(null) }];
  const sent: MockRequest[] = [];
  const unhandled: MockRequest[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const path = url.pathname.replace(/^\/api(?=\/)/, '');
    const request: MockRequest = {
      method,
      path,
      params: {},
      query: url.searchParams,
      body: parseBody(init.body),
      headers: new Headers(init.headers),
      signal: init.signal ?? undefined,
    };
    sent.push(request);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    for (let i = routes.length - 1; i >= 0; i--) {
      const route = routes[i];
      if (!route || route.method !== method) continue;
      const match = route.pattern.exec(path);
      if (!match) continue;
      route.names.forEach((name, n) => {
        request.params[name] = decodeURIComponent(match[n + 1] ?? '');
      });
      return toResponse(await route.handler(request));
    }
    unhandled.push(request);
    if (options.strict) console.error(`api-mock: no route for ${method} ${path}`);
    return toResponse(fail(404, `No route for ${method} ${path}`, { code: 'not_found' }));
  });

  vi.stubGlobal('fetch', fetchMock);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });

  const api: ApiMock = {
    on(method, path, answer) {
      const handler: MockHandler = typeof answer === 'function' ? answer : () => answer;
      routes.push({ method, ...compile(path), handler });
      return api;
    },
    calls(method, path) {
      const route = path ? compile(path).pattern : undefined;
      return sent.filter((r) => (!method || r.method === method) && (!route || route.test(r.path)));
    },
    unhandled,
    fetch: fetchMock,
  };
  return api;
}

/**
 * Puts the device offline (or back online) for the app's hooks (navigator.onLine and its
 * events) and for TanStack Query's online manager; undone when the test ends.
 */
export function setOnline(online: boolean): void {
  const spy = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  onlineManager.setOnline(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  onTestFinished(() => {
    spy.mockRestore();
    onlineManager.setOnline(true);
  });
}
