import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, rmdir, statfs, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUT_OF_STORAGE_MESSAGE } from '../http/app-error';
import { adminUser, type TestUser, verifiedUser } from '../test/factories';
import type { ApiResponse } from '../test/http-client';
import { recordingLogger } from '../test/recording-logger';
import { startTestServer, type TestServer } from '../test/test-server';
import {
  createTusUpload,
  download,
  fileBytes,
  MiB,
  patchTusUpload,
  sha256,
  submitTicket,
  ticketFields,
  ticketForm,
} from '../test/ticket-helpers';

/**
 * The file store on a real file system that fills up: an 8 MiB tmpfs mounted as DATA_DIR (the
 * tests run as root, here and in CI). An upload that does not fit answers 507 in the envelope,
 * on tus and on the multipart form; the server stays up, earlier files stay whole, an admin
 * sees the disk nearly full, and uploads work again once room is freed
 * (docs/decisions/071-faults-answer-503-and-507.md).
 */

const DISK_BYTES = 8 * MiB;
let mountDir: string;
let server: TestServer;
let tuner: TestUser;
let operator: TestUser;
const log = recordingLogger();
const fillers: string[] = [];

/** What a write may still use on the mounted disk. */
async function freeBytes(): Promise<number> {
  const fs = await statfs(mountDir);
  return fs.bavail * fs.bsize;
}

/** Writes a file that leaves about `leave` bytes free on the disk. */
async function fillLeaving(leave: number): Promise<void> {
  const file = path.join(mountDir, `filler-${fillers.length}`);
  fillers.push(file);
  await writeFile(file, Buffer.alloc(Math.max(0, (await freeBytes()) - leave)));
}

async function freeAll(): Promise<void> {
  await Promise.all(fillers.splice(0).map((file) => rm(file, { force: true })));
}

function expectOutOfStorage(res: ApiResponse<unknown>) {
  expect(res.status, res.text).toBe(507);
  expect(res.headers.get('content-type')).toContain('application/json');
  expect(res.body).toEqual({
    success: false,
    message: OUT_OF_STORAGE_MESSAGE,
    errors: [],
    code: 'insufficient_storage',
  });
}

function tusPath(res: ApiResponse<unknown>): string {
  const location = res.headers.get('location');
  if (res.status !== 201 || !location) throw new Error(`tus creation: ${res.status} ${res.text}`);
  return new URL(location, 'http://x').pathname;
}

beforeAll(async () => {
  mountDir = await mkdtemp(path.join(os.tmpdir(), 'ecu-full-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_BYTES}`, 'tmpfs', mountDir]);
  server = await startTestServer({ logger: log, env: { DATA_DIR: mountDir } });
  tuner = await verifiedUser(server);
  operator = await adminUser(server);
});

afterAll(async () => {
  await server?.close();
  if (mountDir) {
    execFileSync('umount', [mountDir]);
    await rmdir(mountDir);
  }
});

describe('a file store that fills up', () => {
  let earlier: Awaited<ReturnType<typeof submitTicket>>;
  let cutUpload: { path: string; bytes: Buffer } | undefined;

  it('takes files while there is room', async () => {
    earlier = await submitTicket(tuner.client, { ecuSize: MiB });
    const overview = await operator.client.get('/api/admin/overview');
    expect(overview.status).toBe(200);
    expect(overview.body.data.storage).toMatchObject({ totalBytes: DISK_BYTES, nearlyFull: false });
  });

  it('refuses a tus upload that cannot fit with 507, before a byte of it is written', async () => {
    await fillLeaving(512 * 1024);
    expectOutOfStorage(await createTusUpload(tuner.client, MiB));
  });

  it('answers 507 when the disk fills up under a tus upload, and keeps what was stored', async () => {
    await freeAll();
    await fillLeaving(1536 * 1024);
    const bytes = fileBytes(MiB);
    const created = await createTusUpload(tuner.client, bytes.length);
    const uploadPath = tusPath(created);
    // Another writer takes the room while the client is still sending.
    await fillLeaving(256 * 1024);
    expectOutOfStorage(await patchTusUpload(tuner.client, uploadPath, 0, bytes));
    cutUpload = { path: uploadPath, bytes };
  });

  it('answers a multipart ticket that does not fit 507, not 400', async () => {
    const form = ticketForm(ticketFields({ clientId: crypto.randomUUID() }), {
      ecuFile: { bytes: fileBytes(MiB), name: 'full.bin' },
    });
    expectOutOfStorage(await tuner.client.request('POST', '/api/ecuFile/create-ecuFile', { body: form }));
  });

  it('stays up, and the earlier files download whole', async () => {
    expect((await tuner.client.get('/api/health')).status).toBe(200);
    const file = await download(tuner.client, earlier.ticket.ecuFile!.url);
    expect(file.status).toBe(200);
    expect(sha256(file.bytes)).toBe(sha256(earlier.ecuBytes));
  });

  it('shows the admin the disk nearly full on Overview, and says so in the log', async () => {
    const overview = await operator.client.get('/api/admin/overview');
    expect(overview.status).toBe(200);
    const storage = overview.body.data.storage;
    expect(storage).toMatchObject({ totalBytes: DISK_BYTES, nearlyFull: true });
    expect(storage.usedPercent).toBeGreaterThanOrEqual(90);
    expect(log.lines.some((line) => line.includes('The file store is nearly full'))).toBe(true);
    // Nothing of it was an unexpected failure.
    expect(log.lines.filter((line) => /failed:/.test(line))).toEqual([]);
  });

  it('takes uploads again once room is freed: the cut upload resumes, new ones go through', async () => {
    await freeAll();
    expect(cutUpload).toBeDefined();
    const { path: uploadPath, bytes } = cutUpload!;
    const head = await tuner.client.request('HEAD', uploadPath, { headers: { 'Tus-Resumable': '1.0.0' } });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeLessThan(bytes.length);
    const rest = await patchTusUpload(tuner.client, uploadPath, offset, bytes.subarray(offset));
    expect(rest.status, rest.text).toBe(204);
    expect(rest.headers.get('upload-sha256')).toBe(sha256(bytes));

    const again = await submitTicket(tuner.client, { ecuSize: MiB });
    expect(again.ticket.ecuFile?.sha256).toBe(sha256(again.ecuBytes));
    const form = ticketForm(ticketFields({ clientId: crypto.randomUUID() }), {
      ecuFile: { bytes: fileBytes(MiB), name: 'room-again.bin' },
    });
    const multipart = await tuner.client.request('POST', '/api/ecuFile/create-ecuFile', { body: form });
    expect(multipart.status, multipart.text).toBe(201);

    const overview = await operator.client.get('/api/admin/overview');
    expect(overview.body.data.storage.nearlyFull).toBe(false);
    expect(log.lines.some((line) => line.includes('The file store has room again'))).toBe(true);
  });
});
