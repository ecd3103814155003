import { formatFileSize } from '../formats/file-size';

/**
 * The file store at or past this share used is 'nearly full': the admin's Overview warns and
 * the server logs it, before an upload is refused with a 507
 * (docs/decisions/071-faults-answer-503-and-507.md).
 */
export const STORAGE_WARNING_PERCENT = 90;

/** The file store's disk as Overview shows it (GET /admin/overview). */
export interface StorageUseDto {
  totalBytes: number;
  /** What a write may still use (the file system's available blocks). */
  freeBytes: number;
  /** Whole percent used, 0-100. */
  usedPercent: number;
  nearlyFull: boolean;
}

/** The use of a disk of `totalBytes` with `freeBytes` still available. */
export function storageUse(totalBytes: number, freeBytes: number): StorageUseDto {
  const free = Math.max(0, Math.min(freeBytes, totalBytes));
  const usedPercent = totalBytes > 0 ? Math.floor(((totalBytes - free) / totalBytes) * 100) : 100;
  return { totalBytes, freeBytes: free, usedPercent, nearlyFull: usedPercent >= STORAGE_WARNING_PERCENT };
}

/** One line for the log and the Overview card: '93% used: 512 KB free of 8.00 MB'. */
export function storageUseText(use: StorageUseDto): string {
  return `${use.usedPercent}% used: ${formatFileSize(use.freeBytes)} free of ${formatFileSize(use.totalBytes)}`;
}
