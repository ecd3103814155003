import { describe, expect, it } from 'vitest';
import { containsPattern } from './search-pattern';

describe('containsPattern', () => {
  it.each([
    ['abc', '%abc%'],
    ['50%', '%50\\%%'],
    ['a_b', '%a\\_b%'],
    ['back\\slash', '%back\\\\slash%'],
    ['', '%%'],
  ])('%j -> %j', (text, pattern) => {
    expect(containsPattern(text)).toBe(pattern);
  });
});
