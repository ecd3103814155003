import { bounded } from './families/rule';

/** 17 characters without I, O and Q. */
export const VIN_PATTERN = bounded('[A-HJ-NPR-Z0-9]{17}');

/** The value of each letter A-Z in the check-digit sum (I, O, Q are never used). */
const LETTER_VALUES = '12345678012345070923456789';
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The check digit in position 9 (0-9 or X), as North America and China require it. */
export function vinCheckDigitValid(vin: string): boolean {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = vin[i]!;
    sum += Number(c >= '0' && c <= '9' ? c : LETTER_VALUES[c.charCodeAt(0) - 65]) * WEIGHTS[i]!;
  }
  const r = sum % 11;
  return vin[8] === (r === 10 ? 'X' : String(r));
}

/** Regions where the check digit is mandatory: North America (1-5) and China (L). */
const CHECK_DIGIT_REGIONS = /^[1-5L]/;
/** Position 10 is the model year: never 0, I, O, Q, U or Z. */
const MODEL_YEAR = /^[A-HJ-NPR-TV-Y1-9]$/;

/**
 * Whether 17 VIN-alphabet characters are a plausible VIN rather than a run of text or digits:
 * a letter in the maker code (first three), a model-year character, the last four digits
 * (ISO 3779's serial), and a valid check digit where it is mandatory. Other regions (most
 * of Europe: WVWZZZ…) do not use it, so only the shape is checked there.
 */
export function isPlausibleVin(vin: string): boolean {
  if (vin.length !== 17) return false;
  if (vin[0] === '0' || !/[A-Z]/.test(vin.slice(0, 3))) return false;
  if (!MODEL_YEAR.test(vin[9]!)) return false;
  if (!/^\d{4}$/.test(vin.slice(13))) return false;
  if (/(.)\1{5}/.test(vin)) return false;
  return CHECK_DIGIT_REGIONS.test(vin) ? vinCheckDigitValid(vin) : true;
}
