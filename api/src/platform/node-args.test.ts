import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PORTAL_NODE_ARGS as NODE_ARGS } from '../../../scripts/portal-process.mjs';

/**
 * The portal's node flags are written in three places that cannot import a list: the
 * Dockerfile's CMD, the root package.json's `serve` and `start`. deploy/node-args.json is the
 * list that the benches, the browser tests and this test read through scripts/portal-process.mjs
 * (docs/decisions/054-node-heap-flags.md); these hold the three to it, so that what is measured
 * is what is shipped. The image also keeps node's compile cache in the container's /tmp
 * (docs/decisions/055-compile-cache.md).
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe('the node flags of the portal process', () => {
  it('are a list of flags', () => {
    expect(NODE_ARGS.length).toBeGreaterThan(0);
    for (const arg of NODE_ARGS) expect(arg).toMatch(/^--[a-z-]+(=\S+)?$/);
  });

  it("are the Dockerfile's CMD, before the entry", () => {
    const cmd = read('Dockerfile').match(/^CMD (\[.*\])$/m)?.[1];
    expect(cmd).toBeDefined();
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...NODE_ARGS, 'dist/main.mjs']);
  });

  it('are those of `pnpm serve` and `pnpm start`', () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    const command = ['node', ...NODE_ARGS, 'api/dist/main.mjs'].join(' ');
    expect(scripts.serve).toBe(command);
    expect(scripts.start).toBe(`pnpm build && ${command}`);
  });
});

describe("the image's node", () => {
  it("keeps its compile cache in the container's /tmp", () => {
    const stages = read('Dockerfile').split(/^FROM /m);
    expect(stages.at(-1)).toMatch(/^ENV NODE_COMPILE_CACHE=\/tmp\/\S+$/m);
  });
});
