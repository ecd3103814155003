import { describe, expect, it } from 'vitest';
import {
  addTransferSample,
  describeTransfer,
  formatTimeLeft,
  formatTransferRate,
  NO_TRANSFER_RATE,
  type TransferPhase,
  type TransferRate,
} from './transfer-rate';

const MB = 1024 * 1024;

/** Feeds (ms, bytes) samples from the empty state. */
function feed(samples: Array<[number, number]>): TransferRate {
  return samples.reduce((rate, [at, bytes]) => addTransferSample(rate, at, bytes), NO_TRANSFER_RATE);
}

describe('formatTransferRate', () => {
  it.each([
    [2.4 * MB, '2.4 MB/s'],
    [MB, '1.0 MB/s'],
    [850 * 1024, '850 KB/s'],
    [1024, '1 KB/s'],
    [512, '512 B/s'],
  ])('%d B/s -> %s', (rate, expected) => {
    expect(formatTransferRate(rate)).toBe(expected);
  });
});

describe('formatTimeLeft', () => {
  it.each([
    [0.2, 'about 1 s left'],
    [11.2, 'about 12 s left'],
    [59, 'about 59 s left'],
    [60, 'about 1 min left'],
    [170, 'about 3 min left'],
    [3600, 'about 1 h left'],
    [7500, 'about 2 h 5 min left'],
  ])('%d s -> %s', (seconds, expected) => {
    expect(formatTimeLeft(seconds)).toBe(expected);
  });
});

describe('addTransferSample', () => {
  it.each<[string, Array<[number, number]>, number | null]>([
    ['no samples: unknown', [], null],
    ['one sample: unknown', [[0, 0]], null],
    [
      'the first movement only sets the baseline',
      [
        [0, 0],
        [1000, 5 * MB],
      ],
      null,
    ],
    [
      'a steady 1 MB/s',
      [
        [0, 0],
        [1000, MB],
        [2000, 2 * MB],
        [3000, 3 * MB],
        [4000, 4 * MB],
      ],
      MB,
    ],
    [
      'a resumed upload starts from its offset',
      [
        [0, 0],
        [50, 8 * MB],
        [1050, 9 * MB],
      ],
      MB,
    ],
    [
      'samples closer than 250 ms are merged',
      [
        [0, 0],
        [1000, MB],
        [1100, 1.1 * MB],
        [2000, 2 * MB],
      ],
      MB,
    ],
    [
      'a restart from 0 measures afresh',
      [
        [0, 0],
        [1000, MB],
        [2000, 2 * MB],
        [3000, 0],
      ],
      null,
    ],
  ])('%s', (_name, samples, expected) => {
    const rate = feed(samples).bytesPerSecond;
    if (expected === null) expect(rate).toBeNull();
    else expect(rate).toBeCloseTo(expected, 0);
  });

  it('follows a change of speed smoothly, over the last few seconds', () => {
    const steady = feed([
      [0, 0],
      [1000, MB],
      [2000, 2 * MB],
      [3000, 3 * MB],
    ]);
    // The speed halves: one second later the estimate is between the two, not either.
    const after1s = addTransferSample(steady, 4000, 3.5 * MB).bytesPerSecond!;
    expect(after1s).toBeLessThan(MB);
    expect(after1s).toBeGreaterThan(0.5 * MB);
    // Ten seconds at the new speed and the old one is gone.
    let rate = steady;
    for (let s = 1; s <= 10; s += 1) rate = addTransferSample(rate, 3000 + s * 1000, 3 * MB + s * 0.5 * MB);
    expect(rate.bytesPerSecond! / MB).toBeCloseTo(0.5, 1);
  });
});

describe('describeTransfer', () => {
  const steady = feed([
    [0, 0],
    [1000, MB],
    [2000, 2 * MB],
    [3000, 3 * MB],
  ]);
  it.each<[string, TransferRate, number, number, TransferPhase, number, string]>([
    ['speed and time left', steady, 3 * MB, 15 * MB, 'active', 3000, '1.0 MB/s · about 12 s left'],
    ['minutes left', steady, 3 * MB, 200 * MB, 'active', 3000, '1.0 MB/s · about 3 min left'],
    ['no speed yet', NO_TRANSFER_RATE, 0, 15 * MB, 'active', 0, 'Estimating…'],
    [
      'zero speed',
      feed([
        [0, 0],
        [1000, MB],
        [2000, MB],
        [3000, MB],
      ]),
      MB,
      2 * MB,
      'active',
      3000,
      'Estimating…',
    ],
    ['no bytes for over 5 s', steady, 3 * MB, 15 * MB, 'active', 8100, 'Estimating…'],
    ['paused', steady, 3 * MB, 15 * MB, 'paused', 3000, 'Paused'],
    ['done', steady, 3 * MB, 15 * MB, 'done', 3000, 'Done'],
    ['all bytes sent', steady, 15 * MB, 15 * MB, 'active', 3000, 'Done'],
  ])('%s', (_name, rate, sent, total, phase, nowMs, expected) => {
    expect(describeTransfer(rate, { sent, total, phase, nowMs })).toBe(expected);
  });
});
