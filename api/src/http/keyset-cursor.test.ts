import { describe, expect, it } from 'vitest';
import { parseIdCursor, parseTimeIdCursor } from './keyset-cursor';

const UUID = '0b7c2f4e-1a2b-4c3d-8e9f-0123456789ab';

describe('parseTimeIdCursor', () => {
  it.each([
    ['2026-11-22T10:00:00.123456Z|u1', { at: '2026-11-22T10:00:00.123456Z', id: 'u1' }],
    ['2026-11-22T10:00:00.123Z|u1', { at: '2026-11-22T10:00:00.123000Z', id: 'u1' }],
    ['2026-11-22T10:00:00Z|u1', { at: '2026-11-22T10:00:00.000000Z', id: 'u1' }],
    ['2024-02-29T23:59:59.999999Z|u1', { at: '2024-02-29T23:59:59.999999Z', id: 'u1' }],
    ['99999|x', undefined],
    ['0000-01-01T00:00:00Z|x', undefined],
    ['+099999-01-01T00:00:00.000Z|x', undefined],
    ['2026-13-45T10:00:00.000Z|x', undefined],
    ['2026-02-30T10:00:00Z|x', undefined],
    ['2026-01-01T24:00:00Z|x', undefined],
    ['2026-01-01T10:00:60Z|x', undefined],
    ['2026-01-01T10:00:00.1234567Z|x', undefined],
    ['2026-01-01T10:00:00+01:00|x', undefined],
    ['2026-11-22T10:00:00.000Z', undefined],
    ['2026-11-22T10:00:00.000Z|', undefined],
    ['2026-11-22T10:00:00.000Z|a|b', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j -> %j', (cursor, expected) => {
    expect(parseTimeIdCursor(cursor)).toEqual(expected);
  });

  it('takes only a uuid as the id where the column is one', () => {
    expect(parseTimeIdCursor(`2026-01-01T00:00:00Z|${UUID}`, { uuidId: true })).toEqual({
      at: '2026-01-01T00:00:00.000000Z',
      id: UUID,
    });
    expect(parseTimeIdCursor('2026-01-01T00:00:00Z|u1', { uuidId: true })).toBeUndefined();
  });
});

describe('parseIdCursor', () => {
  it.each([
    ['42', 42],
    ['999999999999999', 999_999_999_999_999],
    ['9999999999999999', undefined],
    ['-1', undefined],
    ['1.5', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j -> %j', (cursor, expected) => {
    expect(parseIdCursor(cursor)).toBe(expected);
  });
});
