/**
 * The running portal's version and git commit (docs/decisions/073-backup-and-restore.md): in the
 * bundle, the constant api/build.mjs defines at build time; from source, read once at start.
 */
export interface BuildInfo {
  version: string;
  commit: string;
}

declare const ECU_BUILD_INFO: BuildInfo | undefined;

export const BUILD_INFO: BuildInfo =
  typeof ECU_BUILD_INFO === 'undefined' ? (await import('../../build-info.mjs')).buildInfo() : ECU_BUILD_INFO;
