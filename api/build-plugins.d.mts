// Types of api/build-plugins.mjs, for api/src/platform/bundle.test.ts.
import type { Plugin } from 'esbuild';
export const zodEnglishOnly: Plugin;
