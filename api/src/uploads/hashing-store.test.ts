import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { type DataStore, Upload } from '@tus/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashingDataStore, RunningHashes } from './hashing-store';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** `bytes` as a stream of pieces of at most 1000 bytes, as a socket delivers them. */
function pieces(bytes: Buffer): Readable {
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 1000) out.push(bytes.subarray(i, i + 1000));
  return Readable.from(out);
}

/** `bytes` up to `at`, then the stream fails (a connection reset mid-PATCH). */
function cutAt(bytes: Buffer, at: number): Readable {
  const stream = new PassThrough();
  stream.write(bytes.subarray(0, at));
  setTimeout(() => stream.destroy(new Error('ECONNRESET')), 5);
  return stream;
}

let dir: string;
let files: FileStore;
let n = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ecu-hashing-store-'));
  files = new FileStore({ directory: dir });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function newUpload(store: DataStore, size: number): Promise<string> {
  n += 1;
  const id = `upload-${n}-${randomBytes(4).toString('hex')}`;
  await store.create(new Upload({ id, size, offset: 0 }));
  return id;
}

describe('RunningHashes', () => {
  it('continues only at the offset where the recorded bytes end', () => {
    const hashes = new RunningHashes();
    const hash = hashes.begin('a', 0)!;
    hash.update('abc');
    hashes.keep('a', hash, 3);
    expect(hashes.begin('a', 4)).toBeUndefined();
    // The mismatch dropped the state: not even the right offset finds it now.
    expect(hashes.begin('a', 3)).toBeUndefined();
    expect(hashes.digest('a', 3)).toBeUndefined();
  });

  it('digests only when every byte of the upload went through it, once', () => {
    const hashes = new RunningHashes();
    const hash = hashes.begin('a', 0)!;
    hash.update('abc');
    hashes.keep('a', hash, 3);
    expect(hashes.digest('a', 4)).toBeUndefined();
    const again = hashes.begin('a', 0)!;
    again.update('abc');
    hashes.keep('a', again, 3);
    expect(hashes.digest('a', 3)).toBe(sha256(Buffer.from('abc')));
    expect(hashes.digest('a', 3)).toBeUndefined();
  });

  it('keeps at most `max` uploads, dropping the least recently written', () => {
    const hashes = new RunningHashes(2);
    for (const id of ['a', 'b', 'c']) hashes.keep(id, hashes.begin(id, 0)!, 1);
    expect(hashes.size).toBe(2);
    expect(hashes.begin('a', 1)).toBeUndefined();
    expect(hashes.begin('c', 1)).toBeDefined();
  });

  it('drops a state idle for longer than `idleMs`', () => {
    let now = 0;
    const hashes = new RunningHashes(10, 1000, () => now);
    hashes.keep('a', hashes.begin('a', 0)!, 1);
    hashes.keep('b', hashes.begin('b', 0)!, 1);
    now = 1001;
    expect(hashes.begin('a', 1)).toBeUndefined();
    expect(hashes.digest('b', 1)).toBeUndefined();
  });
});

describe('hashingDataStore on a FileStore', () => {
  it('hashes chunked writes as they arrive: the digest is the SHA-256 of the file', async () => {
    const hashes = new RunningHashes();
    const store = hashingDataStore(files, hashes);
    const bytes = randomBytes(10_000);
    const id = await newUpload(store, bytes.length);
    let offset = 0;
    for (const size of [3000, 1, 4999, 2000]) {
      offset = await store.write(pieces(bytes.subarray(offset, offset + size)), id, offset);
    }
    expect(offset).toBe(bytes.length);
    expect(await readFile(path.join(dir, id))).toEqual(bytes);
    expect(hashes.digest(id, bytes.length)).toBe(sha256(bytes));
  });

  it('drops the state of a write that failed mid-way; the upload then needs its file read', async () => {
    const hashes = new RunningHashes();
    const store = hashingDataStore(files, hashes);
    const bytes = randomBytes(10_000);
    const id = await newUpload(store, bytes.length);
    await store.write(pieces(bytes.subarray(0, 2000)), id, 0);
    await expect(store.write(cutAt(bytes.subarray(2000), 3000), id, 2000)).rejects.toBeDefined();
    // The store kept some of the cut write: the resumed write starts wherever it says.
    const stored = (await files.getUpload(id)).offset!;
    expect(stored).toBeGreaterThanOrEqual(2000);
    await store.write(pieces(bytes.subarray(stored)), id, stored);
    expect(await readFile(path.join(dir, id))).toEqual(bytes);
    expect(hashes.digest(id, bytes.length)).toBeUndefined();
  });

  it('carries on after a write the client ended early (a PATCH cut gracefully)', async () => {
    const hashes = new RunningHashes();
    const store = hashingDataStore(files, hashes);
    const bytes = randomBytes(10_000);
    const id = await newUpload(store, bytes.length);
    // tus ends the body stream when the request is aborted: the store keeps what came.
    const end = await store.write(pieces(bytes.subarray(0, 4321)), id, 0);
    expect(end).toBe(4321);
    await store.write(pieces(bytes.subarray(end)), id, end);
    expect(hashes.digest(id, bytes.length)).toBe(sha256(bytes));
  });

  it('does not hash a write that starts where this process saw no bytes (another process)', async () => {
    const hashes = new RunningHashes();
    const here = hashingDataStore(files, hashes);
    const elsewhere = hashingDataStore(files, new RunningHashes());
    const bytes = randomBytes(9000);
    const id = await newUpload(here, bytes.length);
    await here.write(pieces(bytes.subarray(0, 3000)), id, 0);
    await elsewhere.write(pieces(bytes.subarray(3000, 6000)), id, 3000);
    await here.write(pieces(bytes.subarray(6000)), id, 6000);
    expect(hashes.digest(id, bytes.length)).toBeUndefined();
  });

  it('drops the state when the store reports another offset than the bytes that passed', async () => {
    const hashes = new RunningHashes();
    // A store that took one byte less than it was given (as a store cut short might).
    const short = new Proxy(files, {
      get(target, prop) {
        if (prop === 'write')
          return async (s: Readable, id: string, offset: number) => (await target.write(s, id, offset)) - 1;
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const store = hashingDataStore(short, hashes);
    const id = await newUpload(store, 100);
    const end = await store.write(pieces(randomBytes(100)), id, 0);
    expect(end).toBe(99);
    expect(hashes.begin(id, 99)).toBeUndefined();
  });

  it('forgets the running hash of a removed upload and passes the rest to the store', async () => {
    const hashes = new RunningHashes();
    const store = hashingDataStore(files, hashes);
    const id = await newUpload(store, 100);
    await store.write(pieces(randomBytes(50)), id, 0);
    expect(hashes.size).toBe(1);
    await store.remove(id);
    expect(hashes.size).toBe(0);
    expect(store.hasExtension('creation')).toBe(true);
    await expect(store.getUpload(id)).rejects.toBeDefined();
  });
});
