import { scryptSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { Piscina } from 'piscina';
import { afterAll, describe, expect, it } from 'vitest';
import { zodEnglishOnly } from '../../build-plugins.mjs';

const API_ROOT = path.resolve(import.meta.dirname, '../..');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'ecu-bundle-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Bundles a module that uses zod as the server does, with api/build.mjs's options that matter. */
async function bundleZod(plugins: Plugin[]): Promise<string> {
  const result = await build({
    stdin: {
      contents: `import { z } from 'zod';
        export const locales = Object.keys(z.locales);
        export const message = z.string().safeParse(1).error?.issues[0]?.message;`,
      resolveDir: API_ROOT,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'silent',
    plugins,
  });
  return result.outputFiles[0]?.text ?? '';
}

describe("the server bundle's zod (docs/decisions/057-zod-locales.md)", () => {
  it('holds English alone, and says its messages in English', async () => {
    const code = await bundleZod([zodEnglishOnly]);
    // German's "expected" (esbuild writes the umlauts of other words as escapes).
    expect(code).not.toContain('erwartet');
    const file = path.join(scratch, 'english.mjs');
    writeFileSync(file, code);
    const bundled = (await import(pathToFileURL(file).href)) as { locales: string[]; message: string };
    expect(bundled.locales).toEqual(['en']);
    expect(bundled.message).toBe('Invalid input: expected string, received number');
  });

  it('is what api/build.mjs builds the server with', () => {
    const script = readFileSync(path.join(API_ROOT, 'build.mjs'), 'utf8');
    expect(script).toMatch(/^import \{ zodEnglishOnly \} from '\.\/build-plugins\.mjs';$/m);
    expect(script).toMatch(/plugins: \[\s*zodEnglishOnly,/);
  });

  it('holds every locale without the plugin, which is what it spares', async () => {
    const code = await bundleZod([]);
    expect(code).toContain('erwartet');
  });
});

describe("the server bundle's worker pool (docs/decisions/068-worker-pool.md)", () => {
  const script = () => readFileSync(path.join(API_ROOT, 'build.mjs'), 'utf8');

  it('is an entry of api/build.mjs, written beside main.mjs under the name the pool loads', () => {
    expect(script()).toMatch(/entryPoints: \[[^\]]*'src\/platform\/worker-pool-tasks\.ts'/);
    expect(script()).toMatch(/entryNames: '\[name\]'/);
    expect(script()).toMatch(/outExtension: \{ '\.js': '\.mjs' \}/);
    // piscina starts its threads from its own worker file: it stays in node_modules.
    expect(script()).toMatch(/^\s+'piscina',$/m);
    const pool = readFileSync(path.join(API_ROOT, 'src/platform/worker-pool.ts'), 'utf8');
    expect(pool).toMatch(/`\.\/worker-pool-tasks\.\$\{fromSource \? 'ts' : 'mjs'\}`/);
  });

  it('runs its tasks from the bundled file alone, without tsx', async () => {
    const result = await build({
      entryPoints: [path.join(API_ROOT, 'src/platform/worker-pool-tasks.ts')],
      outdir: scratch,
      entryNames: '[name]',
      outExtension: { '.js': '.mjs' },
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'silent',
      plugins: [zodEnglishOnly],
      metafile: true,
    });
    const filename = path.join(scratch, 'worker-pool-tasks.mjs');
    expect(Object.keys(result.metafile.outputs).map((o) => path.basename(o))).toContain(
      'worker-pool-tasks.mjs',
    );
    const pool = new Piscina({ filename, name: 'identify', maxThreads: 1, execArgv: [] });
    try {
      const bytes = new Uint8Array(64 * 1024).fill(0xff);
      bytes.set(Buffer.from('\0EDC17C46\0 0281019617\0', 'latin1'), 0x100);
      const identified = await pool.run({ bytes, expected: undefined }, { name: 'identify' });
      expect(identified).toMatchObject({ maker: 'Bosch', family: 'EDC17C46', hardwareNumber: '0281019617' });
      const key = await pool.run(
        { password: 'pw', salt: 'salt', N: 1024, r: 8, p: 1, keyLength: 16, maxmem: 32 * 2 ** 20 },
        { name: 'scrypt' },
      );
      expect(Buffer.from(key).toString('hex')).toBe(
        scryptSync('pw', 'salt', 16, { N: 1024, r: 8, p: 1 }).toString('hex'),
      );
    } finally {
      await pool.destroy();
    }
  });
});

describe("the PWA's TanStack Query", () => {
  it('bundles one copy of @tanstack/query-core, shared by react-query and the persisters', async () => {
    // The web build (vite) resolves packages as esbuild does: follow the symlinks to real paths.
    const result = await build({
      stdin: {
        contents: `export * from '@tanstack/react-query';
          export * from '@tanstack/react-query-persist-client';
          export * from '@tanstack/query-async-storage-persister';`,
        resolveDir: path.resolve(API_ROOT, '../web/src'),
        loader: 'ts',
      },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      external: ['react', 'react/jsx-runtime'],
      logLevel: 'silent',
      metafile: true,
    });
    const copies = new Set(
      Object.keys(result.metafile.inputs)
        .map((input) => /(.*\/@tanstack\/query-core)\//.exec(input)?.[1])
        .filter(Boolean),
    );
    expect(copies.size).toBe(1);
  });
});
