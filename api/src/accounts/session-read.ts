import type { Context } from 'hono';
import type { Auth } from './auth';

/**
 * better-auth's GET get-session, less the raw session token: the token is the cookie's value,
 * which page script must never read (the cookie is HttpOnly for that reason).
 */
export async function readSessionWithoutToken(auth: Auth, c: Context): Promise<Response> {
  const res = await auth.handler(c.req.raw);
  if (!res.ok || !(res.headers.get('content-type') ?? '').includes('json')) return res;
  const body = (await res.json()) as { session?: Record<string, unknown> } | null;
  if (body?.session) delete body.session.token;
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status: res.status, headers });
}
