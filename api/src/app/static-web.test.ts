import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../http/context';
import { mountWeb } from './static-web';

/** A built PWA as vite writes it with `sourcemap: 'hidden'`: each bundle with its .map beside it. */
describe('mountWeb', () => {
  let dir: string;
  let server: Server;
  let base: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ecu-web-dist-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Portal</title>');
    await writeFile(path.join(dir, 'assets/index-abc.js'), 'console.log(1)');
    await writeFile(path.join(dir, 'assets/index-abc.js.map'), '{"version":3,"sources":["secret.ts"]}');
    await writeFile(path.join(dir, 'assets/index-abc.js.map.gz'), 'gz');
    await writeFile(path.join(dir, 'sw.js.map'), '{"version":3}');
    const app = new Hono<AppEnv>();
    mountWeb(app, dir);
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', resolve)));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(dir, { recursive: true, force: true });
  });

  it('serves the bundles', async () => {
    const res = await fetch(`${base}/assets/index-abc.js`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('console.log(1)');
  });

  it.each([
    '/assets/index-abc.js.map',
    '/assets/index-abc.js.map.gz',
    '/sw.js.map',
    '/assets/index-abc.js%2Emap',
    '/assets/index-abc.js.MAP',
  ])('answers 404 for the source map %s, never its content nor the shell', async (url) => {
    const res = await fetch(`${base}${url}`, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(res.status).toBe(404);
    const body = await res.text();
    expect(body).not.toContain('secret.ts');
    expect(body).not.toContain('<title>Portal</title>');
  });
});
