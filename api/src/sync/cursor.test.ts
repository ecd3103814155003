import { describe, expect, it } from 'vitest';
import { comparePositions, encodeCursor, FEED_START, parseCursor } from './cursor';

describe('sync cursor', () => {
  it('round-trips a (tx, seq) pair through one opaque string', () => {
    const position = { tx: '18446744073709551615', seq: 900_719_925_474_099 };
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(parseCursor(cursor)).toEqual({ kind: 'position', position });
  });

  it('starts the feed when there is no cursor or the cursor 0', () => {
    for (const raw of [undefined, '', '0']) {
      expect(parseCursor(raw)).toEqual({ kind: 'position', position: FEED_START });
    }
  });

  it("takes an installed client's numeric cursor for an old one (a full resync)", () => {
    expect(parseCursor('42')).toEqual({ kind: 'legacy' });
    expect(parseCursor('123456789012345678')).toEqual({ kind: 'legacy' });
  });

  it.each([['abc'], ['-1'], ['1.5'], ['1'.repeat(19)], ['0x10'], [`${encodeCursor({ tx: '1', seq: 2 })}=`]])(
    'refuses %s',
    (raw) => {
      expect(parseCursor(raw)).toEqual({ kind: 'invalid' });
    },
  );

  it('orders positions by transaction, then sequence', () => {
    expect(comparePositions({ tx: '10', seq: 5 }, { tx: '9', seq: 50 })).toBe(1);
    expect(comparePositions({ tx: '9', seq: 50 }, { tx: '10', seq: 5 })).toBe(-1);
    expect(comparePositions({ tx: '10', seq: 5 }, { tx: '10', seq: 6 })).toBe(-1);
    expect(comparePositions({ tx: '10', seq: 6 }, { tx: '10', seq: 6 })).toBe(0);
  });
});
