import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { passGates } from '../accounts';
import { uploads } from '../db/schema';
import type { AppEnv } from '../http/context';
import { streamedRequest } from '../http/node-body';
import { finishIfStored } from './finish';
import { type createTusServer, TUS_FAULT_HEADERS, UPLOAD_ID, uploadCallers } from './tus-server';

/**
 * A tus answer under the API's CORS policy, which is none (same origin only): tus adds
 * Access-Control-* headers of its own to every answer.
 */
function sameOriginOnly(res: Response): Response {
  for (const name of [...res.headers.keys()]) {
    if (name.startsWith('access-control-')) res.headers.delete(name);
  }
  // A fault (store full, database lost) is the API's envelope, with its headers.
  for (const [name, value] of Object.entries(TUS_FAULT_HEADERS[res.status] ?? {}))
    res.headers.set(name, value);
  return res;
}

/**
 * Mounts tus at /api/uploads. The session and the gates run here, before tus sees the
 * request; an upload id that is not the caller's answers 404 like one that does not exist.
 */
export function uploadRoutes(tus: ReturnType<typeof createTusServer>) {
  const app = new Hono<AppEnv>();
  const plain = (status: number, body: string) =>
    new Response(`${body}\n`, {
      status,
      headers: { 'Tus-Resumable': '1.0.0', 'Content-Type': 'text/plain' },
    });

  app.all('/', async (c) => {
    if (c.req.method === 'OPTIONS') return sameOriginOnly(await tus.handleWeb(c.req.raw));
    const user = passGates(c.var.user);
    const request = streamedRequest(c);
    uploadCallers.set(request, user);
    return sameOriginOnly(await tus.handleWeb(request));
  });

  app.all('/:id', async (c) => {
    if (c.req.method === 'OPTIONS') return sameOriginOnly(await tus.handleWeb(c.req.raw));
    const user = passGates(c.var.user);
    const id = c.req.param('id');
    if (!UPLOAD_ID.test(id)) return plain(404, 'Not found');
    const [found] = await c.var.deps.db.select().from(uploads).where(eq(uploads.id, id));
    if (!found || found.ownerId !== user.id) return plain(404, 'Not found');
    // A client resuming an upload whose last step failed asks HEAD: finish it now.
    const row = c.req.method === 'HEAD' ? await finishIfStored(c.var.deps, found) : found;
    // Finished files are read through /api/files (tus would put the raw name in a header).
    if (c.req.method === 'GET') return plain(405, 'Files are downloaded from their ticket');
    if (row.status === 'attached' && c.req.method !== 'HEAD')
      return plain(409, 'This upload is already attached to a ticket');
    // A finished upload may be named by a ticket at any moment: its bytes stay until the sweep.
    if (row.status === 'complete' && c.req.method === 'DELETE')
      return plain(409, 'A finished upload cannot be deleted');
    // The bytes go to tus as Node read them (http/node-body.ts).
    const request = streamedRequest(c);
    uploadCallers.set(request, user);
    const res = sameOriginOnly(await tus.handleWeb(request));
    if (c.req.method !== 'HEAD' || !row.sha256) return res;
    // As the last PATCH does: the hash of what the server stored, for the client to compare.
    const headers = new Headers(res.headers);
    headers.set('Upload-Sha256', row.sha256);
    return new Response(res.body, { status: res.status, headers });
  });

  app.all('/*', () => plain(404, 'Not found'));
  return app;
}
