import { describe, expect, it } from 'vitest';
import { identifyEcu } from '../index';
import { KB, MB, makeBinary, type SyntheticBinary, truncated, withTrailingFill } from '../test-binaries';

const mjd6f3: SyntheticBinary = {
  size: 1 * MB,
  randomBytes: 900 * KB,
  seed: 63,
  strings: [{ offset: 0x20000, text: 'MJD6F3.D6' }],
};

const cases: { name: string; binary: SyntheticBinary; expected: Record<string, unknown> }[] = [
  {
    name: 'MJD 6F3 (Fiat 1.3 Multijet), 1 MB',
    binary: mjd6f3,
    expected: { maker: 'Marelli', family: 'MJD 6F3', fuel: 'diesel', flashSize: 1 * MB, warnings: [] },
  },
  {
    name: 'IAW 5NF (VAG 1.4), 512 KB',
    binary: { size: 512 * KB, randomBytes: 400 * KB, strings: [{ offset: 0x100, text: 'IAW 5NF' }] },
    expected: { maker: 'Marelli', family: 'IAW 5NF', fuel: 'petrol' },
  },
  {
    name: '8GMF is MM 8GMF, 2 MB',
    binary: { size: 2 * MB, randomBytes: 1.5 * MB, strings: [{ offset: 0x10000, text: 'HW 8GMF' }] },
    expected: { maker: 'Marelli', family: 'MM 8GMF', fuel: 'petrol' },
  },
  {
    name: 'MM 6LP (Fiat), 512 KB',
    binary: { size: 512 * KB, randomBytes: 400 * KB, strings: [{ offset: 0x100, text: 'MM6LP' }] },
    expected: { maker: 'Marelli', family: 'MM 6LP' },
  },
  {
    name: 'the short name MJD8 alone names nobody',
    binary: { size: 1 * MB, randomBytes: 900 * KB, strings: [{ offset: 0x20000, text: 'TYPE MJD8' }] },
    expected: { maker: null, family: null, clues: [] },
  },
];

describe('Marelli', () => {
  it.each(cases)('$name', ({ binary, expected }) => {
    expect(identifyEcu(makeBinary(binary))).toMatchObject(expected);
  });

  it('a read cut short keeps its identifiers and says it may be partial', () => {
    const result = identifyEcu(truncated(makeBinary(mjd6f3), 960 * KB));
    expect(result).toMatchObject({ maker: 'Marelli', family: 'MJD 6F3' });
    expect(result.warnings.map((w) => w.code)).toEqual(['unknown-size', 'partial-read']);
  });

  it('a read padded with 0xFF over most of its length is flagged', () => {
    const result = identifyEcu(withTrailingFill(makeBinary(mjd6f3), 0.8));
    expect(result.warnings).toEqual([
      expect.objectContaining({ code: 'partial-read', reason: 'trailing-fill' }),
    ]);
  });
});
