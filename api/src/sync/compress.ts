import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { HotAnswer } from '../http/hot-lane';

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
 * A JSON answer, compressed when the client takes brotli (preferred: faster here and smaller)
 * or gzip and the text is at least `threshold` characters. The text is compressed in one piece
 * on libuv's thread pool and sent with its Content-Length; compressing here rather than in a
 * middleware spares reading the answer back out of a Response.
 */
export async function jsonAnswer(
  text: string,
  acceptEncoding: string | undefined,
  threshold = GZIP_THRESHOLD,
): Promise<HotAnswer> {
  const headers = { 'content-type': 'application/json', vary: 'Accept-Encoding' };
  if (text.length < threshold) return { body: text, headers };
  const named = namedCodings(acceptEncoding);
  let coding: 'br' | 'gzip';
  let packed: Buffer;
  if (takesBrotli(named)) {
    coding = 'br';
    packed = await brotliAsync(text, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        // A hint: the text's length, without a pass over it to count its UTF-8 bytes.
        [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
      },
    });
  } else if (takesGzip(named)) {
    coding = 'gzip';
    packed = await gzipAsync(text, { level: GZIP_LEVEL });
  } else {
    return { body: text, headers };
  }
  return {
    body: new Uint8Array(packed.buffer as ArrayBuffer, packed.byteOffset, packed.byteLength),
    headers: { ...headers, 'content-encoding': coding },
  };
}
