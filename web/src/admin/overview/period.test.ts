import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  customRangeError,
  DEFAULT_PRESET,
  longDay,
  type Period,
  periodFromSearch,
  periodToSearch,
  presetRange,
  rangeText,
  shortDay,
  todayIn,
} from './period';

describe('presetRange', () => {
  it.each([
    ['7d', '2026-06-15', '2026-06-09'],
    ['30d', '2026-06-15', '2026-05-17'],
    ['90d', '2026-06-15', '2026-03-18'],
    ['12m', '2026-06-15', '2025-06-16'],
    ['7d', '2026-03-02', '2026-02-24'],
    ['12m', '2024-02-29', '2023-03-01'],
    ['30d', '2026-01-10', '2025-12-12'],
  ] as const)('%s ending %s starts %s (both days included)', (preset, today, from) => {
    expect(presetRange(preset, today)).toEqual({ from, to: today });
  });
});

describe('day arithmetic', () => {
  it.each([
    ['2026-03-31', -1, '2026-02-28'],
    ['2024-03-31', -1, '2024-02-29'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2026-06-15', -12, '2025-06-15'],
    ['2026-12-15', 1, '2027-01-15'],
  ])('%s plus %s months is %s', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('reads today in the business’s time zone', () => {
    const late = new Date('2026-06-15T23:30:00Z');
    expect(todayIn('Europe/London', late)).toBe('2026-06-16');
    expect(todayIn('America/New_York', late)).toBe('2026-06-15');
    expect(todayIn('Not/AZone', late)).toBe('2026-06-15');
  });
});

describe('the period in the address', () => {
  const from = (query: string) => periodFromSearch(new URLSearchParams(query));

  it.each<[string, Period]>([
    ['', { kind: 'preset', preset: DEFAULT_PRESET }],
    ['period=7d', { kind: 'preset', preset: '7d' }],
    ['period=12m', { kind: 'preset', preset: '12m' }],
    ['period=5y', { kind: 'preset', preset: DEFAULT_PRESET }],
    ['from=2026-01-01&to=2026-01-31', { kind: 'custom', from: '2026-01-01', to: '2026-01-31' }],
    // Reversed, not a date, longer than two years: the default instead.
    ['from=2026-02-01&to=2026-01-01', { kind: 'preset', preset: DEFAULT_PRESET }],
    ['from=2026-02-30&to=2026-03-01', { kind: 'preset', preset: DEFAULT_PRESET }],
    ['from=2020-01-01&to=2026-01-01&period=7d', { kind: 'preset', preset: '7d' }],
  ])('?%s', (query, period) => {
    expect(from(query)).toEqual(period);
  });

  it('writes what it reads', () => {
    const periods: Period[] = [
      { kind: 'preset', preset: '7d' },
      { kind: 'preset', preset: DEFAULT_PRESET },
      { kind: 'custom', from: '2026-01-01', to: '2026-02-01' },
    ];
    for (const p of periods) {
      expect(periodFromSearch(new URLSearchParams(periodToSearch(p)))).toEqual(p);
    }
    expect(periodToSearch({ kind: 'preset', preset: DEFAULT_PRESET })).toEqual({});
  });
});

describe('customRangeError', () => {
  it.each([
    [{ from: '2026-01-01', to: '2026-01-31' }, null],
    [{ from: '2026-01-31', to: '2026-01-31' }, null],
    [{ from: '', to: '2026-01-31' }, 'Choose a start and an end date'],
    [{ from: '2026-02-01', to: '2026-01-31' }, 'The start date must be on or before the end date'],
    [{ from: '2023-01-01', to: '2026-01-31' }, 'Choose a range of at most two years'],
  ])('%j', (range, error) => {
    expect(customRangeError(range)).toBe(error);
  });
});

describe('labels', () => {
  it('formats days for axes and captions', () => {
    expect(shortDay('2026-01-05')).toBe('5 Jan');
    expect(longDay('2026-01-05')).toBe('5 Jan 2026');
    expect(rangeText({ from: '2026-06-01', to: '2026-06-30' })).toBe('1 Jun 2026 – 30 Jun 2026');
    expect(rangeText({ from: '2026-06-01', to: '2026-06-01' })).toBe('1 Jun 2026');
    expect(shortDay('garbage')).toBe('garbage');
  });
});
