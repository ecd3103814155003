import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Below this an answer goes as it is: gzip would add more than it saves. */
export const GZIP_THRESHOLD = 1024;
/**
 * zlib's fastest level: a full page of tickets (about 1 MB of JSON) shrinks to about a
 * seventh in a few milliseconds, off the event loop; higher levels cost up to twice that for
 * a few per cent less (docs/decisions/028-sync-speed.md).
 */
export const GZIP_LEVEL = 1;

/**
 * Brotli's quality 1: on a full page of tickets (about 770 KB of JSON) it took about 1.1 ms
 * and wrote 110 KB, where gzip's level 1 took 2.5-4 ms for 122 KB (measured with
 * zlib.brotliCompressSync and gzipSync on this machine).
 */
export const BROTLI_QUALITY = 1;

/** The codings an Accept-Encoding header names with a q above 0 (lower case). */
function namedCodings(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return q === undefined || Number(q.slice(2)) > 0 ? (name?.trim() ?? '') : '';
    })
    .filter(Boolean);
}

const takesGzip = (named: string[]) => named.includes('gzip') || named.includes('*');
// `*` alone does not count for br, as a client that has never heard of it may send it.
const takesBrotli = (named: string[]) => named.includes('br');

/** Whether an Accept-Encoding header takes gzip (by name or `*`, with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  return takesGzip(namedCodings(header));
}

/**
 * Whether an Accept-Encoding header names br (with a q above 0): browsers name it over
 * HTTPS.
 */
export function acceptsBrotli(header: string | undefined): boolean {
  return takesBrotli(namedCodings(header));
}

/**
 * zlib's output buffer for an answer of `length` bytes: a quarter of it (JSON shrinks to about
 * a seventh at these levels), so a whole page is written in one pass on the thread pool. With
 * zlib's default of 16 KiB each 16 KiB written was a hop to the thread pool and back: 4.5-7 ms
 * against 3 for a page of 770 KB (docs/decisions/052-fewer-copies.md).
 */
export function outputChunkSize(length: number): number {
  return Math.min(Math.max(16 * 1024, Math.ceil(length / 4)), 4 * 1024 * 1024);
}

/** A JSON answer's body and headers, for Hono's `c.body`. */
export interface JsonAnswer {
  body: string | Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
}

/** A Buffer as the answer's bytes (a Uint8Array over an ArrayBuffer, as `c.body` takes). */
function bytesOf(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
}

/**
 * A JSON answer, compressed when the client takes brotli (preferred: faster here and smaller)
 * or gzip and it is at least `threshold` characters (or bytes). It is compressed in one piece
 * on libuv's thread pool and sent with its Content-Length; compressing here rather than in a
 * middleware spares reading the answer back out of a Response. A large answer is best given
 * as bytes: V8 joins a long text several times slower than Buffer.concat joins its bytes.
 */
export async function jsonAnswer(
  json: string | Buffer,
  acceptEncoding: string | undefined,
  threshold = GZIP_THRESHOLD,
): Promise<JsonAnswer> {
  const headers = { 'content-type': 'application/json', vary: 'Accept-Encoding' };
  const asIs = typeof json === 'string' ? json : bytesOf(json);
  const length = json.length;
  if (length < threshold) return { body: asIs, headers };
  const named = namedCodings(acceptEncoding);
  const chunkSize = outputChunkSize(length);
  let coding: 'br' | 'gzip';
  let packed: Buffer;
  if (takesBrotli(named)) {
    coding = 'br';
    packed = await brotliAsync(json, {
      chunkSize,
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        // A hint: the length, without a pass over a text to count its UTF-8 bytes.
        [constants.BROTLI_PARAM_SIZE_HINT]: length,
      },
    });
  } else if (takesGzip(named)) {
    coding = 'gzip';
    packed = await gzipAsync(json, { level: GZIP_LEVEL, chunkSize });
  } else {
    return { body: asIs, headers };
  }
  return { body: bytesOf(packed), headers: { ...headers, 'content-encoding': coding } };
}
