// How the built portal is started: its entry and the flags its node runs with in production
// (deploy/node-args.json, which the Dockerfile's CMD and `pnpm serve` spell out too:
// api/src/platform/node-args.test.ts holds them to it; docs/decisions/054-node-heap-flags.md).
// The benches start the portal so, that what they measure is what runs.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The built server. */
export const PORTAL_ENTRY = path.join(root, 'api/dist/main.mjs');

/** @type {string[]} node's flags for the portal, before its entry. */
export const PORTAL_NODE_ARGS = JSON.parse(readFileSync(path.join(root, 'deploy/node-args.json'), 'utf8'));

/**
 * The flags a bench starts the portal with: PORTAL_NODE_ARGS, or BENCH_NODE_ARGS instead when
 * it is set (space-separated; '' for node's defaults, or the production flags and a profiler's).
 */
export function portalNodeArgs() {
  const given = process.env.BENCH_NODE_ARGS;
  return given === undefined ? [...PORTAL_NODE_ARGS] : given.split(' ').filter(Boolean);
}
