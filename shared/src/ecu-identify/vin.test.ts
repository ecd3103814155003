import { describe, expect, it } from 'vitest';
import { identifyEcu } from './index';
import { MB, makeBinary } from './test-binaries';
import { isPlausibleVin, vinCheckDigitValid } from './vin';

describe('isPlausibleVin', () => {
  it.each([
    ['1HGCM82633A004352', true, 'North American, valid check digit'],
    ['1HGCM82643A004352', false, 'North American, wrong check digit'],
    ['LSGPC52U7AF102554', false, 'Chinese, wrong check digit'],
    ['LSGPC52U6AF102554', true, 'Chinese, valid check digit'],
    ['WVWZZZ1KZ8W123456', true, 'European, no check digit used'],
    ['VF1RFB00X56789012', true, 'French'],
    ['JTDKB20U093123456', true, 'Japanese'],
    ['00000000000000000', false, 'zeros'],
    ['11111111111111111', false, 'no letter in the maker code'],
    ['ABCDEFGHJKLMNPRST', false, 'last four are not digits'],
    ['WVWZZZ1KZUW123456', false, 'U is no model year'],
    ['WVWZZZZZZZW123456', false, 'a run of one character'],
    ['WVWZZZ1KZ8W12345', false, 'sixteen characters'],
  ])('%s -> %s (%s)', (vin, plausible) => {
    expect(isPlausibleVin(vin)).toBe(plausible);
  });

  it('computes the check digit X', () => {
    expect(vinCheckDigitValid('1M8GDM9AXKP042788')).toBe(true);
  });
});

describe('VIN in a read', () => {
  const read = (text: string) =>
    identifyEcu(makeBinary({ size: 2 * MB, randomBytes: MB, strings: [{ offset: 0x1f0000, text }] }));

  it.each([
    ['VIN:WVWZZZ1KZ8W123456', 'WVWZZZ1KZ8W123456'],
    ['1HGCM82633A004352', '1HGCM82633A004352'],
    ['XWVWZZZ1KZ8W123456', null],
    ['WVWZZZ1KZ8W1234567', null],
    ['1HGCM82643A004352', null],
  ])('%s -> %s', (text, vin) => {
    expect(read(text).vin).toBe(vin);
  });

  it('names no ECU maker', () => {
    expect(read('WVWZZZ1KZ8W123456')).toMatchObject({ maker: null, family: null });
  });
});
