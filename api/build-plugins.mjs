// esbuild plugins of api/build.mjs, in a module of their own so that a test can build with them
// (api/src/platform/bundle.test.ts).
import path from 'node:path';

/**
 * zod's namespace (`z`) re-exports its 63 locales as `z.locales`, and esbuild keeps a namespace
 * whole: 305 KB of the 601 KB zod chunk, which every start parsed, for messages in languages the
 * server never sets (zod sets English itself, from locales/en.js). Here `z.locales` is English
 * alone (docs/decisions/057-zod-locales.md). Should zod move its files, nothing matches and the
 * bundle is as it was.
 * @type {import('esbuild').Plugin}
 */
export const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|core|mini)$/.test(args.resolveDir)
        ? { path: path.join(args.resolveDir, '../locales/index.js'), namespace: 'zod-english-only' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: path.dirname(args.path),
    }));
  },
};
