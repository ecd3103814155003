import { describe, expect, it } from 'vitest';
import { automaticShare, chartSummary, countText, formatWaited, spokenWaited } from './overview-format';

describe('formatWaited', () => {
  it.each([
    [0, 'under 1 min'],
    [0.5, 'under 1 min'],
    [1, '1 min'],
    [59, '59 min'],
    [60, '1 h'],
    [61, '1 h 1 min'],
    [320, '5 h 20 min'],
    [1439, '23 h 59 min'],
    [1440, '1 d'],
    [1500, '1 d 1 h'],
    [3 * 1440 + 4 * 60 + 59, '3 d 4 h'],
    [400 * 1440, '400 d'],
    [-5, 'under 1 min'],
    [Number.NaN, 'under 1 min'],
  ])('%s minutes: %s', (minutes, text) => {
    expect(formatWaited(minutes)).toBe(text);
  });

  it.each([
    [3 * 1440 + 4 * 60, '3 days 4 hours'],
    [1440 + 60, '1 day 1 hour'],
    [61, '1 hour 1 minute'],
    [5, '5 minutes'],
    [0, 'under 1 minute'],
  ])('spoken, %s minutes: %s', (minutes, text) => {
    expect(spokenWaited(minutes)).toBe(text);
  });
});

describe('chartSummary', () => {
  it('names the chart, its period, the total and the highest bar', () => {
    expect(
      chartSummary({
        title: 'Files per day',
        range: '1 Jun 2026 – 3 Jun 2026',
        labels: ['1 Jun', '2 Jun', '3 Jun'],
        values: [2, 5, 1],
        format: String,
      }),
    ).toBe('Bar chart of files per day, 1 Jun 2026 – 3 Jun 2026: total 8, highest 5 (2 Jun).');
  });

  it('has no highest bar when everything is zero', () => {
    expect(
      chartSummary({
        title: 'Revenue per week',
        range: 'x',
        labels: ['a', 'b'],
        values: [0, 0],
        format: (n) => `£${n}`,
      }),
    ).toBe('Bar chart of revenue per week, x: total £0.');
  });
});

describe('countText', () => {
  it.each([
    [0, '0 files'],
    [1, '1 file'],
    [2, '2 files'],
  ])('%s', (n, text) => {
    expect(countText(n, 'file', 'files')).toBe(text);
  });
});

describe('automaticShare', () => {
  it.each([
    [0, 0, '–', 'No files delivered'],
    [1, 0, '0%', '0 of 1 file delivered'],
    [1, 1, '100%', '1 of 1 file delivered'],
    [12, 3, '25%', '3 of 12 files delivered'],
    [3, 1, '33%', '1 of 3 files delivered'],
    [3, 2, '67%', '2 of 3 files delivered'],
    [2, 5, '100%', '2 of 2 files delivered'],
  ])('%s delivered, %s automatically: %s', (delivered, automatic, value, note) => {
    expect(automaticShare(delivered, automatic)).toEqual({ value, note });
  });
});
