import { createHash } from 'node:crypto';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { KvStore } from '@tus/server';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { ByteRange, FileStorage } from './file-storage';

export type S3Settings = NonNullable<Config['s3']>;

const KEY = /^(uploads|files)\/[A-Za-z0-9_-]{8,80}$/;

/**
 * The client settings shared by the file storage and tus's S3Store. Path-style URLs and
 * checksums only where required keep it working with S3-compatible servers.
 */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/**
 * The object key of a storage key. @tus/s3-store has no prefix option: it keeps an upload
 * as the object `<id>` (with `<id>.info` and, while a part is short, `<id>.part`) at the
 * bucket root, so `uploads/<id>` is that object; `files/<id>` is kept as it is.
 */
export function s3ObjectKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Refused storage key ${JSON.stringify(key)}`);
  return key.startsWith('uploads/') ? key.slice('uploads/'.length) : key;
}

function notFound(err: unknown): boolean {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return (
    e?.name === 'NotFound' ||
    e?.name === 'NoSuchKey' ||
    e?.name === 'NoSuchUpload' ||
    e?.Code === 'NoSuchKey' ||
    e?.$metadata?.httpStatusCode === 404
  );
}

/** No answer, or the store's own failure (still starting): worth asking again. */
function unreachable(err: unknown): boolean {
  const status = (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
  return status === undefined || status >= 500;
}

/**
 * Creates the bucket when the store has none of that name (a fresh object store, as in
 * docker-compose.yml); processes starting together create it once. A store still starting
 * is asked again for up to waitMs.
 */
export async function ensureBucket(settings: S3Settings, given?: S3Client, waitMs = 30_000): Promise<void> {
  const client = given ?? new S3Client(s3ClientConfig(settings));
  try {
    await createUnlessThere(client, settings.bucket, waitMs);
  } finally {
    if (!given) client.destroy();
  }
}

async function createUnlessThere(client: S3Client, Bucket: string, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await client.send(new HeadBucketCommand({ Bucket }));
      return;
    } catch (err) {
      if (notFound(err)) {
        try {
          await client.send(new CreateBucketCommand({ Bucket }));
          return;
        } catch (createErr) {
          const name = (createErr as { name?: string }).name;
          if (name === 'BucketAlreadyOwnedByYou' || name === 'BucketAlreadyExists') return;
          throw createErr;
        }
      }
      if (!unreachable(err) || Date.now() >= deadline) throw err;
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
}

/** FileStorage on an S3-compatible bucket (S3_* settings), same keys as the local one. */
export function s3FileStorage(
  settings: S3Settings,
  client = new S3Client(s3ClientConfig(settings)),
): FileStorage {
  const Bucket = settings.bucket;

  async function body(key: string, range?: ByteRange): Promise<Readable> {
    const res = await client.send(
      new GetObjectCommand({
        Bucket,
        Key: s3ObjectKey(key),
        // HTTP ranges are inclusive at both ends.
        ...(range ? { Range: `bytes=${range.start}-${range.end - 1}` } : {}),
      }),
    );
    if (!res.Body) throw new Error(`No body for ${key}`);
    return res.Body as Readable;
  }

  return {
    async write(key, input) {
      const Key = s3ObjectKey(key);
      const hash = createHash('sha256');
      let size = 0;
      const source = input instanceof Readable ? input : Readable.fromWeb(input as never);
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      source.on('error', (err) => counted.destroy(err));
      source.pipe(counted);
      await new Upload({ client, params: { Bucket, Key, Body: counted } }).done();
      if (source.errored) throw source.errored;
      return { size, sha256: hash.digest('hex') };
    },
    read(key, range) {
      if (range && range.end <= range.start) return Readable.from([]);
      const out = new PassThrough();
      body(key, range).then(
        (b) => {
          b.on('error', (err) => out.destroy(err));
          b.pipe(out);
        },
        (err: Error) => out.destroy(err),
      );
      return out;
    },
    async size(key) {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: s3ObjectKey(key) }));
      return head.ContentLength ?? 0;
    },
    async sha256(key) {
      const hash = createHash('sha256');
      await pipeline(await body(key), hash);
      return hash.digest('hex');
    },
    async remove(key) {
      const Key = s3ObjectKey(key);
      const keys = [Key];
      if (key.startsWith('uploads/')) {
        // tus's record of the upload; an unfinished multipart upload is aborted as well.
        keys.push(`${Key}.info`, `${Key}.part`);
        const info = await client
          .send(new HeadObjectCommand({ Bucket, Key: `${Key}.info` }))
          .catch((err: unknown) => {
            if (notFound(err)) return undefined;
            throw err;
          });
        const UploadId = info?.Metadata?.['upload-id'];
        // Best effort: a finished upload has no multipart upload left to abort (NoSuchUpload).
        if (UploadId)
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => {});
      }
      for (const k of keys) {
        try {
          await client.send(new DeleteObjectCommand({ Bucket, Key: k }));
        } catch (err) {
          if (!notFound(err)) throw err;
        }
      }
    },
  };
}

/**
 * tus's store for the same bucket (objects `<id>`, see s3ObjectKey). Expiry is our sweep's
 * (uploads/cleanup.ts), not S3 lifecycle rules on tags. With Redis, the store's cache of each
 * upload's metadata is shared by every process (s3UploadCache).
 */
export async function s3UploadStore(
  settings: S3Settings,
  expirationPeriodInMilliseconds: number,
  redis?: Redis,
) {
  const { S3Store } = await import('@tus/s3-store');
  return new S3Store({
    partSize: 8 * 1024 * 1024,
    expirationPeriodInMilliseconds,
    useTags: false,
    s3ClientConfig: { bucket: settings.bucket, ...s3ClientConfig(settings) },
    ...(redis ? { cache: await s3UploadCache(redis, expirationPeriodInMilliseconds) } : {}),
  });
}

/**
 * The S3 store's metadata cache in Redis (tus's IoRedisKvStore), so that what one process
 * changed (an upload completed or ended) is what the others read, where each process's own
 * memory would keep the old copy (docs/decisions/072-redis-outage.md). It stays a cache:
 * while Redis is away the store reads the upload's `.info` object from S3, and a removal that
 * could not reach Redis is made again when Redis is back. An entry lives as long as an
 * unfinished upload may (uploads/cleanup.ts removes the upload, not its entry).
 */
export async function s3UploadCache<T>(redis: Redis, ttlMs: number): Promise<KvStore<T>> {
  const { IoRedisKvStore } = await import('@tus/server');
  const PREFIX = 'tus-meta:';
  const store = new IoRedisKvStore<T>(redis, PREFIX);
  const pending = new Set<string>();
  redis.on('ready', () => {
    for (const key of pending) {
      store.delete(key).then(
        () => pending.delete(key),
        () => {},
      );
    }
  });
  return {
    get: (key) => (pending.has(key) ? Promise.resolve(undefined) : store.get(key).catch(() => undefined)),
    async set(key, value) {
      pending.delete(key);
      try {
        await store.set(key, value);
        await redis.pexpire(`${PREFIX}${key}`, ttlMs);
      } catch {
        // Not cached: the next read goes to S3.
      }
    },
    async delete(key) {
      try {
        await store.delete(key);
      } catch {
        pending.add(key);
      }
    },
  };
}
