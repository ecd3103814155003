// How the built portal is started: its entry, the flags its node runs with in production
// (deploy/node-args.json) and the variables its process starts with (deploy/node-env.json),
// which the Dockerfile and `pnpm serve` spell out too: api/src/platform/node-args.test.ts holds
// them to it (docs/decisions/054-node-heap-flags.md, 058-buffer-pool.md). The benches and the
// browser tests start the portal so, that what they measure is what runs.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The built server. */
export const PORTAL_ENTRY = path.join(root, 'api/dist/main.mjs');

/** @type {string[]} node's flags for the portal, before its entry. */
export const PORTAL_NODE_ARGS = JSON.parse(readFileSync(path.join(root, 'deploy/node-args.json'), 'utf8'));

/**
 * @type {Record<string, string>} the variables of the portal's process, besides its
 * configuration: `GLIBC_TUNABLES` has glibc's malloc ask the kernel for transparent huge pages,
 * read by the C library when the process starts, so it cannot be set from inside.
 */
export const PORTAL_PROCESS_ENV = JSON.parse(readFileSync(path.join(root, 'deploy/node-env.json'), 'utf8'));

/**
 * The variables a bench starts its servers with, the bare baseline's too (a setting of the host's
 * C library, which a bare server would get as well): PORTAL_PROCESS_ENV, or none when
 * BENCH_NODE_ENV is 'off'.
 */
export function benchProcessEnv() {
  return process.env.BENCH_NODE_ENV === 'off' ? {} : { ...PORTAL_PROCESS_ENV };
}

/**
 * The flags a bench starts the portal with: PORTAL_NODE_ARGS, or BENCH_NODE_ARGS instead when
 * it is set (space-separated; '' for node's defaults, or the production flags and a profiler's).
 */
export function portalNodeArgs() {
  const given = process.env.BENCH_NODE_ARGS;
  return given === undefined ? [...PORTAL_NODE_ARGS] : given.split(' ').filter(Boolean);
}
