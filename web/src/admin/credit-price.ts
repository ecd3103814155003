import { type UpdatePerCreditPriceInput, updatePerCreditPriceSchema } from '@ecu/shared';
import { msg } from '@lingui/core/macro';

/**
 * An empty price, or one at or below zero, is refused before anything is sent
 * (docs/product.md#6-credits-and-payments).
 */
export const INVALID_PRICE = msg`Enter a valid price`;

/** The default per-credit price in pounds, for a user whose price is not set. */
export const DEFAULT_PER_CREDIT_PRICE = 60;

/** The price editor's text as the command's payload, or null when it is not a valid price. */
export function creditPriceInput(userId: string, text: string): UpdatePerCreditPriceInput | null {
  const parsed = updatePerCreditPriceSchema.safeParse({ userId, creditPrice: text });
  return parsed.success ? parsed.data : null;
}

/** What the editor starts with: the current price with two decimals ('60.00'). */
export function priceFieldText(price: number | null | undefined): string {
  const value = Number(price ?? DEFAULT_PER_CREDIT_PRICE);
  return (Number.isFinite(value) ? value : DEFAULT_PER_CREDIT_PRICE).toFixed(2);
}
