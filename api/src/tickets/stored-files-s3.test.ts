import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { TicketDto } from '@ecu/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketFiles } from '../db/schema';
import { type S3Settings, s3ClientConfig } from '../platform/s3-file-storage';
import { adminUser, type TestUser, verifiedUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import {
  download,
  fileBytes,
  setStatus,
  sha256,
  ticketFields,
  ticketForm,
  uploadTunedMultipart,
} from '../test/ticket-helpers';
import { deleteTickets } from './stored-files';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
// s3rver ships no types; its CommonJS default export is the server class.
const S3rver = createRequire(import.meta.url)('s3rver') as new (
  options: Record<string, unknown>,
) => S3rverInstance;

const BUCKET = 'ecu-shared-bytes';
let s3Dir: string;
let s3rver: S3rverInstance;
let s3: S3Client;
let server: TestServer;
let tuner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(os.tmpdir(), 'ecu-s3rver-'));
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3rver.run();
  // Small files only: single PUTs, so s3rver needs no ListParts shim here.
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: BUCKET,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  s3 = new S3Client(s3ClientConfig(settings));
  server = await startTestServer({
    env: {
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: settings.bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    },
  });
  [tuner, admin] = await Promise.all([verifiedUser(server), adminUser(server)]);
}, 60_000);

afterAll(async () => {
  await server?.close();
  s3?.destroy();
  await s3rver?.close().catch(() => {});
  if (s3Dir) await rm(s3Dir, { recursive: true, force: true });
});

async function objects(): Promise<string[]> {
  const res = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (res.Contents ?? []).map((o) => o.Key!).sort();
}

describe('shared stored bytes in an S3 bucket', () => {
  it('a revision adds no object; its file outlives the parent; deleting both removes the object', async () => {
    const ecuBytes = fileBytes(4096);
    // Multipart, not tus: s3rver lacks ListParts, which tus's S3 store asks for.
    const created = await tuner.client.request<TicketDto>('POST', '/api/ecuFile/create-ecuFile', {
      body: ticketForm(ticketFields({ registration: 'S3 REV 1' }), {
        ecuFile: { bytes: ecuBytes, name: 'read.bin' },
      }),
    });
    expect(created.status, created.text).toBe(201);
    const parent = { ticket: created.body.data };
    const tuned = await uploadTunedMultipart(admin.client, parent.ticket.ticketNumber, {
      bytes: fileBytes(1000),
      name: 'tuned.bin',
    });
    expect(tuned.status).toBe(200);
    await setStatus(admin.client, parent.ticket._id, 'Completed');
    const before = await objects();
    const res = await tuner.client.post<TicketDto>('/api/ecuFile/request-change', {
      parentTicketNumber: parent.ticket.ticketNumber,
      stage: 'Eco',
      options: ['DTC OFF'],
    });
    expect(res.status, res.text).toBe(201);
    expect(await objects()).toEqual(before);

    const [ecu] = await server.deps.db
      .select({ storageKey: ticketFiles.storageKey })
      .from(ticketFiles)
      .where(and(eq(ticketFiles.ticketId, parent.ticket._id), eq(ticketFiles.kind, 'ecu')));
    expect(before).toContain(ecu!.storageKey);
    await deleteTickets(server.deps, [parent.ticket._id]);
    expect(await objects()).toContain(ecu!.storageKey);
    const file = await download(tuner.client, res.body.data.ecuFile!.url);
    expect(file.status).toBe(200);
    expect(sha256(file.bytes)).toBe(sha256(ecuBytes));

    await deleteTickets(server.deps, [res.body.data._id]);
    expect(await objects()).not.toContain(ecu!.storageKey);
  }, 60_000);
});
