import { statfs } from 'node:fs/promises';
import { type StorageUseDto, storageUse, storageUseText } from '@ecu/shared';
import type { Logger } from './logger';

/**
 * The use of the disk that holds `dir` (the file store's DATA_DIR). With S3 there is no local
 * disk under the files to watch: the bucket's provider reports its own use.
 */
export async function diskUse(dir: string): Promise<StorageUseDto> {
  const fs = await statfs(dir);
  return storageUse(fs.blocks * fs.bsize, fs.bavail * fs.bsize);
}

/** How often at most a write makes the watch read the disk again. */
export const DISK_CHECK_INTERVAL_MS = 60_000;

/**
 * Logs a warning when the file store's disk passes 90% used, once per crossing, and a line
 * when it is back under (docs/decisions/071-faults-answer-503-and-507.md). Uploads ask it to
 * check (at most once a minute); the admin's Overview reads it every time.
 */
export class DiskWatch {
  private nearlyFull = false;
  private checkedAt = Number.NEGATIVE_INFINITY;

  constructor(
    readonly dir: string,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** The disk's use now, logged if it crossed the warning line. */
  async read(): Promise<StorageUseDto> {
    this.checkedAt = this.now();
    const use = await diskUse(this.dir);
    if (use.nearlyFull && !this.nearlyFull) {
      this.logger.warn(
        `The file store is nearly full: ${storageUseText(use)}. Uploads fail once it is full.`,
        {
          dir: this.dir,
        },
      );
    } else if (!use.nearlyFull && this.nearlyFull) {
      this.logger.info(`The file store has room again: ${storageUseText(use)}.`, { dir: this.dir });
    }
    this.nearlyFull = use.nearlyFull;
    return use;
  }

  /** read(), unless the disk was read less than a minute ago. Never throws. */
  async check(): Promise<void> {
    if (this.now() - this.checkedAt < DISK_CHECK_INTERVAL_MS) return;
    await this.read().catch((err: unknown) =>
      this.logger.warn('Could not read the file store disk use:', err),
    );
  }
}

const watches = new WeakMap<Logger, Map<string, DiskWatch>>();

/** The one watch of a directory per logger (per server), so that a crossing is logged once. */
export function diskWatchOf(dir: string, logger: Logger): DiskWatch {
  let byDir = watches.get(logger);
  if (!byDir) {
    byDir = new Map();
    watches.set(logger, byDir);
  }
  let watch = byDir.get(dir);
  if (!watch) {
    watch = new DiskWatch(dir, logger);
    byDir.set(dir, watch);
  }
  return watch;
}
