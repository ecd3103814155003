import { DEFAULT_WORKING_HOURS, openMinutesBetween, type WorkingHours } from '@ecu/shared';
import { describe, expect, it } from 'vitest';
import { minutesPerFinishedFile, openMinutesWithin, openPeriodsBetween, type Span } from './throughput';

const at = (iso: string) => Date.parse(iso);
const WEEKDAYS_9_TO_5: WorkingHours = {
  timeZone: 'UTC',
  week: [1, 2, 3, 4, 5].map((day) => ({ day, open: '09:00', close: '17:00' })),
  holidays: [],
};
const ALWAYS_OPEN: WorkingHours = {
  timeZone: 'UTC',
  week: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
  holidays: [],
};
const LONDON_EVENINGS: WorkingHours = {
  timeZone: 'Europe/London',
  week: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '18:00', close: '24:00' })),
  holidays: [{ date: '2026-03-31', name: 'Closed' }],
};
const NEVER_OPEN: WorkingHours = { timeZone: 'UTC', week: [], holidays: [] };

describe('openPeriodsBetween', () => {
  it.each<[string, WorkingHours, string, string, [string, string][]]>([
    [
      'weekdays, across a weekend',
      WEEKDAYS_9_TO_5,
      '2026-01-16T12:00:00Z', // Friday
      '2026-01-19T10:00:00Z', // Monday
      [
        ['2026-01-16T12:00:00.000Z', '2026-01-16T17:00:00.000Z'],
        ['2026-01-19T09:00:00.000Z', '2026-01-19T10:00:00.000Z'],
      ],
    ],
    [
      'always open: one period',
      ALWAYS_OPEN,
      '2026-01-16T12:00:00Z',
      '2026-01-30T12:00:00Z',
      [['2026-01-16T12:00:00.000Z', '2026-01-30T12:00:00.000Z']],
    ],
    ['never open: none', NEVER_OPEN, '2026-01-16T12:00:00Z', '2026-01-30T12:00:00Z', []],
    [
      'London evenings across the spring-forward, skipping a holiday',
      LONDON_EVENINGS,
      '2026-03-28T12:00:00Z',
      '2026-04-01T12:00:00Z',
      [
        ['2026-03-28T18:00:00.000Z', '2026-03-29T00:00:00.000Z'], // GMT
        ['2026-03-29T17:00:00.000Z', '2026-03-29T23:00:00.000Z'], // BST from 29 March
        ['2026-03-30T17:00:00.000Z', '2026-03-30T23:00:00.000Z'],
      ],
    ],
  ])('%s', (_, hours, from, to, expected) => {
    const periods = openPeriodsBetween(hours, at(from), at(to)).map(([s, e]) => [
      new Date(s).toISOString(),
      new Date(e).toISOString(),
    ]);
    expect(periods).toEqual(expected);
  });
});

describe('openMinutesWithin', () => {
  it('agrees with openMinutesBetween summed span by span', () => {
    // Deterministic pseudo-random spans over three weeks, sorted and disjoint.
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const spans: Span[] = [];
    let t = at('2026-03-20T00:00:00Z');
    for (let i = 0; i < 150; i++) {
      t += Math.floor(next() * 6 * 3_600_000);
      const end = t + Math.floor(next() * 5 * 3_600_000) + 60_000;
      spans.push([t, end]);
      t = end;
    }
    for (const hours of [DEFAULT_WORKING_HOURS, WEEKDAYS_9_TO_5, LONDON_EVENINGS, ALWAYS_OPEN, NEVER_OPEN]) {
      const expected = spans.reduce(
        (sum, [s, e]) => sum + openMinutesBetween(hours, new Date(s), new Date(e)),
        0,
      );
      expect(openMinutesWithin(hours, spans)).toBeCloseTo(expected, 6);
    }
  });

  it('is 0 without spans', () => {
    expect(openMinutesWithin(ALWAYS_OPEN, [])).toBe(0);
  });
});

describe('minutesPerFinishedFile', () => {
  const since = new Date('2026-01-01T00:00:00Z');
  const finish = (arrived: string, finished: string) => ({
    arrivedAt: new Date(arrived),
    finishedAt: new Date(finished),
  });

  it.each<[string, WorkingHours, ReturnType<typeof finish>[], boolean, number | null]>([
    ['no finishes', WEEKDAYS_9_TO_5, [], false, null],
    [
      'one file, arrived in the window',
      ALWAYS_OPEN,
      [finish('2026-01-05T10:00:00Z', '2026-01-05T10:40:00Z')],
      false,
      40,
    ],
    [
      'a file that waited for the one before starts at its finish',
      ALWAYS_OPEN,
      [
        finish('2026-01-05T10:00:00Z', '2026-01-05T10:10:00Z'),
        finish('2026-01-05T10:05:00Z', '2026-01-05T10:40:00Z'),
      ],
      false,
      (10 + 30) / 2,
    ],
    [
      'idle time between files is not counted',
      ALWAYS_OPEN,
      [
        finish('2026-01-05T10:00:00Z', '2026-01-05T10:10:00Z'),
        finish('2026-01-06T10:00:00Z', '2026-01-06T10:20:00Z'),
      ],
      false,
      15,
    ],
    [
      'closed hours are not counted',
      WEEKDAYS_9_TO_5,
      [finish('2026-01-09T16:00:00Z', '2026-01-12T09:30:00Z')], // Friday 16:00 to Monday 09:30
      false,
      90,
    ],
    [
      'a batch marked finished at once averages out',
      ALWAYS_OPEN,
      [
        finish('2026-01-05T09:00:00Z', '2026-01-05T12:00:00Z'),
        finish('2026-01-05T09:00:00Z', '2026-01-05T12:00:00Z'),
        finish('2026-01-05T09:00:00Z', '2026-01-05T12:00:00Z'),
      ],
      false,
      60,
    ],
    [
      'truncated: the oldest finish only marks when the next could start',
      ALWAYS_OPEN,
      [
        finish('2026-01-05T08:00:00Z', '2026-01-05T10:00:00Z'),
        finish('2026-01-05T09:00:00Z', '2026-01-05T10:30:00Z'),
      ],
      true,
      30,
    ],
    [
      'a file that arrived before the window is counted from the window',
      ALWAYS_OPEN,
      [finish('2025-12-20T00:00:00Z', '2026-01-01T02:00:00Z')],
      false,
      120,
    ],
  ])('%s', (_, hours, finishes, truncated, expected) => {
    expect(minutesPerFinishedFile(hours, finishes, since, truncated)).toBe(expected);
  });
});
