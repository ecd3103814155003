import { describe, expect, it } from 'vitest';
import { compileRules, findClues, MAX_DISTINCT_CLUES } from './clues';
import { MAKER_RULES } from './families';
import { identifyEcu } from './index';
import { scanAsciiRuns } from './scan';
import { KB, makeBinary } from './test-binaries';

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe('scanAsciiRuns', () => {
  it('finds runs of five or more printable characters, with their offsets', () => {
    const bytes = new Uint8Array([0, ...ascii('EDC16'), 0xff, ...ascii('ab1d'), 0x0a, ...ascii('ME7.5 x')]);
    expect(scanAsciiRuns(bytes)).toEqual([
      { offset: 1, text: 'EDC16' },
      { offset: 12, text: 'ME7.5 x' },
    ]);
  });

  it('cuts a long run into pieces of bounded length', () => {
    const runs = scanAsciiRuns(ascii('x'.repeat(5000)));
    expect(runs.length).toBeGreaterThan(1);
    expect(Math.max(...runs.map((r) => r.text.length))).toBeLessThanOrEqual(1024);
    expect(runs.at(-1)!.offset + runs.at(-1)!.text.length).toBe(5000);
  });
});

describe('an identifier in a long run of text', () => {
  // Padding of spaces around the identifiers, long enough to be cut into pieces.
  it.each([900, 950, 955, 1000, 1020, 2900])('is found once at %i', (offset) => {
    const text = `${' '.repeat(offset)}0281017946${' '.repeat(4000 - offset)}`;
    const result = identifyEcu(makeBinary({ size: 64 * KB, strings: [{ offset: 100, text }] }));
    expect(result.clues).toEqual([
      { kind: 'hardwareNumber', value: '0281017946', maker: 'Bosch', offset: 100 + offset, count: 1 },
    ]);
  });
});

describe('a read that repeats one string over a long run', () => {
  const repeated = (text: string, bytes: number) => {
    const out = new Uint8Array(bytes);
    for (let i = 0; i < bytes; i++) out[i] = text.charCodeAt(i % text.length);
    return out;
  };
  // Every printed string counted once, wherever the run is cut into pieces: the overlaps are
  // remembered one piece at a time, not for the whole file.
  it.each([
    ['EDC17 ', 6 * 1000, 'EDC17', 1000],
    ['EDC17 ', 6 * 100_000, 'EDC17', 100_000],
    ['0281012345 ', 11 * 50_000, '0281012345', 50_000],
    ['x EDC16C34 ', 11 * 20_000, 'EDC16C34', 20_000],
  ])('%j over %i bytes: %s counted %i times', (text, bytes, value, count) => {
    const clue = identifyEcu(repeated(text, bytes)).clues.find((c) => c.value === value);
    expect(clue).toMatchObject({ value, offset: text.indexOf(value), count });
  });
});

describe('distinct clues', () => {
  it.each([
    [10, 10],
    [MAX_DISTINCT_CLUES, MAX_DISTINCT_CLUES],
    [50_000, MAX_DISTINCT_CLUES],
  ])('%i distinct hardware numbers keep %i', (distinct, kept) => {
    const text = Array.from({ length: distinct }, (_, i) => `0281${String(i).padStart(6, '0')}`).join(' ');
    const found = findClues(scanAsciiRuns(ascii(text)), compileRules(MAKER_RULES));
    expect(found.length).toBe(kept);
    expect(found[0]).toMatchObject({ value: '0281000000', count: 1 });
  });
});
