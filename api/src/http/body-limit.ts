import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from './app-error';

/**
 * A request body limit that answers 413 with our envelope. The unread rest of the body
 * leaves the connection unusable, so the answer tells the client not to reuse it.
 */
export function limitBody(maxSize: number, message: string): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError('payload_too_large', message, { headers: { Connection: 'close' } });
    },
  });
  // A request without a body has nothing to limit. Asking hono's bodyLimit would build the
  // whole web Request (its body stream) on every GET just to find none.
  return (c, next) => (hasBody(c.req.raw.headers) ? limit(c, next) : next());
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
 * is refused at once; a chunked body is counted as it passes and cut off with the 413 at
 * the limit, never gathered in memory (hono's bodyLimit buffers a chunked body whole).
 */
export function limitStreamedBody(maxSize: number, message: string): MiddlewareHandler {
  return async (c, next) => {
    const tooLarge = () => new AppError('payload_too_large', message, { headers: { Connection: 'close' } });
    const length = c.req.header('content-length');
    if (length !== undefined && !c.req.raw.headers.has('transfer-encoding')) {
      if (Number.parseInt(length, 10) > maxSize) throw tooLarge();
      return next();
    }
    const body = c.req.raw.body;
    if (!body) return next();
    let size = 0;
    const counted = body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          size += chunk.byteLength;
          if (size > maxSize) controller.error(tooLarge());
          else controller.enqueue(chunk);
        },
      }),
    );
    c.req.raw = new Request(c.req.raw, { body: counted, duplex: 'half' } as RequestInit);
    return next();
  };
}
