// The portal's version and commit, which the start line and GET /api/health report
// (docs/decisions/073-backup-and-restore.md). api/build.mjs writes them into the bundle; a server
// run from source (tsx, the tests) reads them here when it starts.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The root package.json's version, and the commit: GIT_COMMIT when set (the image is built
 * without .git: `docker build --build-arg GIT_COMMIT=$(git rev-parse HEAD)`), else what
 * `git rev-parse` says of the checkout, else 'unknown'.
 * @param {Record<string, string | undefined>} env
 * @returns {{ version: string; commit: string }}
 */
export function buildInfo(env = process.env) {
  const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  return { version: version ?? 'unknown', commit: env.GIT_COMMIT?.trim() || gitCommit() || 'unknown' };
}

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}
