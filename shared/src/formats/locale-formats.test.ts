import { describe, expect, it } from 'vitest';
import type { Locale } from '../i18n/locales';
import { formatDateTime } from './dates';
import { formatFileSize } from './file-size';
import { formatCredits, formatGBP } from './money';

/** Intl puts no-break and narrow no-break spaces where a line must not break: compared as spaces. */
const spaced = (text: string) => text.replace(/\s/gu, ' ');

describe('formats in each language', () => {
  it.each<[Locale, string, string, string, string, string]>([
    ['en', 'Jan 01, 2025, 14:30', '£1,584.50', '12500 CRD', '20.00 MB', '1.5 KB'],
    ['de', '01. Jan. 2025, 14:30', '1.584,50 £', '12.500 CRD', '20,00 MB', '1,5 kB'],
    ['fr', '01 janv. 2025, 14:30', '1 584,50 £GB', '12 500 CRD', '20,00 Mo', '1,5 ko'],
    ['es', '01 ene 2025, 14:30', '1584,50 GBP', '12.500 CRD', '20,00 MB', '1,5 kB'],
    ['it', '01 gen 2025, 14:30', '1584,50 £', '12.500 CRD', '20,00 MB', '1,5 kB'],
    ['pl', '01 sty 2025, 14:30', '1584,50 GBP', '12 500 CRD', '20,00 MB', '1,5 kB'],
    ['tr', '01 Oca 2025 14:30', '£1.584,50', '12.500 CRD', '20,00 MB', '1,5 kB'],
    ['ar', '01 يناير 2025، 14:30', '\u200f1,584.50 UK£', '12,500 CRD', '20.00 م.ب', '1.5 كيلوبايت'],
  ])('%s: %s, %s, %s, %s, %s', (locale, date, money, credits, megabytes, kilobytes) => {
    expect(spaced(formatDateTime('2025-01-01T14:30:00Z', 'UTC', locale))).toBe(date);
    expect(spaced(formatGBP(1584.5, locale))).toBe(money);
    expect(spaced(formatCredits(12500, locale))).toBe(credits);
    expect(spaced(formatFileSize(20 * 1024 * 1024, locale))).toBe(megabytes);
    expect(spaced(formatFileSize(1536, locale))).toBe(kilobytes);
  });

  it('keeps the desk time zone in every language', () => {
    expect(spaced(formatDateTime('2025-07-09T23:59:00Z', 'Europe/London', 'de'))).toBe(
      '10. Juli 2025, 00:59',
    );
  });

  it.each<Locale>(['de', 'ar'])('says N/A for what is not a value in %s, as in English', (locale) => {
    expect(formatDateTime('not a date', 'UTC', locale)).toBe('N/A');
    expect(formatFileSize(-1, locale)).toBe('N/A');
    expect(spaced(formatGBP('abc', locale))).toBe(spaced(formatGBP(0, locale)));
    expect(formatCredits(undefined, locale)).toBe(formatCredits(0, locale));
  });
});
