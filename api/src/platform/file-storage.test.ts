import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileStorage, localFileStorage } from './file-storage';
import { ensureBucket, type S3Settings, s3FileStorage } from './s3-file-storage';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
// s3rver ships no types; its CommonJS default export is the server class.
const S3rver = createRequire(import.meta.url)('s3rver') as new (o: Record<string, unknown>) => S3rverInstance;

let dir: string;
let s3rver: S3rverInstance;
const stores: Record<string, FileStorage> = {};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ecu-file-storage-'));
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, directory: path.join(dir, 's3'), silent: true });
  const { port } = await s3rver.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'ranges',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  await ensureBucket(settings);
  stores.disk = localFileStorage(path.join(dir, 'disk'));
  stores.s3 = s3FileStorage(settings);
});
afterAll(async () => {
  await s3rver?.close().catch(() => {});
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(['disk', 's3'])('a ranged read from the %s store', (name) => {
  const file = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) & 0xff));

  it('gives the bytes of [start, end) only, up to the end of the file', async () => {
    const storage = stores[name]!;
    const key = `files/ranged-read-${name}`;
    await storage.write(key, Readable.from([file]));
    // Not [0, 1): s3rver (unlike S3) answers 'bytes=0-0' with the whole object.
    const cases: [number, number][] = [
      [1, 2],
      [0x1000, 0x1400],
      [65_530, 65_545],
      [299_990, 300_000],
      [0, 300_000],
    ];
    for (const [start, end] of cases) {
      const got = await bytesOf(storage.read(key, { start, end }));
      expect([start, got.length, Buffer.compare(got, file.subarray(start, end))]).toEqual([
        start,
        end - start,
        0,
      ]);
    }
    expect((await bytesOf(storage.read(key, { start: 10, end: 10 }))).length).toBe(0);
    expect(Buffer.compare(await bytesOf(storage.read(key)), file)).toBe(0);
    await storage.remove(key);
  });
});
