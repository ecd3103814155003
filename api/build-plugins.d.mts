// Types of api/build-plugins.mjs for the TypeScript that builds with them (a test).
import type { Plugin } from 'esbuild';
export const zodEnglishOnly: Plugin;
