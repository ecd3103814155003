import { describe, expect, it } from 'vitest';
import { identifyEcu } from '../index';
import { KB, MB, makeBinary, type SyntheticBinary, truncated, withTrailingFill } from '../test-binaries';

/** Identifier blocks where Bosch lays them out: near the start of a calibration or code area. */
const edc17c46: SyntheticBinary = {
  size: 2 * MB,
  randomBytes: 1.4 * MB,
  seed: 17,
  strings: [
    { offset: 0x40020, text: '0281017946' },
    { offset: 0x40030, text: '1037512345' },
    { offset: 0x40040, text: 'EDC17C46' },
    { offset: 0x40060, text: '03L906018JL' },
    { offset: 0x1c0010, text: '1037512345' },
  ],
};

const cases: { name: string; binary: SyntheticBinary; expected: Record<string, unknown> }[] = [
  {
    name: 'EDC17C46 (VAG 2.0 TDI), 2 MB',
    binary: edc17c46,
    expected: {
      maker: 'Bosch',
      family: 'EDC17C46',
      fuel: 'diesel',
      hardwareNumber: '0281017946',
      softwareNumber: '1037512345',
      partNumber: '03L906018JL',
      flashSize: 2 * MB,
      warnings: [],
    },
  },
  {
    name: 'EDC17_CP44 spelled with an underscore, 4 MB',
    binary: {
      size: 4 * MB,
      randomBytes: 3 * MB,
      strings: [
        { offset: 0x80100, text: 'EDC17_CP44/1' },
        { offset: 0x80120, text: '0281S12345' },
      ],
    },
    expected: { maker: 'Bosch', family: 'EDC17CP44', hardwareNumber: '0281S12345', flashSize: 4 * MB },
  },
  {
    name: 'EDC16C34 (PSA), 2 MB',
    binary: {
      size: 2 * MB,
      randomBytes: 1.2 * MB,
      strings: [{ offset: 0x1c0000, text: '0281012345 1037383736 EDC16C34' }],
    },
    expected: { maker: 'Bosch', family: 'EDC16C34', softwareNumber: '1037383736', fuel: 'diesel' },
  },
  {
    name: 'ME7.5 (VAG 1.8T), 1 MB',
    binary: {
      size: 1 * MB,
      randomBytes: 900 * KB,
      strings: [
        { offset: 0x10020, text: '06A906032HN 0261208288' },
        { offset: 0x10040, text: '1037368072' },
        { offset: 0x10060, text: 'ME7.5' },
      ],
    },
    expected: { maker: 'Bosch', family: 'ME7.5', fuel: 'petrol', hardwareNumber: '0261208288' },
  },
  {
    name: 'MED17.5.25 with a petrol 0261S number, 2 MB',
    binary: {
      size: 2 * MB,
      randomBytes: 1.5 * MB,
      strings: [
        { offset: 0x20000, text: 'MED17.5.25' },
        { offset: 0x20010, text: '0261S07640' },
      ],
    },
    expected: { maker: 'Bosch', family: 'MED17.5.25', hardwareNumber: '0261S07640', fuel: 'petrol' },
  },
  {
    name: 'MG1CS011, 8 MB',
    binary: {
      size: 8 * MB,
      randomBytes: 5 * MB,
      strings: [{ offset: 0x300000, text: 'MG1CS011 1037600001' }],
    },
    expected: { maker: 'Bosch', family: 'MG1CS011', fuel: 'petrol', softwareNumber: '1037600001' },
  },
  {
    name: 'MD1CS004, 4 MB',
    binary: { size: 4 * MB, randomBytes: 3 * MB, strings: [{ offset: 0x200000, text: 'MD1CS004' }] },
    expected: { maker: 'Bosch', family: 'MD1CS004', fuel: 'diesel', flashSize: 4 * MB },
  },
  {
    name: 'the short name ME7 alone names nobody',
    binary: { size: 512 * KB, randomBytes: 400 * KB, strings: [{ offset: 0x8000, text: 'ECU: ME7' }] },
    expected: { maker: null, family: null, clues: [] },
  },
  {
    name: 'a hardware number makes the short name ME7 count',
    binary: { size: 512 * KB, randomBytes: 400 * KB, strings: [{ offset: 0x8000, text: 'ME7 0261204123' }] },
    expected: { maker: 'Bosch', family: 'ME7', hardwareNumber: '0261204123' },
  },
  {
    name: 'digits inside a longer number are not a hardware number',
    binary: { size: 512 * KB, strings: [{ offset: 0x8000, text: '902810179461 10375123456' }] },
    expected: { maker: null, hardwareNumber: null, softwareNumber: null },
  },
];

describe('Bosch', () => {
  it.each(cases)('$name', ({ binary, expected }) => {
    expect(identifyEcu(makeBinary(binary))).toMatchObject(expected);
  });

  it('a read cut short keeps its identifiers and says it may be partial', () => {
    const result = identifyEcu(truncated(makeBinary(edc17c46), 1900 * KB));
    expect(result).toMatchObject({ maker: 'Bosch', family: 'EDC17C46', flashSize: null });
    expect(result.warnings.map((w) => w.code)).toEqual(['unknown-size', 'partial-read']);
  });

  it('a read padded with 0xFF over most of its length is flagged, identifiers kept', () => {
    const result = identifyEcu(withTrailingFill(makeBinary(edc17c46), 0.7));
    expect(result).toMatchObject({ maker: 'Bosch', hardwareNumber: '0281017946', flashSize: 2 * MB });
    expect(result.warnings).toEqual([
      expect.objectContaining({ code: 'partial-read', reason: 'trailing-fill' }),
    ]);
  });
});
