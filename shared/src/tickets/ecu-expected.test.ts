import { describe, expect, it } from 'vitest';
import { expectedEcuOf } from './ecu-expected';

describe('expectedEcuOf', () => {
  it.each([
    [
      'a catalogue name gives its maker and the name',
      'Bosch EDC17C46',
      { maker: 'Bosch', family: 'Bosch EDC17C46' },
    ],
    ['a name outside the catalogue gives the name only', 'My Own ECU 1', { family: 'My Own ECU 1' }],
    ['nothing picked expects nothing', '', undefined],
    ['blank expects nothing', '   ', undefined],
    ['null expects nothing', null, undefined],
  ])('%s', (_label, ecuId, expected) => {
    expect(expectedEcuOf(ecuId)).toEqual(expected);
  });
});
