import { describe, expect, it } from 'vitest';
import { isReadyToDownload, type LatestFileFields, latestFiles } from './latest-files';

const TUNED = { id: 'f1', name: 'stage1.bin', size: 10, sha256: 'x', url: '/api/files/f1' };

/** A ticket: number, day of January 2026 it was filed, status, whether it has a tuned file. */
function t(ticketNumber: number, day: number, status: string, tuned = false): LatestFileFields {
  return {
    ticketNumber,
    createdAt: `2026-01-${String(day).padStart(2, '0')}T10:00:00.000Z`,
    status,
    ecuTunedFile: tuned ? TUNED : null,
  };
}

describe('isReadyToDownload', () => {
  it.each([
    ['Unlocked', true, true],
    ['Unlocked', false, false],
    ['Completed', true, false],
    ['Completed', false, false],
    ['Pending', true, false],
    ['In Progress', false, false],
    ['Failed', true, false],
    ['something-new', true, false],
  ] as const)('%s with a tuned file: %s -> %s', (status, tuned, ready) => {
    expect(isReadyToDownload(t(1, 1, status, tuned))).toBe(ready);
  });
});

describe('latestFiles', () => {
  it.each([
    ['nothing filed', [], []],
    ['newest first', [t(1, 1, 'Pending'), t(3, 3, 'Pending'), t(2, 2, 'Failed')], [3, 2, 1]],
    [
      'ready to download before newer ones, each group newest first',
      [t(1, 1, 'Unlocked', true), t(2, 2, 'Pending'), t(3, 3, 'Unlocked', true), t(4, 4, 'In Progress')],
      [3, 1, 4, 2],
    ],
    [
      'Unlocked without its file, or Completed, is not ready',
      [t(1, 1, 'Unlocked', true), t(2, 2, 'Unlocked'), t(3, 3, 'Completed', true)],
      [1, 3, 2],
    ],
    ['the same time: the higher ticket number first', [t(7, 5, 'Pending'), t(9, 5, 'Pending')], [9, 7]],
    [
      'at most five, a ready old one kept over newer ones',
      [1, 2, 3, 4, 5, 6, 7].map((n) => t(n + 1, n + 1, 'Pending')).concat(t(1, 1, 'Unlocked', true)),
      [1, 8, 7, 6, 5],
    ],
  ])('%s', (_, tickets, numbers) => {
    expect(latestFiles(tickets).map((x) => x.ticketNumber)).toEqual(numbers);
  });

  it('leaves its input as it was', () => {
    const tickets = [t(1, 1, 'Pending'), t(2, 2, 'Unlocked', true)];
    latestFiles(tickets);
    expect(tickets.map((x) => x.ticketNumber)).toEqual([1, 2]);
  });
});
