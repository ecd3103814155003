/**
 * The words of counter-offers (docs/decisions/091-counter-offers.md), apart from the zod schemas:
 * the lists and the history show them without loading zod (docs/decisions/084-paint-from-device.md).
 */

/** '+2 credits', '−1 credit', 'No change'. */
export function priceDifferenceLabel(difference: number): string {
  if (difference === 0) return 'No change in price';
  const n = Math.abs(difference);
  return `${difference > 0 ? '+' : '−'}${n} credit${n === 1 ? '' : 's'}`;
}

/** The state the desk and the customer see while an offer is open (a derived flag, not a stored status). */
export const AWAITING_CUSTOMER = 'Awaiting customer';
