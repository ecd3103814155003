import { type CreditPackage, VAT_PERCENT } from './packages';

export interface PackageQuote {
  credits: number;
  discountPercent: number;
  /** credits x per-credit price, before the discount. */
  listPence: number;
  discountPence: number;
  subtotalPence: number;
  vatPence: number;
  totalPence: number;
}

/** Rounds a non-negative amount of pence to the penny, halves up. */
function roundPence(value: number): number {
  return Math.floor(value + 0.5);
}

/**
 * docs/product.md#6-credits-and-payments:
 * subtotal = credits x price x (1 - discount), rounded to the penny;
 * VAT = 20% of the subtotal, rounded to the penny; total = subtotal + VAT. All in pence, in
 * integer arithmetic until the one rounding step, so no float drift.
 */
export function quotePackage(
  pkg: Pick<CreditPackage, 'credits' | 'discountPercent'>,
  perCreditPricePence: number,
): PackageQuote {
  if (!Number.isInteger(perCreditPricePence) || perCreditPricePence <= 0) {
    throw new RangeError('The per-credit price must be a whole number of pence above zero');
  }
  const listPence = pkg.credits * perCreditPricePence;
  const subtotalPence = roundPence((listPence * (100 - pkg.discountPercent)) / 100);
  const vatPence = roundPence((subtotalPence * VAT_PERCENT) / 100);
  return {
    credits: pkg.credits,
    discountPercent: pkg.discountPercent,
    listPence,
    discountPence: listPence - subtotalPence,
    subtotalPence,
    vatPence,
    totalPence: subtotalPence + vatPence,
  };
}
