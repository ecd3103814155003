import { createRequire } from 'node:module';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { PORTAL_PROCESS_ENV } from './scripts/portal-process.mjs';
import { precompress } from './scripts/precompress';

const API_TARGET = process.env.API_URL ?? 'http://localhost:3000';

// React Router's package exports point at its development build (dev warnings on) for every
// bundler; its production build beside it is the same code without them, 0.5 KB gzip less on
// the first visit (docs/decisions/031-first-visit.md).
const fromWeb = createRequire(new URL('./web/package.json', import.meta.url));
const reactRouterProduction = createRequire(fromWeb.resolve('react-router-dom'))
  .resolve('react-router')
  .replace(/dist[\\/]development[\\/].*$/, 'dist/production/');

/**
 * The API suite on PGlite runs its files' PGlite instances with WebAssembly at V8's baseline
 * compiler only: a test file's instance lives seconds, and the optimizing compiler's tier-up
 * of the functions it made hot took V8's worker threads and stalled the main thread, about 15%
 * of the suite's time. The server does not run with them: they slowed its steady state on PGlite
 * (docs/decisions/056-start-loop.md).
 */
const BASELINE_WASM_ONLY = ['--no-wasm-dynamic-tiering', '--no-wasm-tier-up'];

/** Node's `gc()` for the test that holds the chat rooms' heap flat (api/src/chat/chat-memory.test.ts). */
const EXPOSE_GC = '--expose-gc';

// The test workers (and the portals some tests spawn) are processes started from this one: they
// start with the portal's process variables, as it runs in production. Huge pages for malloc took
// a fifth off the API suite on PGlite (docs/decisions/058-buffer-pool.md).
Object.assign(process.env, PORTAL_PROCESS_ENV);

/**
 * One config for the web build (root: web/) and for every test project:
 * shared and web unit tests, and the API integration suite twice, on PGlite and on PostgreSQL.
 */
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: `${reactRouterProduction}index.mjs` },
      { find: /^react-router\/dom$/, replacement: `${reactRouterProduction}dom-export.mjs` },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps stay in the build for debugging, unnamed by the bundles; the server never serves them.
    sourcemap: 'hidden',
    manifest: true,
    chunkSizeWarningLimit: 600,
    // Browsers without <link rel=modulepreload> (Safari before 17) still load every chunk, one
    // after another; the polyfill for them would weigh on every first visit.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The features' public modules (web/src/<feature>/index.ts) only re-export: a page that
      // takes one name from one must not also load what the others need (the dashboard's first
      // paint took the ticket feature's uploads and TanStack Query through them;
      // docs/decisions/084-paint-from-device.md).
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]web[\\/]src[\\/][\w-]+[\\/]index\.ts$/.test(id),
      },
      output: {
        codeSplitting: {
          // The small modules every signed-out page shares, in one chunk: one request and one
          // name in the entry's preload map instead of seven (docs/decisions/031-first-visit.md).
          groups: [
            {
              name: 'sign-in-kit',
              test: /web\/src\/(ui\/(field|password-input|toast)|accounts\/(api|auth-screen)|local\/api-client)\.tsx?$|shared\/src\/api\/error-codes\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: API_TARGET, changeOrigin: false, ws: true } },
  },
  plugins: [
    // Lingui's macros are transformed natively, and each language's PO catalogue is compiled on
    // import (docs/decisions/093-languages.md).
    lingui({ macroTransform: true }),
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/*.png'],
      manifest: {
        name: 'ECU Portal - World Leading File Portal',
        short_name: 'ECU Portal',
        description: 'Upload ECU reads, buy credits, chat with support and download tuned files.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#0b1220',
        theme_color: '#0b1220',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,jpg,webp,woff2}'],
        // The admin Overview's chart code is not precached for every visitor; an admin's first
        // visit caches it (docs/decisions/020-overview-charts.md).
        globIgnores: ['**/overview-charts-*.js'],
        runtimeCaching: [
          {
            urlPattern: /\/assets\/overview-charts-[\w-]+\.js$/,
            handler: 'CacheFirst',
            options: { cacheName: 'admin-charts', expiration: { maxEntries: 4 } },
          },
        ],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // Push and notification clicks (web/public/push-sw.js; docs/decisions/038-web-push.md).
        importScripts: ['push-sw.js'],
      },
    }),
    precompress(),
  ],
  test: {
    root: '.',
    // Vitest's default on 2 cores is one worker; the API files are mostly waiting on I/O.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', root: 'shared', include: ['src/**/*.test.ts'] } },
      {
        // The components' messages are Lingui macros here too.
        plugins: [lingui({ macroTransform: true })],
        test: {
          name: 'web',
          root: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['src/test/setup.ts'],
          // vi.useFakeTimers() fakes the clocks, never setImmediate: fake-indexeddb runs its work
          // on it, and work queued on a fake clock is dropped with it, which left the local
          // database half-open for the rest of a file (web/src/local/connectivity.test.ts).
          fakeTimers: { toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] },
        },
      },
      {
        test: {
          name: 'api-pglite',
          root: 'api',
          execArgv: [...BASELINE_WASM_ONLY, EXPOSE_GC],
          include: ['src/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['src/test/global-setup.ts'],
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          root: 'api',
          execArgv: [EXPOSE_GC],
          include: ['src/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['src/test/global-setup.ts'],
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
