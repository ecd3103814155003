import { describe, expect, it } from 'vitest';
import { type AppliedTheme, parseThemeChoice, resolveTheme, type ThemeChoice } from './theme';

describe('resolveTheme', () => {
  it.each<[ThemeChoice, boolean, AppliedTheme]>([
    ['system', false, 'light'],
    ['system', true, 'dark'],
    ['light', true, 'light'],
    ['light', false, 'light'],
    ['dark', false, 'dark'],
    ['dark', true, 'dark'],
  ])('%s with the device dark=%s -> %s', (choice, systemDark, expected) => {
    expect(resolveTheme(choice, systemDark)).toBe(expected);
  });
});

describe('parseThemeChoice', () => {
  it.each<[unknown, ThemeChoice]>([
    ['light', 'light'],
    ['dark', 'dark'],
    ['system', 'system'],
    // Nothing stored, or something this version does not know: the device's setting.
    [null, 'system'],
    ['Dark', 'system'],
    ['sepia', 'system'],
  ])('%s -> %s', (stored, expected) => {
    expect(parseThemeChoice(stored)).toBe(expected);
  });
});
