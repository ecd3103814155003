import { describe, expect, it } from 'vitest';
import { formatDateTime } from './dates';
import { formatCredits, formatGBP, penceToPounds, poundsToPence } from './money';

describe('formatGBP', () => {
  it.each([
    [0, '£0.00'],
    [1584, '£1,584.00'],
    [60, '£60.00'],
    [0.1, '£0.10'],
    [Number.NaN, '£0.00'],
    [undefined, '£0.00'],
    [null, '£0.00'],
    ['abc', '£0.00'],
    ['12.5', '£12.50'],
  ])('%s -> %s', (input, expected) => {
    expect(formatGBP(input)).toBe(expected);
  });
});

describe('pence and pounds', () => {
  it.each([
    [158400, 1584],
    [1, 0.01],
    [6000, 60],
  ])('%i pence is £%d', (pence, pounds) => {
    expect(penceToPounds(pence)).toBe(pounds);
    expect(poundsToPence(pounds)).toBe(pence);
  });
  it('rounds float pounds to the penny', () => {
    expect(poundsToPence(0.1 + 0.2)).toBe(30);
  });
});

describe('formatCredits', () => {
  it.each([
    [0, '0 CRD'],
    [25, '25 CRD'],
    [undefined, '0 CRD'],
  ])('%s -> %s', (input, expected) => {
    expect(formatCredits(input)).toBe(expected);
  });
});

describe('formatDateTime', () => {
  it.each([
    ['2025-01-01T14:30:00Z', 'UTC', 'Jan 01, 2025, 14:30'],
    ['2025-01-01T00:05:00Z', 'UTC', 'Jan 01, 2025, 00:05'],
    ['2025-07-09T23:59:00Z', 'Europe/London', 'Jul 10, 2025, 00:59'],
    ['not a date', 'UTC', 'N/A'],
    [null, 'UTC', 'N/A'],
  ])('%s in %s -> %s', (input, tz, expected) => {
    expect(formatDateTime(input, tz)).toBe(expected);
  });
});
