import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { MULTIPART_LIMIT } from '../tickets';
import { MAX_BYTES } from './tus-server';

const NGINX = new URL('../../../deploy/nginx.conf', import.meta.url);
const UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 * 1024, g: 1024 * 1024 * 1024 };

/** nginx's client_max_body_size in bytes (its k/m/g are powers of 1024). */
async function nginxBodyLimit(): Promise<number> {
  const conf = await readFile(NGINX, 'utf8');
  const sizes = [...conf.matchAll(/^\s*client_max_body_size\s+(\d+)([kmg]?)\s*;/gim)];
  expect(sizes).toHaveLength(1);
  const [, n, unit] = sizes[0]!;
  return Number(n) * UNITS[unit!.toLowerCase()]!;
}

describe('deploy/nginx.conf and the app agree on body sizes', () => {
  it('lets through the largest multipart ticket the app accepts, and nothing the app would refuse anyway', async () => {
    const limit = await nginxBodyLimit();
    expect(limit).toBeGreaterThanOrEqual(MULTIPART_LIMIT);
    // No more than the app's limit plus a little: the app answers 413 itself, in its envelope.
    expect(limit).toBeLessThanOrEqual(MULTIPART_LIMIT + 1024 * 1024);
  });

  it('lets through a whole tus upload sent in one PATCH', async () => {
    expect(await nginxBodyLimit()).toBeGreaterThanOrEqual(Math.max(...Object.values(MAX_BYTES)));
  });
});
