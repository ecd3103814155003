import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { uploads } from '../db/schema';
import { newClient, onboardedUser, type TestUser, verifiedUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import {
  createTusUpload,
  download,
  fileBytes,
  MiB,
  patchTusUpload,
  rawRequest,
  sha256,
  submitTicket,
  ticketFields,
  ticketForm,
  tusHeaders,
  tusMetadata,
  tusUpload,
  uploadRow,
} from '../test/ticket-helpers';
import { sweepExpiredUploads } from './cleanup';

let server: TestServer;
let tuner: TestUser;
let other: TestUser;
let uploadsDir: string;

beforeAll(async () => {
  server = await startTestServer();
  [tuner, other] = await Promise.all([verifiedUser(server), verifiedUser(server)]);
  uploadsDir = path.join(server.config.dataDir, 'uploads');
});
afterAll(async () => {
  await server?.close();
});

/** A created upload with the first `sent` of `bytes` on the server (tus POST + one PATCH). */
async function partialUpload(client: TestUser['client'], bytes: Buffer, sent: number): Promise<string> {
  const created = await createTusUpload(client, bytes.length);
  expect(created.status, created.text).toBe(201);
  const location = created.headers.get('location')!;
  const uploadPath = new URL(location, server.url).pathname;
  const patched = await patchTusUpload(client, uploadPath, 0, bytes.subarray(0, sent));
  expect(patched.status, patched.text).toBe(204);
  return uploadPath;
}

describe('tus uploads (/api/uploads)', () => {
  it('stores a small ECU file sent by tus-js-client, with the SHA-256 of the source', async () => {
    const bytes = fileBytes(48 * 1024 + 7);
    const out = await tusUpload(tuner.client, bytes, {
      metadata: { filename: 'bmw-320d.bin', purpose: 'ecu' },
      chunkSize: 16 * 1024,
    });
    expect(out.sha256Header).toBe(sha256(bytes));
    expect(out.exchanges.filter((e) => e.method === 'PATCH')).toHaveLength(4);

    const row = await uploadRow(server.deps.db, out.uploadId);
    expect(row).toMatchObject({
      ownerId: tuner.user._id,
      purpose: 'ecu',
      fileName: 'bmw-320d.bin',
      size: bytes.length,
      status: 'complete',
      sha256: sha256(bytes),
      storageKey: `uploads/${out.uploadId}`,
    });
    expect(row!.completedAt).toBeInstanceOf(Date);
    // The tus file is DATA_DIR/uploads/<id>, byte for byte.
    expect(sha256(await readFile(path.join(uploadsDir, out.uploadId)))).toBe(sha256(bytes));
  });

  describe('SHA-256 as the bytes arrive (docs/decisions/027-upload-hashing.md)', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    /** The stored hash, checked against the bytes sent and against the file on disk. */
    async function expectHashOfFile(id: string, bytes: Buffer, header: string | undefined) {
      const onDisk = sha256(await readFile(path.join(uploadsDir, id)));
      expect(onDisk).toBe(sha256(bytes));
      expect(header).toBe(onDisk);
      expect(await uploadRow(server.deps.db, id)).toMatchObject({ status: 'complete', sha256: onDisk });
    }

    it('gives a chunked upload the SHA-256 of its file without reading the file back', async () => {
      const reads = vi.spyOn(server.deps.storage, 'sha256');
      const bytes = fileBytes(5 * 64 * 1024 + 123);
      const out = await tusUpload(tuner.client, bytes, { chunkSize: 64 * 1024 });
      expect(out.exchanges.filter((e) => e.method === 'PATCH')).toHaveLength(6);
      await expectHashOfFile(out.uploadId, bytes, out.sha256Header);
      expect(reads).not.toHaveBeenCalled();
    });

    it('gives the right SHA-256 after a PATCH cut mid-way and resumed', async () => {
      const bytes = fileBytes(3 * MiB);
      const created = await createTusUpload(tuner.client, bytes.length);
      expect(created.status, created.text).toBe(201);
      const uploadPath = new URL(created.headers.get('location')!, server.url).pathname;
      const id = uploadPath.split('/').pop()!;
      const first = await patchTusUpload(tuner.client, uploadPath, 0, bytes.subarray(0, MiB));
      expect(first.status).toBe(204);

      // The next PATCH announces 2 MiB, sends about half of it and loses its connection.
      await new Promise<void>((resolve) => {
        const req = httpRequest({
          host: '127.0.0.1',
          port: Number(new URL(server.url).port),
          method: 'PATCH',
          path: uploadPath,
          headers: {
            ...tusHeaders(tuner.client),
            'Tus-Resumable': '1.0.0',
            'Upload-Offset': String(MiB),
            'Content-Type': 'application/offset+octet-stream',
            'Content-Length': String(2 * MiB),
          },
        });
        req.on('error', () => resolve());
        req.on('response', (res) => {
          res.resume();
          resolve();
        });
        req.write(bytes.subarray(MiB, MiB + MiB / 2 + 777), () => {
          setTimeout(() => req.destroy(), 100);
        });
      });

      const tus = { 'Tus-Resumable': '1.0.0' };
      // The server keeps what arrived (its offset settles once the cut request is done).
      let offset = 0;
      await expect
        .poll(async () => {
          const head = await tuner.client.request('HEAD', uploadPath, { headers: tus });
          offset = Number(head.headers.get('upload-offset'));
          return offset;
        })
        .toBeGreaterThanOrEqual(MiB);
      await new Promise((r) => setTimeout(r, 200));
      const head = await tuner.client.request('HEAD', uploadPath, { headers: tus });
      offset = Number(head.headers.get('upload-offset'));
      expect(offset).toBeLessThan(bytes.length);
      const rest = await patchTusUpload(tuner.client, uploadPath, offset, bytes.subarray(offset));
      expect(rest.status, rest.text).toBe(204);
      await expectHashOfFile(id, bytes, rest.headers.get('upload-sha256') ?? undefined);
    });
  });

  it("stores a file named '../../evil.bin' as 'evil.bin', under an id of the server's", async () => {
    const bytes = fileBytes(1000);
    const out = await tusUpload(tuner.client, bytes, {
      metadata: { filename: '../../evil.bin', purpose: 'ecu' },
    });
    expect(out.uploadId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect((await uploadRow(server.deps.db, out.uploadId))?.fileName).toBe('evil.bin');
    expect((await stat(path.join(uploadsDir, out.uploadId))).size).toBe(1000);
    const dataDirEntries = await readdir(server.config.dataDir);
    expect(dataDirEntries).not.toContain('evil.bin');
    expect(await readdir(path.dirname(server.config.dataDir))).not.toContain('evil.bin');
  });

  describe('limits at creation', () => {
    it('refuses an ECU file of 20 MiB + 1 byte (413)', async () => {
      const res = await createTusUpload(tuner.client, 20 * MiB + 1, { filename: 'big.bin', purpose: 'ecu' });
      expect(res.status).toBe(413);
      expect(res.text.trim()).toBe('File size should be less than 20.00 MB.');
      // 20 MiB itself is allowed.
      expect((await createTusUpload(tuner.client, 20 * MiB)).status).toBe(201);
    });

    it('refuses an additional file over 100 MiB (413)', async () => {
      const res = await createTusUpload(tuner.client, 100 * MiB + 1, {
        filename: 'log.csv',
        purpose: 'common',
      });
      expect(res.status).toBe(413);
      expect(
        (await createTusUpload(tuner.client, 100 * MiB, { filename: 'log.csv', purpose: 'common' })).status,
      ).toBe(201);
    });

    it("refuses Upload-Length 0 ('The file is empty.')", async () => {
      const res = await createTusUpload(tuner.client, 0);
      expect(res.status).toBe(400);
      expect(res.text.trim()).toBe('The file is empty.');
    });

    it('refuses an upload without a purpose, or with an unknown one', async () => {
      const metadatas: Record<string, string>[] = [
        { filename: 'read.bin' },
        { filename: 'read.bin', purpose: 'firmware' },
        // Names every object has: not purposes.
        { filename: 'read.bin', purpose: 'toString' },
        { filename: 'read.bin', purpose: 'constructor' },
      ];
      for (const metadata of metadatas) {
        const res = await createTusUpload(tuner.client, 100, metadata);
        expect(res.status).toBe(400);
        expect(res.text).toContain('purpose');
      }
    });

    it("refuses purpose 'tuned' to a user (403)", async () => {
      const res = await createTusUpload(tuner.client, 100, { filename: 'tuned.bin', purpose: 'tuned' });
      expect(res.status).toBe(403);
      expect(res.text.trim()).toBe('Only staff upload tuned files');
    });

    it('refuses signed-out (401) and unverified (403) callers', async () => {
      const signedOut = await createTusUpload(newClient(server), 100);
      expect(signedOut.status).toBe(401);
      expect(signedOut.body.message).toBe('Please sign in to continue');
      const unverified = await createTusUpload((await onboardedUser(server)).client, 100);
      expect(unverified.status).toBe(403);
      expect(unverified.body.message).toBe('Verify your email address first');
      // Neither left a row behind.
      const rows = await server.deps.db.select().from(uploads).where(eq(uploads.size, 100));
      expect(rows.filter((r) => r.ownerId !== tuner.user._id)).toEqual([]);
    });
  });

  it("answers 404 to HEAD, PATCH and DELETE of another user's upload, and leaves its bytes alone", async () => {
    const bytes = fileBytes(4000);
    const uploadPath = await partialUpload(tuner.client, bytes, 1000);
    const id = uploadPath.split('/').pop()!;
    const tus = { 'Tus-Resumable': '1.0.0' };

    const head = await other.client.request('HEAD', uploadPath, { headers: tus });
    expect(head.status).toBe(404);
    expect(head.headers.get('upload-offset')).toBeNull();
    const patch = await patchTusUpload(other.client, uploadPath, 1000, Buffer.from('EVIL'));
    expect(patch.status).toBe(404);
    const del = await other.client.request('DELETE', uploadPath, { headers: tus });
    expect(del.status).toBe(404);
    // Signed out is refused before anything is looked up.
    expect((await rawRequest(server.url, 'HEAD', uploadPath, tus)).status).toBe(401);

    const own = await tuner.client.request('HEAD', uploadPath, { headers: tus });
    expect(own.status).toBe(200);
    expect(own.headers.get('upload-offset')).toBe('1000');
    expect(sha256(await readFile(path.join(uploadsDir, id)))).toBe(sha256(bytes.subarray(0, 1000)));
    expect((await uploadRow(server.deps.db, id))?.status).toBe('uploading');
  });

  it('refuses GET of an upload (files are read through their ticket) and DELETE of a finished one', async () => {
    const bytes = fileBytes(2000);
    const out = await tusUpload(tuner.client, bytes, {
      metadata: { filename: 'прошивка.bin', purpose: 'ecu' },
    });
    const uploadPath = `/api/uploads/${out.uploadId}`;
    const tus = { 'Tus-Resumable': '1.0.0' };
    const get = await tuner.client.request('GET', uploadPath, { headers: tus });
    expect(get.status).toBe(405);
    const del = await tuner.client.request('DELETE', uploadPath, { headers: tus });
    expect(del.status).toBe(409);
    expect(del.text.trim()).toBe('A finished upload cannot be deleted');
    expect(sha256(await readFile(path.join(uploadsDir, out.uploadId)))).toBe(sha256(bytes));
    expect((await uploadRow(server.deps.db, out.uploadId))?.status).toBe('complete');
  });

  it('answers 404 to path traversal in the upload id and reads or writes nothing outside DATA_DIR/uploads', async () => {
    const dataDir = server.config.dataDir;
    // Files a traversing id would reach: one beside DATA_DIR (outside it), one in DATA_DIR.
    const outside = `${dataDir}-outside`;
    const inside = path.join(dataDir, 'secret');
    const planted = (size: number) =>
      JSON.stringify({ id: 'x', size, offset: 0, metadata: {}, creation_date: new Date().toISOString() });
    await writeFile(outside, 'SENTINEL-OUTSIDE');
    await writeFile(`${outside}.json`, planted(1000));
    await writeFile(inside, 'SENTINEL-INSIDE');
    await writeFile(`${inside}.json`, planted(1000));
    try {
      const before = { data: await readdir(dataDir), uploads: await readdir(uploadsDir) };
      const base = path.basename(dataDir);
      const ids = [
        '..%2F..%2Fetc%2Fpasswd',
        `..%2F..%2F${base}-outside`,
        '..%2Fsecret',
        '../x',
        '../secret',
        `../../${base}-outside`,
        'a/../../b',
        '%2e%2e%2fsecret',
        `%2E%2E%2F%2E%2E%2F${base}-outside`,
        '.%2e/secret',
        '%2e%2e',
        '..',
        'a'.repeat(65),
        'a'.repeat(4000),
        'AAAAAAAAAAAAAAAAAAAAAAAA',
      ];
      const headers = { 'Tus-Resumable': '1.0.0', ...tusHeaders(tuner.client) };
      for (const id of ids) {
        const target = `/api/uploads/${id}`;
        const head = await rawRequest(server.url, 'HEAD', target, headers);
        expect(head.status, `HEAD ${id}`).toBe(404);
        expect(head.headers['upload-offset'], `HEAD ${id}`).toBeUndefined();
        expect(head.headers['upload-length'], `HEAD ${id}`).toBeUndefined();
        const patch = await rawRequest(
          server.url,
          'PATCH',
          target,
          { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
          Buffer.from('EVIL'),
        );
        expect(patch.status, `PATCH ${id}`).toBe(404);
        expect(patch.body).not.toContain('root:');
        const del = await rawRequest(server.url, 'DELETE', target, headers);
        expect(del.status, `DELETE ${id}`).toBe(404);
      }
      expect(await readFile(outside, 'utf8')).toBe('SENTINEL-OUTSIDE');
      expect(await readFile(inside, 'utf8')).toBe('SENTINEL-INSIDE');
      expect(JSON.parse(await readFile(`${outside}.json`, 'utf8')).size).toBe(1000);
      expect(JSON.parse(await readFile(`${inside}.json`, 'utf8')).size).toBe(1000);
      expect(await readdir(dataDir)).toEqual(before.data);
      expect(await readdir(uploadsDir)).toEqual(before.uploads);
    } finally {
      await rm(outside, { force: true });
      await rm(`${outside}.json`, { force: true });
    }
  });

  describe('expiry', () => {
    it('sweeps expired unfinished and unattached uploads: rows and files go, nothing is orphaned', async () => {
      const partialPath = await partialUpload(tuner.client, fileBytes(3000), 1200);
      const partialId = partialPath.split('/').pop()!;
      const finished = await tusUpload(tuner.client, fileBytes(2000));
      const fresh = await tusUpload(tuner.client, fileBytes(500));
      for (const id of [partialId, finished.uploadId]) {
        expect(await readdir(uploadsDir)).toEqual(expect.arrayContaining([id, `${id}.json`]));
        await server.deps.db
          .update(uploads)
          .set({ expiresAt: new Date(Date.now() - 60_000) })
          .where(eq(uploads.id, id));
      }

      const swept = await sweepExpiredUploads(server.deps);
      expect(swept).toBe(2);
      for (const id of [partialId, finished.uploadId]) {
        expect(await uploadRow(server.deps.db, id)).toBeUndefined();
      }
      // Every file left in DATA_DIR/uploads belongs to an upload row (and .json beside it).
      const rows = await server.deps.db.select({ id: uploads.id }).from(uploads);
      const ids = new Set(rows.map((r) => r.id));
      const left = await readdir(uploadsDir);
      expect(left.filter((f) => !ids.has(f.replace(/\.json$/, '')))).toEqual([]);
      expect(left).toContain(fresh.uploadId);
      // The owner's upload URL is gone too.
      const head = await tuner.client.request('HEAD', partialPath, { headers: { 'Tus-Resumable': '1.0.0' } });
      expect(head.status).toBe(404);
    });

    it('never sweeps an attached upload, however late', async () => {
      const { ticket, ecuBytes, ecuUploadId } = await submitTicket(tuner.client);
      const inAMonth = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
      await sweepExpiredUploads(server.deps, inAMonth);
      expect((await uploadRow(server.deps.db, ecuUploadId))?.status).toBe('attached');
      expect(await readdir(uploadsDir)).toContain(ecuUploadId);
      const file = await download(tuner.client, ticket.ecuFile!.url);
      expect(file.status).toBe(200);
      expect(sha256(file.bytes)).toBe(sha256(ecuBytes));
      // Everything else is gone by then.
      const rows = await server.deps.db.select().from(uploads);
      expect(rows.every((r) => r.status === 'attached')).toBe(true);
    });
  });
});

describe('the tus surface the portal offers', () => {
  const foreign = 'https://evil.example';
  const corsHeaders = (res: { headers: Headers }) =>
    [...res.headers.keys()].filter((name) => name.startsWith('access-control-'));

  it('advertises only the extensions it serves, and no CORS grant', async () => {
    for (const origin of [foreign, new URL(server.url).origin]) {
      const res = await tuner.client.request('OPTIONS', '/api/uploads', { headers: { origin } });
      expect(res.status).toBe(204);
      expect(res.headers.get('tus-extension')?.split(',').sort()).toEqual(
        ['creation', 'creation-with-upload', 'expiration', 'termination'].sort(),
      );
      expect(corsHeaders(res)).toEqual([]);
    }
  });

  it.each([
    ['Upload-Concat', { 'Upload-Concat': 'partial', 'Upload-Length': '10' }],
    ['Upload-Concat final', { 'Upload-Concat': 'final;/api/uploads/a /api/uploads/b' }],
    ['Upload-Defer-Length', { 'Upload-Defer-Length': '1' }],
  ])('answers %s with a 4xx', async (_label, extra) => {
    const res = await tuner.client.request('POST', '/api/uploads', {
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Metadata': tusMetadata({ filename: 'read.bin', purpose: 'ecu' }),
        ...extra,
      },
    });
    expect(res.status, res.text).toBeGreaterThanOrEqual(400);
    expect(res.status, res.text).toBeLessThan(500);
  });

  it('answers a creation, a PATCH and a HEAD from any Origin without Access-Control-* headers', async () => {
    const created = await tuner.client.request('POST', '/api/uploads', {
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '4',
        'Upload-Metadata': tusMetadata({ filename: 'read.bin', purpose: 'ecu' }),
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(corsHeaders(created)).toEqual([]);
    const uploadPath = new URL(created.headers.get('location')!, server.url).pathname;
    const patched = await patchTusUpload(tuner.client, uploadPath, 0, fileBytes(4));
    expect(patched.status).toBe(204);
    expect(corsHeaders(patched)).toEqual([]);
    const head = await tuner.client.request('HEAD', uploadPath, {
      headers: { 'Tus-Resumable': '1.0.0', origin: foreign },
    });
    expect(head.status).toBe(200);
    expect(corsHeaders(head)).toEqual([]);
  });
});

describe('POST /api/ecuFile/create-ecuFile as multipart: limits', () => {
  const fields = ticketFields({ options: 'EGR OFF, IMMO OFF', registration: 'MP12 LIM' });
  const small = (name: string, size = 64) => ({ bytes: fileBytes(size), name });

  async function post(form: FormData) {
    return tuner.client.request('POST', '/api/ecuFile/create-ecuFile', { body: form });
  }

  async function storedFiles(): Promise<string[]> {
    return readdir(path.join(server.config.dataDir, 'files')).catch(() => []);
  }

  it('refuses an ECU file of 20 MiB + 1 byte (413)', async () => {
    const before = await storedFiles();
    const res = await post(ticketForm(fields, { ecuFile: small('big.bin', 20 * MiB + 1) }));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('File size should be less than 20.00 MB.');
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses 101 MiB of additional files (413)', async () => {
    const before = await storedFiles();
    const res = await post(
      ticketForm(fields, {
        ecuFile: small('read.bin'),
        commonFiles: [small('a.log', 50 * MiB), small('b.log', 51 * MiB)],
      }),
    );
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Total size of additional files should be less than 100.00 MB.');
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses 11 additional files (400)', async () => {
    const res = await post(
      ticketForm(fields, {
        ecuFile: small('read.bin'),
        commonFiles: Array.from({ length: 11 }, (_, i) => small(`extra-${i}.txt`)),
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('You can add at most 10 additional files.');
  });

  it('refuses an empty ECU file or an empty additional file (400) and keeps nothing', async () => {
    const before = await storedFiles();
    const emptyEcu = await post(
      ticketForm(fields, { ecuFile: { bytes: new Uint8Array(0), name: 'read.bin' } }),
    );
    expect(emptyEcu.status).toBe(400);
    expect(emptyEcu.body.message).toBe('The file is empty.');
    const emptyCommon = await post(
      ticketForm(fields, {
        ecuFile: small('read.bin'),
        commonFiles: [{ bytes: new Uint8Array(0), name: 'empty.txt' }],
      }),
    );
    expect(emptyCommon.status).toBe(400);
    expect(emptyCommon.body.message).toBe('The file is empty.');
    expect(await storedFiles()).toEqual(before);
    const mine = await tuner.client.get('/api/ecuFile/my-files');
    expect(mine.body.data.some((t: { registration: string }) => t.registration === 'MP12 LIM')).toBe(false);
  });
});
