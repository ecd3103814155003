import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
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
