import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PORTAL_NODE_ARGS as NODE_ARGS, PORTAL_PROCESS_ENV } from '../../../scripts/portal-process.mjs';

/**
 * The portal's node flags and process variables are written in three places that cannot import
 * a list: the Dockerfile's CMD and ENV, the root package.json's `serve` and `start`.
 * deploy/node-args.json and deploy/node-env.json are the lists that the benches, the browser
 * tests, the API tests and this test read through scripts/portal-process.mjs
 * (docs/decisions/054-node-heap-flags.md, 058-buffer-pool.md); these hold the three to them, so
 * that what is measured is what is shipped. The image also keeps node's compile cache in the
 * container's /tmp (docs/decisions/055-compile-cache.md).
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
/** The Dockerfile's last stage: the image that runs. */
const IMAGE_STAGE =
  read('Dockerfile')
    .split(/^FROM /m)
    .at(-1) ?? '';
/** deploy/node-env.json as a shell's assignments, `NAME=value`. */
const ASSIGNMENTS = Object.entries(PORTAL_PROCESS_ENV).map(([name, value]) => `${name}=${value}`);

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
    const command = [...ASSIGNMENTS, 'node', ...NODE_ARGS, 'api/dist/main.mjs'].join(' ');
    expect(scripts.serve).toBe(command);
    expect(scripts.start).toBe(`pnpm build && ${command}`);
  });
});

describe('the variables of the portal process', () => {
  it('are names and values a shell takes as they are', () => {
    expect(Object.keys(PORTAL_PROCESS_ENV).length).toBeGreaterThan(0);
    for (const [name, value] of Object.entries(PORTAL_PROCESS_ENV)) {
      expect(name).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(value).toMatch(/^[\w.=:,/-]+$/);
    }
  });

  it("are set by the image's last stage", () => {
    for (const assignment of ASSIGNMENTS) expect(IMAGE_STAGE).toContain(`\nENV ${assignment}\n`);
  });

  it("are those the API tests' processes started with (vite.config.ts)", () => {
    // The C library reads them as a process starts: what it started with, not process.env now.
    const started = readFileSync('/proc/self/environ', 'utf8').split('\0');
    for (const assignment of ASSIGNMENTS) expect(started).toContain(assignment);
  });
});

describe("the image's node", () => {
  it("keeps its compile cache in the container's /tmp", () => {
    expect(IMAGE_STAGE).toMatch(/^ENV NODE_COMPILE_CACHE=\/tmp\/\S+$/m);
  });
});
