import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../local/api-client';
import type { LocalFile, PortalDb } from '../../local/db';
import { aLocalTicketFile, anOutboxDb, fakeTus, tusError } from '../../test/outbox';
import {
  pause,
  resume,
  UPLOAD_CHUNK_SIZE,
  UPLOAD_ENDPOINT,
  UploadPausedError,
  uploadErrorOf,
  uploadIdFromUrl,
  uploadLocalFile,
} from './upload-queue';

let db: PortalDb;

beforeEach(async () => {
  db = await anOutboxDb();
});

function addFile(id: string, purpose: LocalFile['purpose'], extra: Partial<LocalFile> = {}) {
  return aLocalTicketFile(db, id, purpose, extra);
}

describe('upload ids and errors', () => {
  it('takes the upload id from the last path segment of the tus URL', () => {
    expect(uploadIdFromUrl('http://localhost:3000/api/uploads/AbC_123-xyz456789012')).toBe(
      'AbC_123-xyz456789012',
    );
    expect(uploadIdFromUrl('/api/uploads/abcdefghijklmnop/')).toBe('abcdefghijklmnop');
    expect(uploadIdFromUrl('/api/uploads/abcdefghijklmnop?x=1')).toBe('abcdefghijklmnop');
  });

  it('maps tus failures: no answer is a NetworkError, 5xx retries later, other 4xx carry the server text', () => {
    const offline = uploadErrorOf(tusError(null));
    expect(offline).toBeInstanceOf(NetworkError);
    expect(uploadErrorOf(tusError(0))).toBeInstanceOf(NetworkError);

    const tooBig = uploadErrorOf(tusError(413, 'File size should be less than 20.00 MB.\n'));
    expect(tooBig).toBeInstanceOf(ApiError);
    expect(tooBig).toMatchObject({
      status: 413,
      message: 'File size should be less than 20.00 MB.',
      fromServer: true,
    });

    // The API's own gates answer with the JSON envelope: its message, not the raw JSON.
    const signedOut = uploadErrorOf(
      tusError(401, '{"success":false,"message":"Please sign in to continue","errors":[]}'),
    );
    expect(signedOut).toMatchObject({ status: 401, message: 'Please sign in to continue', fromServer: true });

    const down = uploadErrorOf(tusError(503, ''));
    expect(down).toMatchObject({ status: 503, fromServer: false });
    const refused = uploadErrorOf(tusError(413, ''));
    expect(refused).toMatchObject({ status: 413, fromServer: false });

    const plain = new Error('tus: no file or stream to upload provided');
    expect(uploadErrorOf(plain)).toBe(plain);
  });

  it("takes the envelope's code from the API's gates and the status's from tus's plain text", () => {
    const refusal = (status: number, body: string) => uploadErrorOf(tusError(status, body));
    const gate =
      '{"success":false,"message":"Verify your email address first","errors":[],"code":"not_verified"}';
    expect(refusal(403, gate)).toMatchObject({ code: 'not_verified', fromServer: true });
    expect(refusal(413, 'File size should be less than 20.00 MB.')).toMatchObject({
      code: 'payload_too_large',
      fromServer: true,
    });
    expect(refusal(423, '')).toMatchObject({ code: 'locked', fromServer: false });
    expect(refusal(410, '')).toMatchObject({ code: 'gone', fromServer: false });
  });
});

describe('uploadLocalFile', () => {
  it('uploads with the tus options, saves the URL and marks the file done', async () => {
    const tus = fakeTus([{ kind: 'success' }]);
    await addFile('f1', 'ecu');
    const id = await uploadLocalFile('f1', { db, createUpload: tus.create });
    expect(id).toMatch(/^Up0/);
    const options = tus.started[0]!;
    expect(options).toMatchObject({
      endpoint: UPLOAD_ENDPOINT,
      chunkSize: UPLOAD_CHUNK_SIZE,
      retryDelays: [0, 1000, 3000],
      metadata: { filename: 'f1.bin', purpose: 'ecu' },
    });
    // tus-js-client hangs on options given as undefined.
    expect(Object.entries(options).filter(([, v]) => v === undefined)).toEqual([]);
    expect('uploadUrl' in options).toBe(false);
    const row = await db.localFiles.get('f1');
    expect(row).toMatchObject({ status: 'done', uploadId: id, bytesUploaded: row!.size });
    expect(row?.uploadUrl).toContain(`/api/uploads/${id}`);

    // A file already done is not sent again.
    expect(await uploadLocalFile('f1', { db, createUpload: tus.create })).toBe(id);
    expect(tus.started).toHaveLength(1);
  });

  it('resumes from the saved URL after a reload', async () => {
    const tus = fakeTus([{ kind: 'success' }]);
    await addFile('f1', 'common', { uploadUrl: '/api/uploads/savedUploadId12345', bytesUploaded: 5 });
    expect(await uploadLocalFile('f1', { db, createUpload: tus.create })).toBe('savedUploadId12345');
    expect(tus.started[0]?.uploadUrl).toBe('/api/uploads/savedUploadId12345');
  });

  it('keeps the file queued with its URL when the network fails', async () => {
    const tus = fakeTus([{ kind: 'network' }]);
    await addFile('f1', 'ecu', { uploadUrl: '/api/uploads/savedUploadId12345' });
    await expect(uploadLocalFile('f1', { db, createUpload: tus.create })).rejects.toBeInstanceOf(
      NetworkError,
    );
    expect(await db.localFiles.get('f1')).toMatchObject({
      status: 'queued',
      uploadUrl: '/api/uploads/savedUploadId12345',
    });
  });

  it('marks a refused file failed with the server text', async () => {
    const tus = fakeTus([{ kind: 'status', status: 413, body: 'File size should be less than 20.00 MB.\n' }]);
    await addFile('f1', 'ecu');
    const err = await uploadLocalFile('f1', { db, createUpload: tus.create }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(await db.localFiles.get('f1')).toMatchObject({
      status: 'failed',
      error: 'File size should be less than 20.00 MB.',
    });
  });

  it('pause aborts the running upload, keeps it paused, and resume lets it go on from the server offset', async () => {
    const tus = fakeTus([{ kind: 'hang' }, { kind: 'success' }]);
    await addFile('f1', 'ecu');
    const running = uploadLocalFile('f1', { db, createUpload: tus.create });
    await expect.poll(async () => (await db.localFiles.get('f1'))?.uploadUrl).toBeTruthy();
    await pause('f1', db);
    const err = await running.catch((e) => e);
    expect(err).toBeInstanceOf(UploadPausedError);
    // A pause is not a lost network: the ticket's handler says 'paused' (ticket-outbox.test.ts).
    expect(err).not.toBeInstanceOf(NetworkError);
    expect(tus.aborts()).toBe(1);
    expect((await db.localFiles.get('f1'))?.status).toBe('paused');

    await expect(uploadLocalFile('f1', { db, createUpload: tus.create })).rejects.toBeInstanceOf(
      UploadPausedError,
    );
    expect(tus.started).toHaveLength(1);

    await resume('f1', db);
    const savedUrl = (await db.localFiles.get('f1'))?.uploadUrl;
    const id = await uploadLocalFile('f1', { db, createUpload: tus.create });
    expect(tus.started[1]?.uploadUrl).toBe(savedUrl);
    expect(id).toBe(uploadIdFromUrl(savedUrl!));
    expect((await db.localFiles.get('f1'))?.status).toBe('done');
  });
});
