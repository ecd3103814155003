import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { TicketDto } from '@ecu/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../db/schema';
import { type S3Settings, s3ClientConfig } from '../platform/s3-file-storage';
import { type TestUser, verifiedUser } from '../test/factories';
import { BUCKET, type ListPartsShim, startTestS3, type TestS3 } from '../test/s3-server';
import { startTestServer, type TestServer } from '../test/test-server';
import {
  bytesAccepted,
  createTusUpload,
  download,
  fileBytes,
  MiB,
  patchTusUpload,
  postTicket,
  sha256,
  startTus,
  ticketFields,
  ticketForm,
  tusUpload,
  uploadRow,
} from '../test/ticket-helpers';
import { sweepExpiredUploads } from './cleanup';

const SIZE = 6 * MiB;
const CHUNK = 5 * MiB;

let store: TestS3;
let shim: ListPartsShim;
let settings: S3Settings;
let s3: S3Client;
let server: TestServer;
let tuner: TestUser;

async function objectBytes(key: string): Promise<Buffer> {
  const res = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return Buffer.from(await res.Body!.transformToByteArray());
}

/** Whether an object exists in the bucket (HeadObject answers 404 otherwise). */
async function exists(key: string): Promise<boolean> {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    return true;
  } catch (err) {
    if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw err;
  }
}

async function keysUnder(prefix: string): Promise<string[]> {
  const res = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (res.Contents ?? []).map((o) => o.Key!);
}

beforeAll(async () => {
  store = await startTestS3();
  shim = store.shim;
  settings = store.settings;
  s3 = new S3Client(s3ClientConfig(settings));
  server = await startTestServer({ env: store.env });
  tuner = await verifiedUser(server);
}, 60_000);

afterAll(async () => {
  await server?.close();
  s3?.destroy();
  await store?.close();
});

describe('S3 object storage (S3_* settings)', () => {
  let finished: { uploadId: string; bytes: Buffer } | undefined;

  it('reads the S3 settings into the config', () => {
    expect(server.config.s3).toEqual(settings);
  });

  it('stores a 6 MB tus upload sent in 5 MiB chunks in the bucket, with the SHA-256 of the source', async () => {
    const bytes = fileBytes(SIZE);
    const out = await tusUpload(tuner.client, bytes, {
      metadata: { filename: 'golf-tdi.bin', purpose: 'ecu' },
      chunkSize: CHUNK,
    });
    expect(out.exchanges.filter((e) => e.method === 'PATCH')).toHaveLength(2);
    expect(out.sha256Header).toBe(sha256(bytes));
    const row = await uploadRow(server.deps.db, out.uploadId);
    expect(row).toMatchObject({
      status: 'complete',
      size: SIZE,
      sha256: sha256(bytes),
      storageKey: `uploads/${out.uploadId}`,
    });
    // The object in the bucket is the file, byte for byte; nothing went to DATA_DIR.
    expect(sha256(await objectBytes(out.uploadId))).toBe(sha256(bytes));
    expect(await server.deps.storage.size(`uploads/${out.uploadId}`)).toBe(SIZE);
    expect(await readdir(path.join(server.config.dataDir, 'uploads')).catch(() => [])).toEqual([]);
    expect(shim.listPartsAnswered).toBeGreaterThan(0);
    finished = { uploadId: out.uploadId, bytes };
  }, 60_000);

  it('resumes an upload interrupted after the first chunk from the server offset', async () => {
    const bytes = fileBytes(SIZE);
    const first = startTus(tuner.client, bytes, { chunkSize: CHUNK });
    let chunksDone = 0;
    // Stop once the server accepted the first chunk, before the second PATCH goes out.
    first.upload.options.onChunkComplete = () => {
      chunksDone += 1;
      void first.upload.abort();
    };
    await expect.poll(() => chunksDone, { timeout: 30_000 }).toBe(1);
    await expect(
      Promise.race([first.done, new Promise((r) => setTimeout(() => r('stopped'), 300))]),
    ).resolves.toBe('stopped');
    expect(first.exchanges.filter((e) => e.method === 'PATCH').map((e) => e.answeredOffset)).toEqual([CHUNK]);
    const uploadUrl = first.upload.url!;
    expect(uploadUrl).toBeTruthy();

    const second = startTus(tuner.client, bytes, { uploadUrl, chunkSize: CHUNK });
    const done = await second.done;
    const exchanges = second.exchanges;
    expect(exchanges[0]?.method).toBe('HEAD');
    expect(exchanges.some((e) => e.method === 'POST')).toBe(false);
    const resumedAt = exchanges.find((e) => e.method === 'PATCH')?.sentOffset;
    expect(resumedAt).toBe(exchanges[0]?.answeredOffset);
    expect(resumedAt).toBe(CHUNK);
    expect(bytesAccepted(exchanges)).toBe(SIZE - resumedAt!);
    expect(done.sha256Header).toBe(sha256(bytes));
    expect((await uploadRow(server.deps.db, done.uploadId))?.sha256).toBe(sha256(bytes));
    expect(sha256(await objectBytes(done.uploadId))).toBe(sha256(bytes));
  }, 60_000);

  it('creates a ticket naming the finished upload; its file url answers the same bytes', async () => {
    expect(finished).toBeDefined();
    const res = await postTicket(tuner.client, {
      ...ticketFields({ registration: 'S3 TUS 1' }),
      ecuFileUploadId: finished!.uploadId,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.ecuFile).toMatchObject({
      name: 'golf-tdi.bin',
      size: SIZE,
      sha256: sha256(finished!.bytes),
    });
    const file = await download(tuner.client, res.body.data.ecuFile!.url);
    expect(file.status).toBe(200);
    expect(file.bytes.length).toBe(SIZE);
    expect(sha256(file.bytes)).toBe(sha256(finished!.bytes));
    expect((await uploadRow(server.deps.db, finished!.uploadId))?.status).toBe('attached');
  }, 60_000);

  it('stores the file of a multipart create-ecuFile in the bucket, nothing in DATA_DIR/files', async () => {
    // Over lib-storage's 5 MiB part size, so the write goes up as a multipart upload.
    const ecu = fileBytes(SIZE);
    const before = await keysUnder('files/');
    const res = await tuner.client.request<TicketDto>('POST', '/api/ecuFile/create-ecuFile', {
      body: ticketForm(ticketFields({ registration: 'S3 MP 1', options: 'EGR OFF, IMMO OFF' }), {
        ecuFile: { bytes: ecu, name: 'read.bin' },
      }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.ecuFile).toMatchObject({ name: 'read.bin', size: SIZE, sha256: sha256(ecu) });
    const added = (await keysUnder('files/')).filter((k) => !before.includes(k));
    expect(added).toHaveLength(1);
    expect(sha256(await objectBytes(added[0]!))).toBe(sha256(ecu));
    expect(await readdir(path.join(server.config.dataDir, 'files')).catch(() => [])).toEqual([]);
    const file = await download(tuner.client, res.body.data.ecuFile!.url);
    expect(file.status).toBe(200);
    expect(sha256(file.bytes)).toBe(sha256(ecu));
  }, 60_000);

  it("sweeps an expired unattached upload's objects (finished and unfinished) from the bucket", async () => {
    const done = await tusUpload(tuner.client, fileBytes(2000));
    const created = await createTusUpload(tuner.client, 3000);
    expect(created.status, created.text).toBe(201);
    const partialPath = new URL(created.headers.get('location')!, server.url).pathname;
    const partialId = partialPath.split('/').pop()!;
    const patched = await patchTusUpload(tuner.client, partialPath, 0, fileBytes(3000).subarray(0, 1200));
    expect(patched.status, patched.text).toBe(204);
    const fresh = await tusUpload(tuner.client, fileBytes(500));

    expect(await exists(done.uploadId)).toBe(true);
    expect(await exists(`${done.uploadId}.info`)).toBe(true);
    expect(await exists(`${partialId}.info`)).toBe(true);
    expect(await exists(`${partialId}.part`)).toBe(true);
    const partialUploadId = (
      await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `${partialId}.info` }))
    ).Metadata?.['upload-id'];
    expect(partialUploadId).toBeTruthy();

    for (const id of [done.uploadId, partialId]) {
      await server.deps.db
        .update(uploads)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(uploads.id, id));
    }
    expect(await sweepExpiredUploads(server.deps)).toBe(2);

    for (const key of [done.uploadId, `${done.uploadId}.info`, `${partialId}.info`, `${partialId}.part`]) {
      expect(await exists(key), key).toBe(false);
    }
    expect(shim.aborted.has(partialUploadId!)).toBe(true);
    expect(await uploadRow(server.deps.db, partialId)).toBeUndefined();
    // The fresh upload and the attached one stay.
    expect(await exists(fresh.uploadId)).toBe(true);
    expect(await exists(finished!.uploadId)).toBe(true);
    const hash = createHash('sha256')
      .update(await objectBytes(fresh.uploadId))
      .digest('hex');
    expect((await uploadRow(server.deps.db, fresh.uploadId))?.sha256).toBe(hash);
  }, 60_000);
});
