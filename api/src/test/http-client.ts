import type { FieldError } from '@ecu/shared';

/** What an API answer looks like to a test: the envelope, or whatever came back. */
export interface ApiBody<T> {
  success: boolean;
  message: string;
  data: T;
  errors?: FieldError[];
  nextCursor?: string | null;
}

export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: ApiBody<T>;
  text: string;
  /** Raw Set-Cookie lines of this answer. */
  setCookies: string[];
}

export interface RequestOptions {
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (use for malformed bodies). */
  body?: RequestInit['body'];
  /** Extra headers; a null value leaves out a default header (e.g. Origin). */
  headers?: Record<string, string | null>;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A browser in miniature for the API: keeps the cookies the server sets, sends them back,
 * sends `Origin` on writes as a browser does, and comes from its own IP (X-Forwarded-For,
 * which the test server trusts).
 */
export class ApiClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly ip: string,
  ) {}

  /** A second browser holding the same cookies (e.g. to use a session after its owner left). */
  copy(ip = this.ip): ApiClient {
    const other = new ApiClient(this.baseUrl, ip);
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    return other;
  }

  get signedIn(): boolean {
    return [...this.cookies.keys()].some((name) => name.endsWith('session_token'));
  }

  // biome-ignore lint/suspicious/noExplicitAny: tests assert on answers; they do not trust their types
  async request<T = any>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string | null> = {
      accept: 'application/json',
      'x-forwarded-for': this.ip,
      ...(WRITES.has(method) ? { origin: new URL(this.baseUrl).origin } : {}),
      ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(this.cookies.size > 0 ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
      ...options.headers,
    };
    const sent = Object.fromEntries(
      Object.entries(headers).filter((e): e is [string, string] => e[1] !== null),
    );
    const body = options.json !== undefined ? JSON.stringify(options.json) : options.body;
    const init: RequestInit & { duplex?: 'half' } = { method, headers: sent, body, redirect: 'manual' };
    if (body instanceof ReadableStream) init.duplex = 'half';
    const res = await fetch(new URL(path, this.baseUrl), init);
    const setCookies = res.headers.getSetCookie();
    this.keepCookies(setCookies);
    const text = await res.text();
    let parsed: unknown = text;
    if (res.headers.get('content-type')?.includes('json')) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as ApiBody<T>, text, setCookies };
  }

  // biome-ignore lint/suspicious/noExplicitAny: see request
  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }

  // biome-ignore lint/suspicious/noExplicitAny: see request
  post<T = any>(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>('POST', path, { json, ...options });
  }

  // biome-ignore lint/suspicious/noExplicitAny: see request
  put<T = any>(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>('PUT', path, { json, ...options });
  }

  private keepCookies(lines: string[]) {
    for (const line of lines) {
      const cookie = parseSetCookie(line);
      const expired =
        cookie.value === '' ||
        (cookie.maxAge !== undefined && cookie.maxAge <= 0) ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}

export interface SetCookie {
  name: string;
  value: string;
  maxAge?: number;
  expires?: Date;
  /** Attribute names in lower case, with their values ('' for flags like HttpOnly). */
  attributes: Map<string, string>;
}

export function parseSetCookie(line: string): SetCookie {
  const [pair = '', ...rest] = line.split(';');
  const eq = pair.indexOf('=');
  const attributes = new Map<string, string>();
  for (const part of rest) {
    const i = part.indexOf('=');
    const key = (i < 0 ? part : part.slice(0, i)).trim().toLowerCase();
    attributes.set(key, i < 0 ? '' : part.slice(i + 1).trim());
  }
  const maxAge = attributes.get('max-age');
  const expires = attributes.get('expires');
  return {
    name: pair.slice(0, eq).trim(),
    value: pair.slice(eq + 1).trim(),
    ...(maxAge !== undefined ? { maxAge: Number(maxAge) } : {}),
    ...(expires !== undefined ? { expires: new Date(expires) } : {}),
    attributes,
  };
}
