// Types of api/build-info.mjs, for api/src/platform/version.ts.
export function buildInfo(env?: Record<string, string | undefined>): { version: string; commit: string };
