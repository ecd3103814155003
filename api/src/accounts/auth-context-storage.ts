import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * better-auth keeps the state of a call (the endpoint context, the request state, the adapter
 * of a transaction) in AsyncLocalStorages of its own, which it keeps on a global object
 * (`Symbol.for('better-auth:global')`) and creates on first use. On Node 20 an
 * AsyncLocalStorage that has run once switches on promise hooks for the whole process, for
 * good: after the first sign-in every promise of every request paid for them, signed-in
 * reads included, and the work of a request outlived the young generation of the heap. The
 * file list answered about half as many requests a second (docs/decisions/047-auth-context-storage.md).
 *
 * These storages are the library's, with one difference: when the last call running in any of
 * them settles, they are disabled, which switches the hooks off until the next call. A store
 * is only read inside a call (the library awaits the work it starts there), so nothing reads
 * one while they are off.
 */
let running = 0;
const storages: ScopedStorage<unknown>[] = [];

function settle() {
  running -= 1;
  if (running === 0) for (const storage of storages) storage.disable();
}

class ScopedStorage<T> extends AsyncLocalStorage<T> {
  override run<R>(store: T, callback: () => R): R;
  override run<R, A extends unknown[]>(store: T, callback: (...args: A) => R, ...args: A): R;
  override run<R, A extends unknown[]>(store: T, callback: (...args: A) => R, ...args: A): R {
    running += 1;
    let result: R;
    try {
      result = super.run(store, callback, ...args);
    } catch (err) {
      settle();
      throw err;
    }
    if (result instanceof Promise) {
      return result.then(
        (value) => {
          settle();
          return value;
        },
        (err: unknown) => {
          settle();
          throw err;
        },
      ) as R;
    }
    settle();
    return result;
  }
}

/** The global object better-auth keeps its context on, as `__getBetterAuthGlobal` makes it. */
interface BetterAuthGlobal {
  version?: string;
  epoch: number;
  context: Record<string, unknown>;
}

/** The names under which better-auth 1.7 keeps its storages. */
const STORAGE_KEYS = ['endpointContextAsyncStorage', 'requestStateAsyncStorage', 'adapterAsyncStorage'];

/**
 * Puts the scoped storages where better-auth looks for its own, before it makes any (it only
 * makes one where none is there yet). Idempotent; call it before the first better-auth call.
 */
export function installAuthContextStorage(): void {
  const key = Symbol.for('better-auth:global');
  const holder = globalThis as unknown as Record<symbol, BetterAuthGlobal | undefined>;
  // As better-auth makes it when it comes first; it fills in its version on its first call.
  holder[key] ??= { epoch: 1, context: {} };
  const context = holder[key].context;
  for (const name of STORAGE_KEYS) {
    if (context[name] instanceof ScopedStorage) continue;
    const storage = new ScopedStorage<unknown>();
    storages.push(storage);
    context[name] = storage;
  }
}

/** Whether a better-auth call is running (and its storages are on): for tests. */
export function authContextStorageActive(): boolean {
  return running > 0;
}

/** The storages better-auth uses, as installed: for tests. */
export function authContextStorages(): unknown[] {
  const holder = globalThis as unknown as Record<symbol, BetterAuthGlobal | undefined>;
  const context = holder[Symbol.for('better-auth:global')]?.context ?? {};
  return STORAGE_KEYS.map((name) => context[name]);
}

/** Whether a value is one of the scoped storages. */
export const isScopedStorage = (value: unknown): boolean => value instanceof ScopedStorage;
