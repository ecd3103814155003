// On S3 the archive holds a listing of the bucket's objects with their SHA-256, not the objects
// (docs/decisions/073-backup-and-restore.md): the bucket keeps its own copies. Loaded only when
// S3 is configured, like the SDK everywhere else (docs/decisions/029-start-and-memory.md).
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, paginateListObjectsV2, S3Client } from '@aws-sdk/client-s3';
import { type S3Settings, s3ClientConfig } from '../platform/s3-file-storage';
import { type FileList, hashing } from './archive';

type ListedObject = FileList['objects'][number];

async function objectDigest(client: S3Client, Bucket: string, Key: string) {
  const res = await client.send(new GetObjectCommand({ Bucket, Key }));
  const hash = hashing();
  hash.resume();
  await pipeline(res.Body as NodeJS.ReadableStream, hash);
  return hash.digest();
}

/** Every object of the bucket, by key, with its size and SHA-256 (each object is read once). */
export async function listBucket(settings: S3Settings): Promise<ListedObject[]> {
  const client = new S3Client(s3ClientConfig(settings));
  try {
    const objects: ListedObject[] = [];
    for await (const page of paginateListObjectsV2({ client }, { Bucket: settings.bucket })) {
      for (const { Key } of page.Contents ?? []) {
        if (Key) objects.push({ key: Key, ...(await objectDigest(client, settings.bucket, Key)) });
      }
    }
    return objects;
  } finally {
    client.destroy();
  }
}

/** The listed objects that the bucket does not hold as listed (missing, or other bytes). */
export async function missingObjects(settings: S3Settings, listed: ListedObject[]): Promise<string[]> {
  const client = new S3Client(s3ClientConfig(settings));
  try {
    const missing: string[] = [];
    for (const object of listed) {
      const found = await objectDigest(client, settings.bucket, object.key).catch(() => undefined);
      if (found?.sha256 !== object.sha256) missing.push(object.key);
    }
    return missing;
  } finally {
    client.destroy();
  }
}
