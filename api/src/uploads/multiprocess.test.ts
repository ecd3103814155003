import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { onServer, verifiedUserFromRandomIp } from '../test/chat-helpers';
import type { TestUser } from '../test/factories';
import { openTestDatabase } from '../test/test-db';
import { startTestServer, type TestServer } from '../test/test-server';
import {
  createTusUpload,
  download,
  fileBytes,
  patchTusUpload,
  postTicket,
  sha256,
  slowTusPatch,
  ticketFields,
  uploadRow,
} from '../test/ticket-helpers';

/**
 * Two API servers on one database and one DATA_DIR, as two processes behind a balancer:
 * tus's upload lock must hold across both (docs/decisions/025-files-and-local-data.md). With
 * REDIS_URL the lock is Redis's; without it, PostgreSQL's advisory locks (on api-pglite, one
 * PGlite cannot serve two processes, so both servers share it and one process's lock).
 */
describe.each([
  ['with REDIS_URL', { REDIS_URL: 'redis://127.0.0.1:6379' }],
  ['without REDIS_URL', { REDIS_URL: undefined }],
])('tus on two servers %s', (_label, redisEnv) => {
  let database: Database;
  let dataDir: string;
  let serverA: TestServer;
  let serverB: TestServer;
  let tuner: TestUser;

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ecu-shared-data-'));
    const env = { ...redisEnv, DATA_DIR: dataDir, AUTH_SECRET: randomBytes(32).toString('hex') };
    serverA = await startTestServer({ database, env });
    serverB = await startTestServer({ database, env });
    tuner = await verifiedUserFromRandomIp(serverA);
  });
  afterAll(async () => {
    await serverA?.close();
    await serverB?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A PATCH whose headers go now and whose body waits for `send` (a slow client). */
  function slowPatch(server: TestServer, uploadPath: string, offset: number, bytes: Buffer) {
    return slowTusPatch(onServer(tuner.client, server), server.url, uploadPath, offset, bytes);
  }

  /** Whether the lock all processes see is held for the upload (true on PGlite: one process). */
  async function sharedLockHeld(id: string): Promise<boolean> {
    if (redisEnv.REDIS_URL) return (await serverA.deps.redis!.exists(`tus-lock:${id}`)) === 1;
    if (database.kind === 'pglite') return true;
    // postgres.js answers execute() with the row array.
    const rows = (await database.db.execute(
      sql`select 1 from pg_locks where locktype = 'advisory' and objid = hashtext(${id})::oid and granted`,
    )) as unknown as unknown[];
    return rows.length === 1;
  }

  async function newUpload(size: number): Promise<{ id: string; uploadPath: string }> {
    const created = await createTusUpload(tuner.client, size);
    expect(created.status, created.text).toBe(201);
    const uploadPath = new URL(created.headers.get('location')!, serverA.url).pathname;
    return { id: uploadPath.split('/').pop()!, uploadPath };
  }

  it('two PATCHes at the same offset, one per server, cannot both succeed', async () => {
    const size = 64 * 1024;
    const { id, uploadPath } = await newUpload(size);
    const fromA = fileBytes(size);
    const fromB = fileBytes(size);
    // A's PATCH takes the lock and waits for its body; B's comes meanwhile, whole.
    const a = slowPatch(serverA, uploadPath, 0, fromA);
    await new Promise((r) => setTimeout(r, 300));
    expect(await sharedLockHeld(id)).toBe(true);
    const b = slowPatch(serverB, uploadPath, 0, fromB);
    b.send();
    await new Promise((r) => setTimeout(r, 300));
    a.send();
    const statuses = await Promise.all([a.status, b.status]);
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);

    const winner = statuses[0] === 204 ? fromA : fromB;
    const stored = await readFile(path.join(dataDir, 'uploads', id));
    expect(sha256(stored)).toBe(sha256(winner));
    expect(await uploadRow(database.db, id)).toMatchObject({ status: 'complete', sha256: sha256(winner) });
  });

  it('chunks alternating between the servers still get the SHA-256 of the file', async () => {
    // Each server hashes the bytes it sees arrive; neither saw them all, so the last one
    // reads the file once (docs/decisions/027-upload-hashing.md).
    const readsA = vi.spyOn(serverA.deps.storage, 'sha256');
    const readsB = vi.spyOn(serverB.deps.storage, 'sha256');
    try {
      const chunk = 64 * 1024;
      const bytes = fileBytes(5 * chunk + 999);
      const { id, uploadPath } = await newUpload(bytes.length);
      let last: Awaited<ReturnType<typeof patchTusUpload>> | undefined;
      for (let offset = 0, i = 0; offset < bytes.length; offset += chunk, i++) {
        const client = onServer(tuner.client, i % 2 === 0 ? serverA : serverB);
        last = await patchTusUpload(client, uploadPath, offset, bytes.subarray(offset, offset + chunk));
        expect(last.status, last.text).toBe(204);
      }
      const onDisk = sha256(await readFile(path.join(dataDir, 'uploads', id)));
      expect(onDisk).toBe(sha256(bytes));
      expect(last?.headers.get('upload-sha256')).toBe(onDisk);
      expect(await uploadRow(database.db, id)).toMatchObject({ status: 'complete', sha256: onDisk });
      expect(readsA.mock.calls.length + readsB.mock.calls.length).toBe(1);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('an upload started on one server and finished on the other is complete and intact', async () => {
    const size = 300 * 1024;
    const bytes = fileBytes(size);
    const { id, uploadPath } = await newUpload(size);
    const onA = await patchTusUpload(tuner.client, uploadPath, 0, bytes.subarray(0, 100 * 1024));
    expect(onA.status).toBe(204);

    const onB = onServer(tuner.client, serverB);
    const head = await onB.request('HEAD', uploadPath, { headers: { 'Tus-Resumable': '1.0.0' } });
    expect(head.headers.get('upload-offset')).toBe(String(100 * 1024));
    const rest = await patchTusUpload(onB, uploadPath, 100 * 1024, bytes.subarray(100 * 1024));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-sha256')).toBe(sha256(bytes));
    expect(await uploadRow(database.db, id)).toMatchObject({ status: 'complete', sha256: sha256(bytes) });

    // A ticket made on A with it serves the same bytes from B.
    const res = await postTicket(tuner.client, {
      ...ticketFields({ registration: `MP ${randomBytes(2).toString('hex')}` }),
      ecuFileUploadId: id,
      commonFileUploadIds: [],
    });
    expect(res.status, res.text).toBe(201);
    const file = await download(onB, res.body.data.ecuFile!.url);
    expect(file.status).toBe(200);
    expect(sha256(file.bytes)).toBe(sha256(bytes));
  });
});
