import type { IncomingMessage } from 'node:http';
import { finished, type Readable } from 'node:stream';
import type { Context } from 'hono';

/**
 * A request body as a web stream over Node's readable, passing each chunk on as it is.
 * Readable.toWeb, which Hono's Node adapter (and srvx, tus's own) read a body through, copies
 * every chunk into a new ArrayBuffer in Node 20: for an upload that is its whole size in fresh
 * off-heap memory, and in a process whose young generation had grown under load that pressure
 * made V8 run a full collection every ~50 ms (docs/decisions/052-fewer-copies.md). The
 * readable is paused whenever the stream's queue is full and resumed when it is read.
 */
export function nodeBodyStream(source: Readable): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const onData = (chunk: Buffer) => {
        controller.enqueue(chunk);
        if ((controller.desiredSize ?? 0) <= 0) source.pause();
      };
      source.pause();
      source.on('data', onData);
      // finished keeps its 'error' listener afterwards: a late error never goes unhandled.
      finished(source, (err) => {
        source.off('data', onData);
        if (settled) return;
        settled = true;
        if (err) controller.error(err);
        else controller.close();
      });
    },
    pull() {
      source.resume();
    },
    cancel(reason) {
      settled = true;
      source.destroy(reason instanceof Error ? reason : undefined);
    },
  });
}

/**
 * The request of a route that streams its body elsewhere (tus), with nodeBodyStream's body in
 * place of the adapter's. Its method, URL, headers and abort signal are the request's own;
 * Hono's Node request reads them without building its body. A request that is not a PATCH or
 * a POST, or has no Node request behind it (`app.request()` in tests), goes as it is. Nothing
 * before it may touch `c.req.raw.body`: the adapter's stream, once built, starts reading the
 * same Node request on its first pull, takes the same chunks, and stops both readers when its
 * unread queue is full (checking `readableDidRead` or the 'data' listeners cannot see it
 * before that pull).
 */
export function streamedRequest(c: Context): Request {
  const raw = c.req.raw;
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || (raw.method !== 'PATCH' && raw.method !== 'POST')) return raw;
  return new Request(raw.url, {
    method: raw.method,
    headers: raw.headers,
    body: nodeBodyStream(incoming),
    signal: raw.signal,
    duplex: 'half',
  } as RequestInit);
}
