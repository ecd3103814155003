/**
 * Upload speed and time left for a progress bar, from samples of (time, bytes sent so far).
 * Pure: the caller owns the clock and keeps the state between samples.
 */

/** How quickly older speed fades: about the last few seconds count (exponential moving average). */
const SMOOTHING_MS = 3000;
/** Progress events come many times a second; shorter gaps are merged into the next interval. */
const MIN_INTERVAL_MS = 250;
/** No bytes for this long and the last speed says nothing about the next minute. */
const STALLED_MS = 5000;

const KB = 1024;
const MB = 1024 * 1024;

export type TransferPhase = 'active' | 'paused' | 'done';

export interface TransferRate {
  /** The start of the interval being measured; null before the first sample. */
  readonly baseline: { readonly atMs: number; readonly bytes: number } | null;
  /**
   * False until the bytes have moved once: the first movement covers connecting and, on a
   * resumed upload, the offset the server already had, so it only sets the baseline.
   */
  readonly primed: boolean;
  /** Smoothed bytes per second; null while unknown. */
  readonly bytesPerSecond: number | null;
  /** When the bytes last moved. */
  readonly lastMoveAtMs: number | null;
}

export const NO_TRANSFER_RATE: TransferRate = {
  baseline: null,
  primed: false,
  bytesPerSecond: null,
  lastMoveAtMs: null,
};

/** The state after `bytes` had been sent at `atMs`. */
export function addTransferSample(rate: TransferRate, atMs: number, bytes: number): TransferRate {
  const { baseline } = rate;
  // First sample, or the upload started again from fewer bytes: measure afresh.
  if (!baseline || bytes < baseline.bytes) {
    return { ...NO_TRANSFER_RATE, baseline: { atMs, bytes } };
  }
  const moved = bytes > baseline.bytes;
  if (!rate.primed) {
    return moved ? { ...rate, baseline: { atMs, bytes }, primed: true, lastMoveAtMs: atMs } : rate;
  }
  const elapsed = atMs - baseline.atMs;
  if (elapsed < MIN_INTERVAL_MS) return moved ? { ...rate, lastMoveAtMs: atMs } : rate;
  const current = ((bytes - baseline.bytes) * 1000) / elapsed;
  const weight = 1 - Math.exp(-elapsed / SMOOTHING_MS);
  const previous = rate.bytesPerSecond;
  return {
    baseline: { atMs, bytes },
    primed: true,
    bytesPerSecond: previous === null ? current : previous + weight * (current - previous),
    lastMoveAtMs: moved ? atMs : rate.lastMoveAtMs,
  };
}

/** '2.4 MB/s', '850 KB/s', '512 B/s' (1 MB = 1024 × 1024 bytes, as in formatFileSize). */
export function formatTransferRate(bytesPerSecond: number): string {
  if (bytesPerSecond >= MB) return `${(bytesPerSecond / MB).toFixed(1)} MB/s`;
  if (bytesPerSecond >= KB) return `${Math.round(bytesPerSecond / KB)} KB/s`;
  return `${Math.round(bytesPerSecond)} B/s`;
}

/** 'about 12 s left', 'about 3 min left', 'about 2 h 5 min left'. */
export function formatTimeLeft(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `about ${s} s left`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `about ${h} h left` : `about ${h} h ${m} min left`;
}

export const TRANSFER_ESTIMATING = 'Estimating…';

/** The line beside a progress bar: '2.4 MB/s · about 12 s left', 'Estimating…', 'Paused', 'Done'. */
export function describeTransfer(
  rate: TransferRate,
  { sent, total, phase, nowMs }: { sent: number; total: number; phase: TransferPhase; nowMs: number },
): string {
  if (phase === 'done' || (total > 0 && sent >= total)) return 'Done';
  if (phase === 'paused') return 'Paused';
  const speed = rate.bytesPerSecond;
  const stalled = rate.lastMoveAtMs === null || nowMs - rate.lastMoveAtMs > STALLED_MS;
  if (speed === null || !(speed > 0) || stalled) return TRANSFER_ESTIMATING;
  const text = formatTransferRate(speed);
  return total > sent ? `${text} · ${formatTimeLeft((total - sent) / speed)}` : text;
}
