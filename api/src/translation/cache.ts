/**
 * A small least-recently-used map: a Map keeps insertion order, so a hit is moved to the end
 * and the first key is the oldest. Bounded by entries, and each entry by its text (≤ the
 * chat's message limit), so it holds at most a few megabytes.
 */
export class LruCache<V> {
  readonly #entries = new Map<string, V>();

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    while (this.#entries.size > this.capacity) {
      this.#entries.delete(this.#entries.keys().next().value as string);
    }
  }
}
