import { spawn } from 'node:child_process';
import { scryptSync } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { Piscina } from 'piscina';
import { afterAll, describe, expect, it } from 'vitest';
import { PORTAL_NODE_ARGS as NODE_ARGS } from '../../../scripts/portal-process.mjs';
import { zodEnglishOnly } from '../../build-plugins.mjs';
import { BUILD_INFO } from './version';

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

describe('the built server (api/build.mjs as shipped)', () => {
  const out = path.join(API_ROOT, 'node_modules', '.cache', `ecu-build-${process.pid}-${Date.now()}`);
  const built = new Promise<void>((resolve, reject) => {
    const proc = spawn(process.execPath, ['build.mjs', out], {
      cwd: API_ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    proc.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`build.mjs: ${code}\n${stderr}`))));
  });
  afterAll(async () => {
    await built.catch(() => {});
    rmSync(out, { recursive: true, force: true });
  });

  /** Starts dist/main.mjs with DATA_DIR on a file: the start throws from the config's code. */
  async function failedStart(nodeArgs: string[]): Promise<{ code: number | null; stderr: string }> {
    await built;
    const notADir = path.join(scratch, 'a-file');
    writeFileSync(notADir, '');
    const proc = spawn(process.execPath, [...nodeArgs, path.join(out, 'main.mjs')], {
      cwd: API_ROOT,
      env: { PATH: process.env.PATH, DATA_DIR: notADir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    return new Promise((resolve) => proc.on('close', (code) => resolve({ code, stderr })));
  }

  it("names the TypeScript source in a stack trace with the portal's node flags (--enable-source-maps)", async () => {
    expect(NODE_ARGS).toContain('--enable-source-maps');
    const { code, stderr } = await failedStart(NODE_ARGS);
    expect(code).toBe(1);
    expect(stderr).toMatch(/ENOTDIR|EEXIST/);
    expect(stderr).toMatch(/api\/src\/config\.ts:\d+:\d+/);
    expect(stderr).toMatch(/api\/src\/main\.ts:\d+:\d+/);
  }, 120_000);

  it('names only the bundle without the flag: the maps beside it are what the trace reads', async () => {
    const { code, stderr } = await failedStart([]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/main\.mjs:\d+:\d+/);
    expect(stderr).not.toMatch(/src\/config\.ts/);
    expect(existsSync(path.join(out, 'main.mjs.map'))).toBe(true);
  }, 120_000);

  it('holds the version and commit it was built from (the start line and /api/health say them)', async () => {
    await built;
    const code = readdirSync(out)
      .filter((f) => f.endsWith('.mjs'))
      .map((f) => readFileSync(path.join(out, f), 'utf8'))
      .join('\n');
    expect(code).toContain(`commit:${JSON.stringify(BUILD_INFO.commit)}`);
    expect(code).toContain(`version:${JSON.stringify(BUILD_INFO.version)}`);
  }, 120_000);
});
