import { describe, expect, it } from 'vitest';
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
