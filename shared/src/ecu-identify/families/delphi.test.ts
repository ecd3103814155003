import { describe, expect, it } from 'vitest';
import { identifyEcu } from '../index';
import { KB, MB, makeBinary, type SyntheticBinary, truncated, withTrailingFill } from '../test-binaries';

const dcm35: SyntheticBinary = {
  size: 2 * MB,
  randomBytes: 1.5 * MB,
  seed: 35,
  strings: [
    { offset: 0x8000, text: 'DCM3.5' },
    { offset: 0x8010, text: '28231014' },
    { offset: 0x1f0000, text: 'DDCR 28231014' },
  ],
};

const cases: { name: string; binary: SyntheticBinary; expected: Record<string, unknown> }[] = [
  {
    name: 'DCM3.5 (Renault/Ford), 2 MB',
    binary: dcm35,
    expected: {
      maker: 'Delphi',
      family: 'DCM3.5',
      fuel: 'diesel',
      hardwareNumber: '28231014',
      flashSize: 2 * MB,
      warnings: [],
    },
  },
  {
    name: 'DCM6.2A (PSA/Ford), 3 MB',
    binary: { size: 3 * MB, randomBytes: 2 * MB, strings: [{ offset: 0x100000, text: 'DCM6.2A 28456789' }] },
    expected: { maker: 'Delphi', family: 'DCM6.2A', hardwareNumber: '28456789', flashSize: 3 * MB },
  },
  {
    name: 'DCU102 (Hyundai/Kia), 1 MB',
    binary: { size: 1 * MB, randomBytes: 700 * KB, strings: [{ offset: 0x40000, text: 'DCU102' }] },
    expected: { maker: 'Delphi', family: 'DCU102' },
  },
  {
    name: 'a bare 28… number names nobody',
    binary: { size: 1 * MB, randomBytes: 700 * KB, strings: [{ offset: 0x40000, text: '28456789' }] },
    expected: { maker: null, hardwareNumber: null, clues: [] },
  },
];

describe('Delphi', () => {
  it.each(cases)('$name', ({ binary, expected }) => {
    expect(identifyEcu(makeBinary(binary))).toMatchObject(expected);
  });

  it('the most specific family name wins over a short one', () => {
    expect(identifyEcu(makeBinary(dcm35)).clues.map((c) => c.value)).toEqual(['DCM3.5', '28231014', 'DDCR']);
  });

  it('a read cut short keeps its identifiers and says it may be partial', () => {
    const result = identifyEcu(truncated(makeBinary(dcm35), 1800 * KB));
    expect(result).toMatchObject({ maker: 'Delphi', family: 'DCM3.5' });
    expect(result.warnings.map((w) => w.code)).toEqual(['unknown-size', 'partial-read']);
  });

  it('a read padded with 0xFF over most of its length is flagged', () => {
    const result = identifyEcu(withTrailingFill(makeBinary(dcm35), 0.6));
    expect(result).toMatchObject({ maker: 'Delphi' });
    expect(result.warnings).toEqual([
      expect.objectContaining({ code: 'partial-read', reason: 'trailing-fill' }),
    ]);
  });
});
