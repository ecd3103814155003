import { describe, expect, it } from 'vitest';
import { identifyEcu } from '../index';
import { KB, MB, makeBinary, type SyntheticBinary, truncated, withTrailingFill } from '../test-binaries';

const sid807: SyntheticBinary = {
  size: 2 * MB,
  randomBytes: 1.5 * MB,
  seed: 807,
  strings: [
    { offset: 0x10000, text: 'SID807' },
    { offset: 0x10010, text: '5WS40612B-T' },
    { offset: 0x10020, text: '5WP45102' },
  ],
};

const cases: { name: string; binary: SyntheticBinary; expected: Record<string, unknown> }[] = [
  {
    name: 'Siemens SID807 (Ford/PSA), 2 MB',
    binary: sid807,
    expected: {
      maker: 'Continental',
      family: 'SID807',
      fuel: 'diesel',
      hardwareNumber: '5WP45102',
      softwareNumber: '5WS40612B-T',
      flashSize: 2 * MB,
      warnings: [],
    },
  },
  {
    name: 'SIMOS 18.1 with a Continental A2C number and a VAG part number, 4 MB',
    binary: {
      size: 4 * MB,
      randomBytes: 3 * MB,
      strings: [
        { offset: 0x1000, text: 'SIMOS18.1' },
        { offset: 0x1020, text: 'A2C53379321' },
        { offset: 0x1040, text: '5G0906259L' },
      ],
    },
    expected: {
      maker: 'Continental',
      family: 'SIMOS 18.1',
      fuel: 'petrol',
      hardwareNumber: 'A2C53379321',
      partNumber: '5G0906259L',
    },
  },
  {
    name: 'PCR2.1 (VAG 2.0 TDI), 2 MB',
    binary: {
      size: 2 * MB,
      randomBytes: 1.5 * MB,
      strings: [{ offset: 0x60000, text: 'PCR2.1 03L906023JC 5WP42909' }],
    },
    expected: {
      maker: 'Continental',
      family: 'PCR2.1',
      partNumber: '03L906023JC',
      hardwareNumber: '5WP42909',
    },
  },
  {
    name: 'EMS3120 (Renault), 1.5 MB',
    binary: { size: 1.5 * MB, randomBytes: MB, strings: [{ offset: 0x4000, text: 'EMS3120 S180067' }] },
    expected: { maker: 'Continental', family: 'EMS3120', fuel: 'petrol', flashSize: 1.5 * MB },
  },
  {
    name: 'a SW label counts once a strong clue names Continental',
    binary: {
      size: 1 * MB,
      randomBytes: 800 * KB,
      strings: [{ offset: 0x4000, text: '5WP40123 SW:31015678' }],
    },
    expected: { maker: 'Continental', hardwareNumber: '5WP40123', softwareNumber: '31015678' },
  },
  {
    name: 'a CAL label alone names nobody and is not shown',
    binary: { size: 1 * MB, randomBytes: 800 * KB, strings: [{ offset: 0x4000, text: 'CAL 1234567A' }] },
    expected: { maker: null, softwareNumber: null, clues: [] },
  },
];

describe('Continental / Siemens', () => {
  it.each(cases)('$name', ({ binary, expected }) => {
    expect(identifyEcu(makeBinary(binary))).toMatchObject(expected);
  });

  it('a read cut short keeps its identifiers and says it may be partial', () => {
    const result = identifyEcu(truncated(makeBinary(sid807), 2000 * KB));
    expect(result).toMatchObject({ maker: 'Continental', family: 'SID807' });
    expect(result.warnings.map((w) => w.code)).toEqual(['unknown-size', 'partial-read']);
  });

  it('a read padded with 0x00 over a third of its length is flagged', () => {
    const result = identifyEcu(withTrailingFill(makeBinary(sid807), 0.35, 0x00));
    expect(result.warnings).toEqual([expect.objectContaining({ code: 'partial-read', fillByte: 0 })]);
  });

  it('a Siemens pick matches a Continental read', () => {
    const result = identifyEcu(makeBinary(sid807), {
      expected: { maker: 'Siemens', family: 'Siemens SID807' },
    });
    expect(result.warnings).toEqual([]);
  });
});
