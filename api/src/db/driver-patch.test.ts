import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// postgres.js's query assigns its resolve/reject callbacks through a variable, so that V8 does not
// allocate them in the old generation, where each kept its finished query alive through the
// young collections (docs/decisions/060-closures-born-old.md). V8 tells where an object lives
// only to natives syntax, so the check runs in a node of its own, which loads the query module
// beside the driver's CommonJS entry (cjs/src/index.js).
const queryModule = path.join(path.dirname(createRequire(import.meta.url).resolve('postgres')), 'query.js');

const probe = `
const { Query } = require(${JSON.stringify(queryModule)});
const handler = (q) => q.resolve([]);
let young = 0;
for (let i = 0; i < 20000; i++) {
  const q = new Query(['select 1'], [], handler, undefined, {});
  if (%InYoungGeneration(q.resolve) && %InYoungGeneration(q.reject)) young++;
  q.resolve([]);
}
process.stdout.write(String(young));
`;

describe('the patched postgres.js query', () => {
  it('makes its resolve and reject callbacks in the young generation', () => {
    const young = Number(
      execFileSync(process.execPath, ['--allow-natives-syntax', '-e', probe], { encoding: 'utf8' }),
    );
    // Unpatched, every one of them is born old (0); a young collection in between may move a
    // few of the patched ones before the check.
    expect(young).toBeGreaterThan(19000);
  });

  it('still settles the query with what the connection hands it', async () => {
    type Query = Promise<unknown> & { resolve(x: unknown): void; reject(e: unknown): void };
    const { Query } = createRequire(import.meta.url)(queryModule) as {
      Query: new (
        strings: string[],
        args: unknown[],
        handler: (q: Query) => void,
        canceller: undefined,
        options: object,
      ) => Query;
    };
    const done = new Query(['select 1'], [], (q) => q.resolve(['row']), undefined, {});
    await expect(done).resolves.toEqual(['row']);
    const failed = new Query(['select 1'], [], (q) => q.reject(new Error('no')), undefined, {});
    await expect(failed).rejects.toThrow('no');
  });
});
