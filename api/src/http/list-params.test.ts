import { describe, expect, it } from 'vitest';
import { timeIdCursor } from './list-cursor';
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

describe('timeIdCursor', () => {
  it.each([
    ['2026-11-22T10:00:00.123Z|u1', { at: new Date('2026-11-22T10:00:00.123Z'), id: 'u1' }],
    ['2026-11-22T10:00:00Z|u1', { at: new Date('2026-11-22T10:00:00Z'), id: 'u1' }],
    ['99999|x', undefined],
    ['0000-01-01T00:00:00Z|x', undefined],
    ['+099999-01-01T00:00:00.000Z|x', undefined],
    ['2026-13-45T10:00:00.000Z|x', undefined],
    ['2026-11-22T10:00:00.000Z', undefined],
    ['2026-11-22T10:00:00.000Z|', undefined],
    ['2026-11-22T10:00:00.000Z|a|b', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j -> %j', (cursor, expected) => {
    expect(timeIdCursor(cursor)).toEqual(expected);
  });
});
