import { createHash, type Hash } from 'node:crypto';
import { pipeline, type Readable, Transform } from 'node:stream';
import type { DataStore } from '@tus/server';

/** How many uploads one process keeps a running hash for (about a kilobyte each). */
export const RUNNING_HASHES_MAX = 1000;
/** A running hash untouched this long is dropped: a later chunk costs one read of the file. */
export const RUNNING_HASH_IDLE_MS = 60 * 60 * 1000;

interface Running {
  hash: Hash;
  /** How many bytes of the upload, from its first, went through `hash`. */
  offset: number;
  touched: number;
}

/**
 * The SHA-256 of each upload as far as this process saw its bytes arrive, so the last PATCH
 * need not read the whole file again (docs/decisions/027-upload-hashing.md). Node's Hash
 * cannot be saved, so the state lives here only: a write that does not start exactly where
 * the recorded bytes end (a chunk taken by another process, a restart, a cut the store
 * reported differently) finds nothing and the upload is hashed from its file at the end.
 */
export class RunningHashes {
  private readonly states = new Map<string, Running>();

  constructor(
    readonly max = RUNNING_HASHES_MAX,
    readonly idleMs = RUNNING_HASH_IDLE_MS,
    readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.states.size;
  }

  /**
   * The hash to feed the bytes of a write at `offset`, or undefined (do not hash). The state
   * is taken out while the write runs: a write that fails leaves nothing behind.
   */
  begin(id: string, offset: number): Hash | undefined {
    const state = this.states.get(id);
    this.states.delete(id);
    if (offset === 0) return createHash('sha256');
    if (!state || state.offset !== offset || this.expired(state)) return undefined;
    return state.hash;
  }

  /** After a write the store reports ending at `offset`, every byte of it through `hash`. */
  keep(id: string, hash: Hash, offset: number): void {
    this.states.delete(id);
    this.evict();
    // Map order is the order of the last write: the least recently written go first.
    this.states.set(id, { hash, offset, touched: this.now() });
  }

  /** The hex SHA-256 when this process hashed all `size` bytes of the upload; the state goes. */
  digest(id: string, size: number): string | undefined {
    const state = this.states.get(id);
    this.states.delete(id);
    if (!state || state.offset !== size || this.expired(state)) return undefined;
    return state.hash.digest('hex');
  }

  forget(id: string): void {
    this.states.delete(id);
  }

  private expired(state: Running): boolean {
    return this.now() - state.touched > this.idleMs;
  }

  private evict(): void {
    for (const [id, state] of this.states) {
      if (this.states.size < this.max && !this.expired(state)) return;
      this.states.delete(id);
    }
  }
}

/** Passes the chunks on unchanged, feeding each to `hash` and counting its bytes first. */
function hashingTee(hash: Hash): { tee: Transform; counted: () => number } {
  let bytes = 0;
  const tee = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { tee, counted: () => bytes };
}

/**
 * The tus datastore with its writes hashed on the way in: `write(stream, id, offset)` gives
 * the store a stream that feeds `hashes`. The running hash is kept only when the store read
 * the stream to its end and reports the start plus the bytes that passed the tee; then the
 * bytes stored at [offset, end) are exactly the bytes hashed. A write that throws drops it.
 * Everything else is the store's own.
 */
export function hashingDataStore(store: DataStore, hashes: RunningHashes): DataStore {
  async function write(stream: Readable, id: string, offset: number): Promise<number> {
    const hash = hashes.begin(id, offset);
    if (!hash) return store.write(stream, id, offset);
    const { tee, counted } = hashingTee(hash);
    // The source's failure reaches the store through the tee (and the store's through it back).
    pipeline(stream, tee, () => {});
    const end = await store.write(tee, id, offset);
    // An ended tee hashes nothing more; a store that stopped reading early never counts as done.
    if (tee.readableEnded && end === offset + counted()) hashes.keep(id, hash, end);
    return end;
  }
  async function remove(id: string): Promise<void> {
    hashes.forget(id);
    await store.remove(id);
  }
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(store, {
    get(target, prop) {
      if (prop === 'write') return write;
      if (prop === 'remove') return remove;
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      // The store's own methods run on the store itself (its fields, its EventEmitter).
      let fn = bound.get(prop);
      if (!fn) {
        fn = value.bind(target);
        bound.set(prop, fn);
      }
      return fn;
    },
  });
}
