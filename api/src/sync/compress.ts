import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { HotAnswer } from '../http/hot-lane';

const gzipAsync = promisify(gzip);

/** Below this an answer goes as it is: gzip would add more than it saves. */
export const GZIP_THRESHOLD = 1024;
/**
 * zlib's fastest level: a full page of tickets (about 1 MB of JSON) shrinks to about a
 * seventh in a few milliseconds, off the event loop; higher levels cost up to twice that for
 * a few per cent less (docs/decisions/028-sync-speed.md).
 */
export const GZIP_LEVEL = 1;

/** Whether an Accept-Encoding header takes gzip (by name or `*`, with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name?.trim() !== 'gzip' && name?.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * A JSON answer, gzipped when the client takes gzip and the text is at least `threshold`
 * characters. The text is compressed in one piece on libuv's thread pool and sent with its
 * Content-Length; compressing here rather than in a middleware spares reading the answer back
 * out of a Response.
 */
export async function jsonAnswer(
  text: string,
  acceptEncoding: string | undefined,
  threshold = GZIP_THRESHOLD,
): Promise<HotAnswer> {
  const headers = { 'content-type': 'application/json', vary: 'Accept-Encoding' };
  if (text.length < threshold || !acceptsGzip(acceptEncoding)) return { body: text, headers };
  const zipped = await gzipAsync(text, { level: GZIP_LEVEL });
  return {
    body: new Uint8Array(zipped.buffer as ArrayBuffer, zipped.byteOffset, zipped.byteLength),
    headers: { ...headers, 'content-encoding': 'gzip' },
  };
}
