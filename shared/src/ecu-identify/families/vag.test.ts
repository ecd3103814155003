import { describe, expect, it } from 'vitest';
import { identifyEcu } from '../index';
import { KB, MB, makeBinary } from '../test-binaries';

describe('VAG part numbers', () => {
  it.each([
    ['03L906018JL', '03L906018JL'],
    ['8K0907115', '8K0907115'],
    ['4G0997051A', '4G0997051A'],
    ['PN:06J906026CQ/', '06J906026CQ'],
  ])('%s reads as part number %s', (text, partNumber) => {
    const bytes = makeBinary({ size: 2 * MB, randomBytes: MB, strings: [{ offset: 0x30000, text }] });
    expect(identifyEcu(bytes)).toMatchObject({ partNumber, maker: null, family: null });
  });

  it.each([
    ['a longer number', '1103L906018JL'],
    ['a longer suffix', '03L906018JLX'],
    ['another group', '03L905018JL'],
  ])('%s is not a part number', (_name, text) => {
    const bytes = makeBinary({ size: 2 * MB, randomBytes: MB, strings: [{ offset: 0x30000, text }] });
    expect(identifyEcu(bytes)).toMatchObject({ partNumber: null, clues: [] });
  });

  it('the number printed most often wins', () => {
    const strings = [
      { offset: 0x1000, text: '03L906018JL' },
      { offset: 0x2000, text: '03L906018AG' },
      { offset: 0x3000, text: '03L906018AG' },
    ];
    const result = identifyEcu(makeBinary({ size: 512 * KB, strings }));
    expect(result.partNumber).toBe('03L906018AG');
  });
});
