import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nativeFunction } from '../test/natives';

// postgres.js's query assigns its resolve/reject callbacks through a variable, so that V8 does not
// allocate them in the old generation, where each kept its finished query alive through the
// young collections (docs/decisions/060-closures-born-old.md). The query module sits beside the
// driver's CommonJS entry (cjs/src/index.js).
type Query = Promise<unknown> & { resolve(x: unknown): void; reject(e: unknown): void };
const { Query } = createRequire(import.meta.url)(
  path.join(path.dirname(createRequire(import.meta.url).resolve('postgres')), 'query.js'),
) as {
  Query: new (
    strings: string[],
    args: unknown[],
    handler: (q: Query) => void,
    canceller: undefined,
    options: object,
  ) => Query;
};

describe('the patched postgres.js query', () => {
  it('makes its resolve and reject callbacks in the young generation', () => {
    const inYoungGeneration = nativeFunction<[unknown], boolean>('InYoungGeneration', 1);
    const handler = (q: Query) => q.resolve([]);
    let young = 0;
    for (let i = 0; i < 20000; i++) {
      const q = new Query(['select 1'], [], handler, undefined, {});
      if (inYoungGeneration(q.resolve) && inYoungGeneration(q.reject)) young++;
      q.resolve([]);
    }
    // Unpatched, every one of them is born old (0); a young collection in between may move a
    // few of the patched ones before the check.
    expect(young).toBeGreaterThan(19000);
  });

  it('still settles the query with what the connection hands it', async () => {
    const done = new Query(['select 1'], [], (q) => q.resolve(['row']), undefined, {});
    await expect(done).resolves.toEqual(['row']);
    const failed = new Query(['select 1'], [], (q) => q.reject(new Error('no')), undefined, {});
    await expect(failed).rejects.toThrow('no');
  });
});
