import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from './app-error';

/**
 * How much of a refused request's unread body the server still reads, and drops, before it
 * answers: a client that sends its whole body before it reads (curl, most scripts, a browser
 * on a slow link) would otherwise meet a closed socket mid-send and see a broken pipe
 * instead of the answer. Above the largest body the app takes (a 125 MB form); past either
 * bound the answer goes out and the connection closes.
 */
export const REFUSED_BODY_DRAIN = { maxBytes: 160 * 1024 * 1024, maxMs: 10_000 };

/**
 * Reads and drops what is left of a request body that nothing has started to read. Resolves
 * true once the body has ended (the connection can serve the next request), false when it
 * was cut at a bound or something else is reading it (the answer must close the connection).
 */
export function discardUnreadBody(
  incoming: IncomingMessage,
  bound: { maxBytes: number; maxMs: number } = REFUSED_BODY_DRAIN,
): Promise<boolean> {
  if (incoming.readableEnded) return Promise.resolve(true);
  if (incoming.readableDidRead || incoming.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let read = 0;
    const done = (ended: boolean) => {
      clearTimeout(timer);
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('close', onClose);
      incoming.off('error', onClose);
      if (!ended) incoming.pause();
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > bound.maxBytes) done(false);
    };
    const onEnd = () => done(true);
    const onClose = () => done(incoming.readableEnded);
    const timer = setTimeout(() => done(false), bound.maxMs);
    incoming.on('data', onData);
    incoming.once('end', onEnd);
    incoming.once('close', onClose);
    incoming.once('error', onClose);
    incoming.resume();
  });
}

/**
 * A 413 with our envelope. on-error.ts reads the unread rest of the body before it answers;
 * the connection still closes after it, so a client that sent too much starts afresh.
 */
const tooLarge = (message: string) =>
  new AppError('payload_too_large', message, { headers: { Connection: 'close' } });

/** A request body limit that answers 413 with our envelope. */
export function limitBody(maxSize: number, message: string): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize,
    onError: () => {
      throw tooLarge(message);
    },
  });
  // A request without a body has nothing to limit. Asking hono's bodyLimit would build the
  // whole web Request (its body stream) on every GET just to find none.
  return (c, next) => {
    const headers = c.req.raw.headers;
    if (!hasBody(headers)) return next();
    // Refused by its declared length before anything reads it (hono's bodyLimit starts the
    // body stream first), so that on-error.ts can still read it to the end.
    if (declaredOver(headers, maxSize)) throw tooLarge(message);
    return limit(c, next);
  };
}

function declaredOver(headers: Headers, maxSize: number): boolean {
  const length = headers.get('content-length');
  return length !== null && !headers.has('transfer-encoding') && Number.parseInt(length, 10) > maxSize;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TUS_PATCH_TYPE = 'application/offset+octet-stream';

/** application/json or a +json type, with or without parameters (charset). */
export function isJsonType(contentType: string): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

function hasBody(headers: Headers): boolean {
  const length = headers.get('content-length');
  return headers.has('transfer-encoding') || (length !== null && length.trim() !== '0');
}

/**
 * For the routes that take JSON: a write whose body is not declared JSON is refused with 415
 * before anything reads it. A form or a text/plain body is what another site can send with
 * the user's cookies and without a CORS preflight; JSON is not. A write with no body at all
 * (a sign-out) needs no type.
 */
export function jsonBodiesOnly(): MiddlewareHandler {
  return async (c, next) => {
    if (WRITES.has(c.req.method)) {
      const type = c.req.header('content-type');
      // A tus PATCH that missed the upload routes is left to their 404 (no preflight-free
      // site can send this type, and no JSON route takes it).
      const tus = c.req.method === 'PATCH' && type?.toLowerCase().startsWith(TUS_PATCH_TYPE);
      const refused = type !== undefined ? !isJsonType(type) && !tus : hasBody(c.req.raw.headers);
      if (refused) throw new AppError('unsupported_media_type', 'The request body must be JSON');
    }
    await next();
  };
}

/**
 * limitBody for bodies read as streams (multipart forms): a declared length over the limit
 * is refused at once; a chunked body is counted as it passes and nothing past the limit goes
 * on, never gathered in memory (hono's bodyLimit buffers a chunked body whole).
 */
export function limitStreamedBody(maxSize: number, message: string): MiddlewareHandler {
  return async (c, next) => {
    const length = c.req.header('content-length');
    if (length !== undefined && !c.req.raw.headers.has('transfer-encoding')) {
      if (Number.parseInt(length, 10) > maxSize) throw tooLarge(message);
      return next();
    }
    const body = c.req.raw.body;
    if (!body) return next();
    let size = 0;
    const counted = body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          size += chunk.byteLength;
          if (size <= maxSize) return controller.enqueue(chunk);
          // Past the limit the rest is read and dropped (up to the drain's bound) and the 413
          // comes at its end, so that a client still sending reads it.
          if (size > maxSize + REFUSED_BODY_DRAIN.maxBytes) controller.error(tooLarge(message));
        },
        flush(controller) {
          if (size > maxSize) controller.error(tooLarge(message));
        },
      }),
    );
    c.req.raw = new Request(c.req.raw, { body: counted, duplex: 'half' } as RequestInit);
    return next();
  };
}
