import { z } from 'zod';
import { PACKAGE_IDS } from './packages';

const REQUIRED = 'Please fill all required fields';

/**
 * POST /payment/create-payment (docs/product.md#6-credits-and-payments). amount is the total in pounds,
 * VAT included.
 */
export const createPaymentSchema = z.object({
  sourceId: z.string({ error: 'Card form is not ready' }).trim().min(1, 'Card form is not ready').max(255),
  amount: z.coerce
    .number({ error: 'Amount mismatch' })
    .refine((v) => Number.isFinite(v) && v > 0, 'Amount mismatch'),
  email: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(254)
    .pipe(z.email('Enter a valid email address')),
  cardHolderName: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(120, 'Card holder name is too long'),
  packageId: z.enum(PACKAGE_IDS, { error: 'Choose a credit package' }),
});
export type CreatePaymentInput = z.infer<typeof createPaymentSchema>;

/** After 3-D Secure in the browser: ask the server to check the payment and credit it. */
export const confirmPaymentSchema = z.object({
  paymentId: z.uuid('paymentId must be a payment id'),
});

/** PUT /admin/updateUserCredits: the four buttons +1, +5, -1 and reset. */
export const updateUserCreditsSchema = z.object({
  userId: z.string({ error: 'userId is required' }).trim().min(1, 'userId is required').max(64),
  credits: z.union([z.literal(1), z.literal(5), z.literal(-1), z.literal('reset')], {
    error: 'credits must be 1, 5, -1 or "reset"',
  }),
  note: z.string().trim().max(500, 'The note is at most 500 characters').optional(),
});
export type UpdateUserCreditsInput = z.infer<typeof updateUserCreditsSchema>;

/** PUT /admin/updatePerCreditPrice: creditPrice in pounds; empty or <= 0 is 'Enter a valid price'. */
export const updatePerCreditPriceSchema = z.object({
  userId: z.string({ error: 'userId is required' }).trim().min(1, 'userId is required').max(64),
  creditPrice: z.preprocess(
    // Only a number or a numeric string is a price: coercion would turn true into 1 and [45] into 45.
    (v) => (typeof v === 'number' || (typeof v === 'string' && v.trim() !== '') ? v : undefined),
    z.coerce
      .number({ error: 'Enter a valid price' })
      .refine((v) => Number.isFinite(v) && v > 0 && v <= 100_000, 'Enter a valid price')
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Enter a valid price'),
  ),
});
export type UpdatePerCreditPriceInput = z.infer<typeof updatePerCreditPriceSchema>;

/** Admin lists (docs/product.md#13-the-http-api): limit (default 50, max 200), cursor, q. */
export const listQuerySchema = z.object({
  limit: z.coerce.number().int('limit must be a whole number').min(1).max(200).default(50),
  cursor: z.string().trim().max(200).optional(),
  q: z.string().trim().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
