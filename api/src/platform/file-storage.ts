import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where stored files live. Keys are ours (`uploads/<tus id>`, `files/<uuid>`), never a name
 * from a client, and are checked so no key can leave the root.
 */
export interface FileStorage {
  /** Writes a stream under a new key; returns its size and SHA-256. */
  write(key: string, body: ReadableStream<Uint8Array> | Readable): Promise<{ size: number; sha256: string }>;
  /**
   * The stored bytes, or with `range` only those of the half-open stretch [start, end) (the end
   * may lie past the file's: the stream stops at the file's end).
   */
  read(key: string, range?: ByteRange): Readable;
  size(key: string): Promise<number>;
  sha256(key: string): Promise<string>;
  remove(key: string): Promise<void>;
}

/** A half-open stretch [start, end) of a stored file's bytes. */
export interface ByteRange {
  start: number;
  end: number;
}

const KEY = /^(uploads|files)\/[A-Za-z0-9_-]{8,80}$/;

export function localFileStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!KEY.test(key)) throw new Error(`Refused storage key ${JSON.stringify(key)}`);
    return path.join(root, key);
  };
  return {
    async write(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const hash = createHash('sha256');
      let size = 0;
      const source = body instanceof Readable ? body : Readable.fromWeb(body as never);
      source.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        size += chunk.length;
      });
      await pipeline(source, createWriteStream(file, { flags: 'wx' }));
      return { size, sha256: hash.digest('hex') };
    },
    read(key, range) {
      if (range && range.end <= range.start) return Readable.from([]);
      return createReadStream(resolve(key), range ? { start: range.start, end: range.end - 1 } : {});
    },
    async size(key) {
      return (await stat(resolve(key))).size;
    },
    async sha256(key) {
      const hash = createHash('sha256');
      await pipeline(createReadStream(resolve(key)), hash);
      return hash.digest('hex');
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
      await rm(`${resolve(key)}.json`, { force: true });
    },
  };
}
