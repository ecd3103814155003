import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text asset of the build, once, at
 * build time: the portal serves them to browsers that accept them (serveStatic's
 * `precompressed`, api/src/app/static-web.ts). Uncompressed, the sign-in page's JavaScript
 * cost a phone about 430 KB instead of about 120 KB. Runs after the service worker is written
 * (the precache lists the plain files; the browser decodes what the server sends).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'ecu-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const bytes = await readFile(file);
          if (bytes.length < MIN_BYTES) return;
          const [br, gzipped] = await Promise.all([
            brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gz(bytes, { level: 9 }),
          ]);
          if (br.length < bytes.length) await writeFile(`${file}.br`, br);
          if (gzipped.length < bytes.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}
