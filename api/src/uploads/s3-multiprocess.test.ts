import { randomBytes } from 'node:crypto';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { TicketDto } from '@ecu/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { redisReady } from '../platform/redis';
import { s3ClientConfig } from '../platform/s3-file-storage';
import { eventually, onServer, verifiedUserFromRandomIp } from '../test/chat-helpers';
import type { TestUser } from '../test/factories';
import { TestRedis } from '../test/redis-server';
import { BUCKET, startTestS3, type TestS3 } from '../test/s3-server';
import { openTestDatabase } from '../test/test-db';
import { startTestServer, type TestServer } from '../test/test-server';
import {
  createTusUpload,
  download,
  fileBytes,
  MiB,
  patchTusUpload,
  postTicket,
  sha256,
  slowTusPatch,
  ticketFields,
  uploadRow,
} from '../test/ticket-helpers';

/**
 * Two API servers on one S3 bucket (s3rver), one database and one Redis, as two processes
 * behind a balancer: tus's upload metadata and locks are shared through Redis
 * (docs/decisions/072-redis-outage.md), so an upload's requests may go to either.
 */
let s3: TestS3;
let s3Client: S3Client;
let redis: TestRedis;
let peek: Redis;
let database: Database;
let serverA: TestServer;
let serverB: TestServer;
let tuner: TestUser;

beforeAll(async () => {
  s3 = await startTestS3();
  s3Client = new S3Client(s3ClientConfig(s3.settings));
  redis = await TestRedis.start();
  peek = new Redis(redis.url);
  peek.on('error', () => {}); // Redis is killed in the last case
  database = await openTestDatabase();
  const env = { ...s3.env, REDIS_URL: redis.url, AUTH_SECRET: randomBytes(32).toString('hex') };
  serverA = await startTestServer({ database, env });
  serverB = await startTestServer({
    database,
    // One mailbox: a mail queued on A may be delivered by B's worker.
    env: { ...env, SMTP_URL: serverA.smtp.url },
  });
  tuner = await verifiedUserFromRandomIp(serverA);
}, 60_000);
afterAll(async () => {
  await serverA?.close();
  await serverB?.close();
  await database?.close();
  peek?.disconnect();
  await redis?.kill();
  s3Client?.destroy();
  await s3?.close();
});

async function newUpload(size: number): Promise<{ id: string; uploadPath: string }> {
  const created = await createTusUpload(tuner.client, size);
  expect(created.status, created.text).toBe(201);
  const uploadPath = new URL(created.headers.get('location')!, serverA.url).pathname;
  return { id: uploadPath.split('/').pop()!, uploadPath };
}

async function objectBytes(key: string): Promise<Buffer> {
  const res = await s3Client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return Buffer.from(await res.Body!.transformToByteArray());
}

/** A PATCH whose headers go now and whose body waits for `send` (a slow client). */
function slowPatch(server: TestServer, uploadPath: string, offset: number, bytes: Buffer) {
  return slowTusPatch(onServer(tuner.client, server), server.url, uploadPath, offset, bytes);
}

describe('tus on S3 with two servers', () => {
  it('takes chunks alternating between the servers: the right SHA-256 and one ticket', async () => {
    const chunk = 1 * MiB;
    const bytes = fileBytes(3 * chunk + 12_345);
    const { id, uploadPath } = await newUpload(bytes.length);
    // The upload's metadata is in Redis, for both servers to read.
    expect(await peek.exists(`tus-meta:${id}`)).toBe(1);

    let last: Awaited<ReturnType<typeof patchTusUpload>> | undefined;
    for (let offset = 0, i = 0; offset < bytes.length; offset += chunk, i++) {
      const client = onServer(tuner.client, i % 2 === 0 ? serverB : serverA);
      const head = await client.request('HEAD', uploadPath, { headers: { 'Tus-Resumable': '1.0.0' } });
      expect(head.headers.get('upload-offset')).toBe(String(offset));
      last = await patchTusUpload(client, uploadPath, offset, bytes.subarray(offset, offset + chunk));
      expect(last.status, last.text).toBe(204);
    }
    expect(last?.headers.get('upload-sha256')).toBe(sha256(bytes));
    expect(sha256(await objectBytes(id))).toBe(sha256(bytes));
    expect(await uploadRow(database.db, id)).toMatchObject({ status: 'complete', sha256: sha256(bytes) });
    // The finished upload's entry is gone from the shared cache.
    expect(await peek.exists(`tus-meta:${id}`)).toBe(0);

    const registration = `S3 MP ${randomBytes(2).toString('hex')}`;
    const res = await postTicket(onServer(tuner.client, serverB), {
      ...ticketFields({ registration }),
      ecuFileUploadId: id,
      commonFileUploadIds: [],
    });
    expect(res.status, res.text).toBe(201);
    // The same upload cannot make a second ticket, on either server.
    const again = await postTicket(tuner.client, {
      ...ticketFields({ registration }),
      ecuFileUploadId: id,
      commonFileUploadIds: [],
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    const mine = await onServer(tuner.client, serverA).get<TicketDto[]>('/api/ecuFile/my-files');
    expect(mine.status).toBe(200);
    expect(mine.body.data).toHaveLength(1);
    const file = await download(onServer(tuner.client, serverA), res.body.data.ecuFile!.url);
    expect(file.status).toBe(200);
    expect(sha256(file.bytes)).toBe(sha256(bytes));
  });

  it('holds the lock of an upload in Redis: two PATCHes at one offset, one per server, cannot both succeed', async () => {
    const size = 64 * 1024;
    const { id, uploadPath } = await newUpload(size);
    const fromA = fileBytes(size);
    const fromB = fileBytes(size);
    // A's PATCH takes the lock and waits for its body; B's comes meanwhile, whole.
    const a = slowPatch(serverA, uploadPath, 0, fromA);
    await eventually(async () => (await peek.exists(`tus-lock:${id}`)) === 1);
    const b = slowPatch(serverB, uploadPath, 0, fromB);
    b.send();
    a.send();
    const statuses = await Promise.all([a.status, b.status]);
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);
    const winner = statuses[0] === 204 ? fromA : fromB;
    expect(sha256(await objectBytes(id))).toBe(sha256(winner));
    expect(await uploadRow(database.db, id)).toMatchObject({ status: 'complete', sha256: sha256(winner) });
  });

  it('goes on taking an upload while Redis is away (locks in the database, metadata from S3)', async () => {
    const chunk = 1 * MiB;
    const bytes = fileBytes(2 * chunk + 4_321);
    const { id, uploadPath } = await newUpload(bytes.length);
    const first = await patchTusUpload(
      onServer(tuner.client, serverB),
      uploadPath,
      0,
      bytes.subarray(0, chunk),
    );
    expect(first.status, first.text).toBe(204);

    await redis.kill();
    await eventually(() => !redisReady(serverA.deps.redis!) && !redisReady(serverB.deps.redis!));
    try {
      const onA = onServer(tuner.client, serverA);
      const head = await onA.request('HEAD', uploadPath, { headers: { 'Tus-Resumable': '1.0.0' } });
      expect(head.headers.get('upload-offset')).toBe(String(chunk));
      const second = await patchTusUpload(onA, uploadPath, chunk, bytes.subarray(chunk, 2 * chunk));
      expect(second.status, second.text).toBe(204);
      const last = await patchTusUpload(
        onServer(tuner.client, serverB),
        uploadPath,
        2 * chunk,
        bytes.subarray(2 * chunk),
      );
      expect(last.status, last.text).toBe(204);
      expect(last.headers.get('upload-sha256')).toBe(sha256(bytes));
      expect(sha256(await objectBytes(id))).toBe(sha256(bytes));
      expect(await uploadRow(database.db, id)).toMatchObject({ status: 'complete', sha256: sha256(bytes) });
    } finally {
      await redis.restart();
    }
  });
});
