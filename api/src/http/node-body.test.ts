import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { nodeBodyStream } from './node-body';

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return chunks;
}

describe('nodeBodyStream', () => {
  it('passes on the very chunks Node read, in order, and ends with the readable', async () => {
    const source = new PassThrough();
    const sent = [Buffer.from('first '), Buffer.alloc(70_000, 7), Buffer.from(' last')];
    const reading = readAll(nodeBodyStream(source));
    for (const chunk of sent) source.write(chunk);
    source.end();
    const got = await reading;
    expect(Buffer.concat(got)).toEqual(Buffer.concat(sent));
    // No copies: each chunk is the Buffer the readable gave.
    expect(got.length).toBe(sent.length);
    got.forEach((chunk, i) => {
      expect(chunk.buffer).toBe(sent[i]!.buffer);
    });
  });

  it('pauses the readable while nobody reads, and resumes it on a read', async () => {
    const source = new PassThrough();
    const stream = nodeBodyStream(source);
    source.write(Buffer.alloc(1024));
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.isPaused()).toBe(true);
    const reader = stream.getReader();
    const first = await reader.read();
    expect(first.value?.byteLength).toBe(1024);
    source.end(Buffer.from('x'));
    const rest: number[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest.push(value.byteLength);
    }
    expect(rest).toEqual([1]);
  });

  it('fails the stream when the request is cut off, and destroys it when cancelled', async () => {
    const cut = new PassThrough();
    const reading = readAll(nodeBodyStream(cut));
    cut.write(Buffer.from('part'));
    cut.destroy(new Error('socket hang up'));
    await expect(reading).rejects.toThrow('socket hang up');

    const source = new PassThrough();
    const stream = nodeBodyStream(source);
    await stream.cancel(new Error('too large'));
    expect(source.destroyed).toBe(true);
  });
});
