import type { Logger } from '../platform/logger';

/** A logger that keeps every line it is told, for tests that read what a start logged. */
export function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => lines.push(args.map(String).join(' '));
  return { lines, info: keep, warn: keep, error: keep, notice: keep };
}
