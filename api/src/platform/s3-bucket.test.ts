import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ListBucketsCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRuntime } from '../app/build-deps';
import { loadConfig } from '../config';
import { openTestDatabase } from '../test/test-db';
import { ensureBucket, type S3Settings, s3ClientConfig } from './s3-file-storage';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
// s3rver ships no types; its CommonJS default export is the server class.
const S3rver = createRequire(import.meta.url)('s3rver') as new (o: Record<string, unknown>) => S3rverInstance;

let dir: string;
let s3rver: S3rverInstance;
let settings: S3Settings;
let s3: S3Client;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ecu-s3-bucket-'));
  // No bucket configured: as a fresh object store of docker-compose.yml.
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true });
  const { port } = await s3rver.run();
  settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'fresh-bucket',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  s3 = new S3Client(s3ClientConfig(settings));
});
afterAll(async () => {
  s3?.destroy();
  await s3rver?.close().catch(() => {});
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function bucketNames(): Promise<string[]> {
  return ((await s3.send(new ListBucketsCommand({}))).Buckets ?? []).map((b) => b.Name!);
}

describe('the bucket of a fresh object store', () => {
  it('is created when the server starts, once however many processes start together', async () => {
    expect(await bucketNames()).not.toContain(settings.bucket);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dir,
      LOG_LEVEL: 'error',
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: settings.bucket,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    });
    const database = await openTestDatabase();
    try {
      const runtimes = await Promise.all([
        buildRuntime(config, { database: { ...database, close: async () => {} } }),
        buildRuntime(config, { database: { ...database, close: async () => {} } }),
      ]);
      expect((await bucketNames()).filter((n) => n === settings.bucket)).toHaveLength(1);
      // The store works in it.
      const stored = await runtimes[0]!.deps.storage.write(
        'files/bucket-check-1',
        new Blob(['abc']).stream(),
      );
      expect(stored.size).toBe(3);
      for (const runtime of runtimes) await runtime.close();
    } finally {
      await database.close();
    }
  });

  it('ensureBucket leaves an existing bucket alone', async () => {
    await ensureBucket(settings, s3);
    await ensureBucket(settings, s3);
    expect((await bucketNames()).filter((n) => n === settings.bucket)).toHaveLength(1);
  });
});
