import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsBrotli, acceptsGzip, jsonAnswer, outputChunkSize } from './compress';

describe('acceptsGzip', () => {
  it.each([
    ['gzip', true],
    ['gzip, deflate, br', true],
    ['br;q=1.0, GZIP;q=0.5', true],
    ['*', true],
    ['gzip;q=0', false],
    ['deflate, br', false],
    ['identity', false],
    ['x-gzip-ish', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe('acceptsBrotli', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, GZIP;q=0.5', true],
    ['BR', true],
    ['br;q=0, gzip', false],
    ['*', false],
    ['gzip, deflate', false],
    ['brotli', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (header, expected) => {
    expect(acceptsBrotli(header)).toBe(expected);
  });
});

describe('jsonAnswer', () => {
  const text = JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => ({ id: i, make: 'BMW' })) });
  const bytes = (body: string | Uint8Array) => Buffer.from(body as Uint8Array);

  it.each([
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
    ['*', 'gzip', gunzipSync],
  ] as const)('answers %s with %s that reads back the same', async (accept, coding, decode) => {
    const answer = await jsonAnswer(text, accept);
    expect(answer.headers).toMatchObject({ 'content-encoding': coding, vary: 'Accept-Encoding' });
    const packed = bytes(answer.body);
    expect(packed.byteLength).toBeLessThan(text.length / 4);
    expect(decode(packed).toString()).toBe(text);
  });

  it('takes the answer as bytes too, compressed or as it is', async () => {
    const answer = await jsonAnswer(Buffer.from(text), 'gzip');
    expect(gunzipSync(bytes(answer.body)).toString()).toBe(text);
    const plain = await jsonAnswer(Buffer.from(text), 'identity');
    expect(plain.headers).not.toHaveProperty('content-encoding');
    expect(bytes(plain.body).toString()).toBe(text);
  });

  it('gives zlib room for the whole answer in one pass, within bounds', () => {
    expect(outputChunkSize(100)).toBe(16 * 1024);
    expect(outputChunkSize(800_000)).toBe(200_000);
    expect(outputChunkSize(1e9)).toBe(4 * 1024 * 1024);
  });

  it('sends the text as it is to a client that takes neither, or when it is short', async () => {
    expect((await jsonAnswer(text, 'identity')).body).toBe(text);
    expect((await jsonAnswer(text, undefined)).headers).not.toHaveProperty('content-encoding');
    expect((await jsonAnswer('{"a":1}', 'br')).body).toBe('{"a":1}');
  });
});
