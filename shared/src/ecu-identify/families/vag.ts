import { bounded, type MakerRule } from './rule';

/**
 * Volkswagen group part numbers of the engine unit (03L906018JL, 8K0907115, 4G0997…): they
 * name the car maker's part, not the ECU maker, so they never decide the maker.
 */
export const vag: MakerRule = {
  maker: null,
  families: [],
  identifiers: [
    { field: 'partNumber', pattern: bounded('[0-9A-Z]{3}(?:906|907|997)\\d{3}[A-Z]{0,2}'), strong: true },
  ],
};
