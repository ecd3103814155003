import { describe, expect, it } from 'vitest';
import { identifyEcu } from '../index';
import { KB, MB, makeBinary, type SyntheticBinary, truncated, withTrailingFill } from '../test-binaries';

const toyota: SyntheticBinary = {
  size: 1 * MB,
  randomBytes: 800 * KB,
  seed: 7058,
  strings: [{ offset: 0x3ff00, text: 'MB275800-8474' }],
};

const cases: { name: string; binary: SyntheticBinary; expected: Record<string, unknown> }[] = [
  {
    name: 'MB275800 (Toyota, SH7058), 1 MB',
    binary: toyota,
    expected: {
      maker: 'Denso',
      family: 'MB275800',
      hardwareNumber: 'MB275800-8474',
      fuel: null,
      flashSize: 1 * MB,
      warnings: [],
    },
  },
  {
    name: 'a number without MB prefix, 2 MB',
    binary: { size: 2 * MB, randomBytes: 1.5 * MB, strings: [{ offset: 0x7ff00, text: '279700-1234' }] },
    expected: { maker: 'Denso', family: 'MB279700', hardwareNumber: '279700-1234' },
  },
  {
    name: 'other six-digit groups are not Denso',
    binary: { size: 2 * MB, randomBytes: 1.5 * MB, strings: [{ offset: 0x7ff00, text: '276800-1234' }] },
    expected: { maker: null, hardwareNumber: null, clues: [] },
  },
];

describe('Denso', () => {
  it.each(cases)('$name', ({ binary, expected }) => {
    expect(identifyEcu(makeBinary(binary))).toMatchObject(expected);
  });

  it('a read cut short keeps its identifiers and says it may be partial', () => {
    const result = identifyEcu(truncated(makeBinary(toyota), 1000 * KB));
    expect(result).toMatchObject({ maker: 'Denso', family: 'MB275800' });
    expect(result.warnings.map((w) => w.code)).toEqual(['unknown-size', 'partial-read']);
  });

  it('a read padded with 0xFF over most of its length is flagged', () => {
    const result = identifyEcu(withTrailingFill(makeBinary(toyota), 0.7));
    expect(result.warnings).toEqual([
      expect.objectContaining({ code: 'partial-read', reason: 'trailing-fill' }),
    ]);
  });
});
