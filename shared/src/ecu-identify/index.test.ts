import { describe, expect, it } from 'vitest';
import { ecuIdentificationSchema, identifyEcu } from './index';
import { KB, MB, makeBinary, withTrailingFill } from './test-binaries';
import { sameFamily } from './warnings';

const codes = (bytes: Uint8Array) => identifyEcu(bytes).warnings.map((w) => w.code);

describe('nothing recognisable', () => {
  it.each([
    ['erased flash', makeBinary({ size: 2 * MB })],
    ['random bytes', makeBinary({ size: 2 * MB, randomBytes: 'all', seed: 3 })],
    ['random code, then erased flash', makeBinary({ size: 4 * MB, randomBytes: 2.5 * MB, seed: 4 })],
    [
      'printable text without identifiers',
      makeBinary({
        size: 64 * KB,
        strings: [{ offset: 16, text: 'Copyright (c) ACME engine control, all rights reserved' }],
      }),
    ],
  ])('%s: no maker and no identifiers', (_name, bytes) => {
    expect(identifyEcu(bytes)).toMatchObject({
      maker: null,
      family: null,
      fuel: null,
      hardwareNumber: null,
      softwareNumber: null,
      partNumber: null,
      vin: null,
      clues: [],
    });
  });
});

describe('size', () => {
  it.each([
    [512 * KB, 512 * KB, []],
    [4 * MB, 4 * MB, []],
    [1.5 * MB, 1.5 * MB, []],
    // Just short of 2 MB: a read that stopped early.
    [2 * MB - 4 * KB, null, ['unknown-size', 'partial-read']],
    // 2 MB and a 64 KB EEPROM appended: whole, but not a flash size.
    [2 * MB + 64 * KB, null, ['unknown-size']],
    [20 * MB, null, ['unknown-size']],
  ])('%i bytes: flash size %s, warnings %j', (size, flashSize, warnings) => {
    const result = identifyEcu(makeBinary({ size, randomBytes: 'all' }));
    expect(result.flashSize).toBe(flashSize);
    expect(result.fileSize).toBe(size);
    expect(result.warnings.map((w) => w.code)).toEqual(warnings);
  });

  it('says which known sizes are nearest', () => {
    expect(identifyEcu(makeBinary({ size: 3.5 * MB, randomBytes: 'all' })).warnings[0]).toMatchObject({
      code: 'unknown-size',
      nearestBelow: 3 * MB,
      nearestAbove: 4 * MB,
    });
  });
});

describe('trailing fill', () => {
  const code = (size: number) => makeBinary({ size, randomBytes: 'all', seed: 9 });
  it.each([
    ['0xFF over 40% (unused last sectors)', withTrailingFill(code(2 * MB), 0.4), []],
    ['0xFF over 60%', withTrailingFill(code(2 * MB), 0.6), ['partial-read']],
    ['0x00 over 20%', withTrailingFill(code(2 * MB), 0.2, 0), []],
    ['0x00 over 30%', withTrailingFill(code(2 * MB), 0.3, 0), ['partial-read']],
    ['0xFF over 60% of 64 KB (under 64 KB of fill)', withTrailingFill(code(64 * KB), 0.6), []],
    [
      '0xFF inside, code at the end',
      makeBinary({ size: MB, strings: [{ offset: MB - 64, text: 'END OF FLASH' }] }),
      [],
    ],
    ['0x55 over 90% (not a fill byte)', withTrailingFill(code(MB), 0.9, 0x55), []],
  ])('%s -> %j', (_name, bytes, expected) => {
    expect(codes(bytes)).toEqual(expected);
  });
});

describe('expected ECU from the picker', () => {
  const edc17 = makeBinary({
    size: 2 * MB,
    randomBytes: 1.5 * MB,
    strings: [{ offset: 0x40000, text: '0281017946 EDC17C46' }],
  });
  it.each([
    [{ maker: 'Bosch', family: 'Bosch EDC17C46' }, null],
    [{ maker: 'bosch', family: 'edc17c46' }, null],
    [{ family: 'EDC17' }, null],
    // The picker's stored name alone, maker included.
    [{ family: 'Bosch EDC17C46' }, null],
    [{ maker: 'Bosch' }, null],
    [{}, null],
    [
      { maker: 'Bosch', family: 'Bosch EDC17CP44' },
      'The file looks like Bosch EDC17C46, but Bosch EDC17CP44 was chosen.',
    ],
    [
      { maker: 'Delphi', family: 'Delphi DCM3.5' },
      'The file looks like Bosch EDC17C46, but Delphi DCM3.5 was chosen.',
    ],
  ])('%j -> %s', (expected, message) => {
    const warnings = identifyEcu(edc17, { expected }).warnings;
    expect(warnings).toEqual(message ? [expect.objectContaining({ code: 'ecu-mismatch', message })] : []);
  });

  it('says nothing when the file names no maker', () => {
    const bytes = makeBinary({ size: 2 * MB, randomBytes: 'all' });
    expect(identifyEcu(bytes, { expected: { maker: 'Bosch', family: 'EDC17C46' } }).warnings).toEqual([]);
  });
});

describe('sameFamily', () => {
  it.each([
    ['EDC17', 'EDC17C46', true],
    ['ME7', 'ME7.5', true],
    ['MG1CS', 'MG1CS001', true],
    ['MED17.5', 'MED17.5.25', true],
    ['MED17.1', 'MED17.10', false],
    ['EDC17C', 'EDC17CP44', false],
    ['EDC16C39', 'EDC17C46', false],
  ])('%s ~ %s: %s', (a, b, same) => {
    expect(sameFamily(a, b)).toBe(same);
    expect(sameFamily(b, a)).toBe(same);
  });
});

describe('the result', () => {
  const bytes = makeBinary({
    size: 2 * MB,
    randomBytes: 1.5 * MB,
    strings: [{ offset: 0x40000, text: '0281017946 1037512345 EDC17C46 03L906018JL VIN:WVWZZZ1KZ8W123456' }],
  });

  it('is plain JSON that the schema accepts unchanged', () => {
    const result = identifyEcu(bytes, { expected: { maker: 'Delphi' } });
    expect(ecuIdentificationSchema.parse(result)).toEqual(result);
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });

  it('is the same for the same bytes', () => {
    expect(identifyEcu(bytes.slice())).toEqual(identifyEcu(bytes));
  });

  it('identifies a 20 MB file (time printed, not asserted)', () => {
    const big = makeBinary({
      size: 20 * MB,
      randomBytes: 'all',
      seed: 20,
      strings: [{ offset: 19 * MB, text: '0261S04276 MED17.5.2' }],
    });
    const start = performance.now();
    const result = identifyEcu(big);
    console.info(`identifyEcu: 20 MB of random bytes in ${(performance.now() - start).toFixed(0)} ms`);
    expect(result).toMatchObject({ maker: 'Bosch', family: 'MED17.5.2', hardwareNumber: '0261S04276' });
  });
});
