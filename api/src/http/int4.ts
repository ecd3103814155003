/** The largest value of a PostgreSQL integer (int4) column. */
export const INT4_MAX = 2_147_483_647;

/**
 * Digits as a value of an integer (int4) column, or undefined when no row can hold them:
 * a number past the column's range must never reach a query (PostgreSQL would answer 500).
 */
export function int4FromDigits(text: string | undefined): number | undefined {
  if (!text || !/^\d{1,10}$/.test(text)) return undefined;
  const n = Number(text);
  return n <= INT4_MAX ? n : undefined;
}
