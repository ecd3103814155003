import { describe, expect, it } from 'vitest';
import { intlTag, isLocale, LOCALES, localeDirection, localeOfTag, negotiateLocale } from './locales';

describe('negotiateLocale', () => {
  it.each<[readonly string[] | string | null | undefined, string]>([
    [undefined, 'en'],
    [null, 'en'],
    ['', 'en'],
    [[], 'en'],
    [['de-DE', 'en'], 'de'],
    [['nl-NL', 'fr-BE', 'en'], 'fr'],
    [['ar-SA'], 'ar'],
    [['ar_MA'], 'ar'],
    [['zh-CN', 'ja'], 'en'],
    [['TR'], 'tr'],
    ['pl-PL,pl;q=0.9,en-US;q=0.8,en;q=0.7', 'pl'],
    ['en-US;q=0.5,it;q=0.9', 'it'],
    ['nl,es;q=0.2', 'es'],
    ['de;q=0,fr;q=0.1', 'fr'],
    ['*', 'en'],
    ['de;q=abc,es', 'es'],
    [';;;,,,', 'en'],
    ['x'.repeat(5000), 'en'],
  ])('%j -> %s', (preferences, expected) => {
    expect(negotiateLocale(preferences)).toBe(expected);
  });
});

describe('locale facts', () => {
  it('speaks eight languages, English first', () => {
    expect(LOCALES).toEqual(['en', 'de', 'fr', 'es', 'it', 'pl', 'tr', 'ar']);
  });

  it.each([
    ['en', 'ltr', 'en-GB'],
    ['de', 'ltr', 'de-DE'],
    ['tr', 'ltr', 'tr-TR'],
    ['ar', 'rtl', 'ar-u-nu-latn'],
  ] as const)('%s is %s and formats as %s', (locale, direction, tag) => {
    expect(localeDirection(locale)).toBe(direction);
    expect(intlTag(locale)).toBe(tag);
  });

  it.each([
    ['de-AT', 'de'],
    [' fr ', 'fr'],
    ['pt-BR', null],
    ['', null],
  ])('the tag %j is %s', (tag, expected) => {
    expect(localeOfTag(tag)).toBe(expected);
  });

  it.each([
    ['en', true],
    ['ar', true],
    ['EN', false],
    ['xx', false],
    [7, false],
    [null, false],
  ])('%j is a locale: %s', (value, expected) => {
    expect(isLocale(value)).toBe(expected);
  });
});
