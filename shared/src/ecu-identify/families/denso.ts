import { bounded, type MakerRule } from './rule';

/**
 * Denso prints no family name in clear text, so a Denso read is recognised by its hardware
 * number: 275800-8474, MB275800-8474, 279700-1234.
 */
export const denso: MakerRule = {
  maker: 'Denso',
  families: [
    // The picker names Denso units by the number's first six digits: MB275800, MB279700.
    { pattern: bounded('(?:MB)?(27[59]\\d{3})-?\\d{4}'), format: (m) => `MB${m[1]}` },
  ],
  identifiers: [{ field: 'hardwareNumber', pattern: bounded('(?:MB)?27[59]\\d{3}-?\\d{4}'), strong: true }],
};
