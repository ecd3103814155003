import type {
  CreatePaymentInput,
  CreditHistoryEntryDto,
  CreditHistoryQuery,
  TransactionDto,
  UserDto,
} from '@ecu/shared';
import { apiRequest } from '../local/api-client';

/** POST /payment/create-payment: 200 when the card was charged, 202 when the bank asks for 3-D Secure. */
export type CreatePaymentResult =
  | { status: 'completed' | 'pending'; transaction: TransactionDto; user: UserDto | null }
  | { status: 'requires_action'; transaction: TransactionDto; user: UserDto | null; clientSecret: string };

export interface ConfirmPaymentResult {
  transaction: TransactionDto;
  user?: UserDto | null;
}

/** The /payment/* calls (docs/product.md#13-the-http-api). */
export const creditsApi = {
  /** The Idempotency-Key makes a double submit (or a retry after a lost answer) one charge. */
  createPayment: (input: CreatePaymentInput, idempotencyKey: string) =>
    apiRequest<CreatePaymentResult>('POST', '/payment/create-payment', input, { idempotencyKey }),
  /** After 3-D Secure in the browser: the server checks the payment with the provider and credits it. */
  confirmPayment: (paymentId: string) =>
    apiRequest<ConfirmPaymentResult>('POST', '/payment/confirm-payment', { paymentId }),
  /** A page of the caller's credit ledger, newest first; follow nextCursor for older ones. */
  creditHistory: ({ limit, cursor }: Partial<CreditHistoryQuery>, signal?: AbortSignal) => {
    const params = new URLSearchParams();
    if (limit) params.set('limit', String(limit));
    if (cursor) params.set('cursor', cursor);
    const query = params.size ? `?${params}` : '';
    return apiRequest<CreditHistoryEntryDto[]>('GET', `/payment/credit-history${query}`, undefined, {
      signal,
    });
  },
};

/** The VAT invoice (PDF) of a completed payment; the server sends it as an attachment. */
export function invoiceHref(tx: Pick<TransactionDto, '_id' | 'invoiceUrl'>): string {
  return tx.invoiceUrl ?? `/api/payment/invoice/${encodeURIComponent(tx._id)}`;
}
