import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, madeWithKey } from './push-device';

describe('base64UrlToBytes', () => {
  it.each([
    ['', []],
    ['AQ', [1]],
    ['AQI', [1, 2]],
    ['AQID', [1, 2, 3]],
    ['-_8', [251, 255]],
    ['-_8=', [251, 255]],
  ])('%s -> %j', (input, bytes) => {
    expect([...base64UrlToBytes(input)]).toEqual(bytes);
  });

  it('reads a VAPID public key to its 65 bytes, starting 0x04', () => {
    const key = base64UrlToBytes(`B${'A'.repeat(86)}`);
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
  });
});

describe('madeWithKey', () => {
  const key = new Uint8Array([4, 1, 2, 3]);
  it.each([
    [null, false],
    [new Uint8Array([4, 1, 2, 3]).buffer, true],
    [new Uint8Array([4, 1, 2, 9]).buffer, false],
    [new Uint8Array([4, 1, 2]).buffer, false],
  ])('%s -> %s', (given, expected) => {
    expect(madeWithKey(given, key)).toBe(expected);
  });
});
