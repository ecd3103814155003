// Bundles the API, the workspace's shared package and most npm packages (see EXTERNAL) into
// dist/main.mjs; the SQL migrations are copied beside the bundle. Code splitting keeps each
// `await import()` a chunk of its own: without it esbuild inlines the lazy module and hoists
// its npm imports (the S3 SDK, pdfkit, Stripe) into main.mjs, which then loads them at every
// start (docs/decisions/029-start-and-memory.md). Chunks sit beside main.mjs, so
// `import.meta.url` (the migrations folder) means the same folder in any of them.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { buildInfo } from './build-info.mjs';
import { zodEnglishOnly } from './build-plugins.mjs';

/**
 * Packages that stay in node_modules: those that read files beside their own code (PGlite's
 * WebAssembly, pdfkit's fonts, pino's transport workers), the optional native add-ons of ws,
 * and those loaded only when configured or used (the import stays an import). Every other
 * package is bundled, once (@tus/s3-store shares @tus/server's @tus/utils): Node's ES module
 * loader costs about half a millisecond per file, and better-auth alone loaded some 600.
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  'pdfkit',
  'pino',
  'bufferutil',
  'utf-8-validate',
  'stripe',
  'nodemailer',
  'ioredis',
  '@aws-sdk',
  // Its pool starts worker threads from a file of its own, beside its code.
  'piscina',
];

// `node build.mjs DIR` builds into DIR instead (a test runs what is shipped: bundle.test.ts).
const outdir = process.argv[2] ?? 'dist';
rmSync(outdir, { recursive: true, force: true });
await build({
  // The worker pool's threads load worker-pool-tasks.mjs from beside the bundle
  // (docs/decisions/068-worker-pool.md); `node dist/reset-password-cli.mjs EMAIL`: the
  // operator's password reset, and `node dist/backup-cli.mjs` / `restore-cli.mjs ARCHIVE`
  // (docs/decisions/073-backup-and-restore.md), in the image too.
  entryPoints: [
    'src/main.ts',
    'src/platform/worker-pool-tasks.ts',
    'src/accounts/reset-password-cli.ts',
    'src/operations/backup-cli.ts',
    'src/operations/restore-cli.ts',
  ],
  outdir,
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  splitting: true,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Beside each file, named by its last line: node --enable-source-maps (deploy/node-args.json)
  // reads them for stack traces; the server serves none of them. Without the sources' text, which
  // a trace does not need: node parses each loaded chunk's map as it loads it, and the auth chunk's
  // map took 7 MiB of heap with the text, 2 without (docs/benchmarks.md).
  sourcemap: true,
  sourcesContent: false,
  // The version and commit of the start line and /api/health (src/platform/version.ts).
  define: { ECU_BUILD_INFO: JSON.stringify(buildInfo()) },
  // No comments or indentation: less source for V8 to hold, and one non-Latin-1 character in a
  // comment made V8 keep a whole chunk's source at two bytes a character (about 2 MiB at start).
  minifyWhitespace: true,
  legalComments: 'none',
  logLevel: 'warning',
  // CommonJS packages bundled into an ES module still call require (for Node's own modules).
  banner: {
    js: "import { createRequire as __ecuCreateRequire } from 'node:module'; const require = __ecuCreateRequire(import.meta.url);",
  },
  plugins: [
    zodEnglishOnly,
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          EXTERNAL.some((name) => args.path === name || args.path.startsWith(`${name}/`))
            ? { path: args.path, external: true }
            : undefined,
        );
      },
    },
  ],
});
cpSync('src/db/migrations', `${outdir}/migrations`, { recursive: true });
