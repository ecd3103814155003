import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uploads } from '../db/schema';
import { allowConsoleErrors } from '../test/console-guard';
import { type TestUser, verifiedUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import {
  createTusUpload,
  fileBytes,
  patchTusUpload,
  postTicket,
  sha256,
  ticketFields,
  uploadRow,
} from '../test/ticket-helpers';

let server: TestServer;
let tuner: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  tuner = await verifiedUser(server);
});
afterAll(async () => {
  await server?.close();
});

/**
 * Sends a whole file while the last step of tus (onUploadFinish: hash and mark complete)
 * fails once, as a database blip would: every byte is stored, the row is not. (The hash
 * itself is made as the bytes arrive, see docs/decisions/027-upload-hashing.md.)
 */
async function uploadWhoseFinishFails(bytes: Buffer): Promise<{ id: string; uploadPath: string }> {
  allowConsoleErrors();
  const created = await createTusUpload(tuner.client, bytes.length);
  expect(created.status, created.text).toBe(201);
  const uploadPath = new URL(created.headers.get('location')!, server.url).pathname;
  const db = server.deps.db;
  const update = db.update;
  // Only the first update of the uploads table fails: the session's own writes go through.
  const blip = vi.spyOn(db, 'update').mockImplementation(((table: unknown) => {
    if (table !== uploads) return update.call(db, table as typeof uploads);
    blip.mockRestore();
    throw new Error('database blip');
  }) as typeof db.update);
  try {
    const last = await patchTusUpload(tuner.client, uploadPath, 0, bytes);
    expect(last.status).toBe(500);
  } finally {
    blip.mockRestore();
  }
  const id = uploadPath.split('/').pop()!;
  expect((await uploadRow(server.deps.db, id))?.status).toBe('uploading');
  return { id, uploadPath };
}

describe('an upload whose last step failed', () => {
  it('is finished by the HEAD a resuming client sends: complete, with the hash of its bytes', async () => {
    const bytes = fileBytes(5000);
    const { id, uploadPath } = await uploadWhoseFinishFails(bytes);
    const head = await tuner.client.request('HEAD', uploadPath, { headers: { 'Tus-Resumable': '1.0.0' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe('5000');
    expect(head.headers.get('upload-sha256')).toBe(sha256(bytes));
    const row = await uploadRow(server.deps.db, id);
    expect(row).toMatchObject({ status: 'complete', sha256: sha256(bytes) });
    expect(row!.completedAt).toBeInstanceOf(Date);
  });

  it('is finished when a ticket names it, and the ticket is created with it', async () => {
    const bytes = fileBytes(3000);
    const { id } = await uploadWhoseFinishFails(bytes);
    const res = await postTicket(tuner.client, {
      ...ticketFields({ registration: 'FIN 10' }),
      ecuFileUploadId: id,
      commonFileUploadIds: [],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.ecuFile).toMatchObject({ size: 3000 });
    expect(await uploadRow(server.deps.db, id)).toMatchObject({ status: 'attached', sha256: sha256(bytes) });
  });

  it('is not finished while bytes are missing: HEAD keeps it uploading, a ticket is refused', async () => {
    const bytes = fileBytes(4000);
    const created = await createTusUpload(tuner.client, bytes.length);
    const uploadPath = new URL(created.headers.get('location')!, server.url).pathname;
    const id = uploadPath.split('/').pop()!;
    expect((await patchTusUpload(tuner.client, uploadPath, 0, bytes.subarray(0, 3999))).status).toBe(204);
    const head = await tuner.client.request('HEAD', uploadPath, { headers: { 'Tus-Resumable': '1.0.0' } });
    expect(head.headers.get('upload-offset')).toBe('3999');
    expect(head.headers.get('upload-sha256')).toBeNull();
    const res = await postTicket(tuner.client, {
      ...ticketFields({ registration: 'FIN 11' }),
      ecuFileUploadId: id,
      commonFileUploadIds: [],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The upload has not finished yet');
    expect((await uploadRow(server.deps.db, id))?.status).toBe('uploading');
  });
});
