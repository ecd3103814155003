/**
 * What one ECU maker prints about itself in clear text. Adding a family is one entry in a
 * maker's `families` (or `identifiers`) plus a case in that maker's test file; adding a maker
 * is a new file here and one line in `families/index.ts`.
 */
export type Fuel = 'diesel' | 'petrol';

export type IdentifierField = 'hardwareNumber' | 'softwareNumber' | 'partNumber';

export interface FamilyPattern {
  /** Matched against each printable run; write it without flags, `g` is added once. */
  pattern: RegExp;
  /** The name the tuner knows, spelled like the ECU picker (e.g. 'SIMOS 18.1'); default: the match. */
  format?: (match: RegExpExecArray) => string;
  fuel?: Fuel;
}

export interface IdentifierPattern {
  field: IdentifierField;
  /** The value is capture group 1 when there is one, else the whole match. */
  pattern: RegExp;
  /**
   * Strong: the number alone names the maker (a prefix and length no other maker prints).
   * Weak: counted only when a strong clue has already named this maker.
   */
  strong: boolean;
  fuel?: Fuel;
}

export interface MakerRule {
  /** null: the clue says nothing about the ECU maker (a car maker's part number). */
  maker: string | null;
  /** Other names the ECU picker uses for the same maker. */
  aliases?: readonly string[];
  families: readonly FamilyPattern[];
  identifiers: readonly IdentifierPattern[];
}

/**
 * Boundaries for numbers and codes: the match may not continue a longer word or number
 * (`(?<![A-Z0-9])…(?![A-Z0-9])`), so '0281…' inside a 14-digit number is not a hardware number.
 */
export const B = '(?<![A-Za-z0-9])';
export const E = '(?![A-Za-z0-9])';
export const bounded = (body: string) => new RegExp(`${B}${body}${E}`);
