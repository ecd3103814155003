import { describe, expect, it } from 'vitest';
import { checkAdditionalFiles, checkEcuFile, ECU_FILE_MAX_BYTES, sanitiseFileName } from './upload-limits';

const MB = 1024 * 1024;

describe('checkEcuFile', () => {
  it.each([
    [1, true],
    [ECU_FILE_MAX_BYTES, true],
    [ECU_FILE_MAX_BYTES + 1, false],
    [0, false],
  ])('%i bytes -> ok %s', (size, ok) => {
    expect(checkEcuFile(size).ok).toBe(ok);
  });
  it('says the documented message for a file over 20 MB', () => {
    expect(checkEcuFile(21 * MB)).toEqual({ ok: false, message: 'File size should be less than 20.00 MB.' });
  });
});

describe('checkAdditionalFiles', () => {
  it.each([
    [[], true],
    [[50 * MB, 50 * MB], true],
    [[50 * MB, 50 * MB + 1], false],
    [Array(10).fill(1), true],
    [Array(11).fill(1), false],
    [[1, 0], false],
  ])('%j -> ok %s', (sizes, ok) => {
    expect(checkAdditionalFiles(sizes).ok).toBe(ok);
  });
  it('says the documented message over 100 MB', () => {
    expect(checkAdditionalFiles([101 * MB])).toEqual({
      ok: false,
      message: 'Total size of additional files should be less than 100.00 MB.',
    });
  });
});

describe('sanitiseFileName', () => {
  it.each([
    ['ecu.bin', 'ecu.bin'],
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\boot.ini', 'boot.ini'],
    ['.hidden', 'hidden'],
    ['a\u0000b.bin', 'a_b.bin'],
    ['', 'file'],
    ['..', 'file'],
    ['what?<>.bin', 'what___.bin'],
    [`${'x'.repeat(300)}.bin`, `${'x'.repeat(196)}.bin`],
  ])('%j -> %j', (input, expected) => {
    expect(sanitiseFileName(input)).toBe(expected);
  });
});
