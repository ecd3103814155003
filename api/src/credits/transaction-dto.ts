import { formatSerialNo, penceToPounds, type TransactionDto } from '@ecu/shared';
import type { payments, users } from '../db/schema';

type PaymentRow = typeof payments.$inferSelect;
type Payer = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'email'>;

export function toTransactionDto(p: PaymentRow, payer?: Payer): TransactionDto {
  return {
    _id: p.id,
    serialNo: formatSerialNo(p.serialNo),
    packageId: p.packageId,
    credits: p.credits,
    amount: penceToPounds(p.amountPence),
    subtotal: penceToPounds(p.subtotalPence),
    vat: penceToPounds(p.vatPence),
    currency: 'GBP',
    status: p.status,
    failureMessage: p.failureMessage,
    createdAt: p.createdAt.toISOString(),
    completedAt: p.completedAt?.toISOString() ?? null,
    invoiceUrl: p.status === 'Completed' ? `/api/payment/invoice/${p.id}` : null,
    ...(payer
      ? {
          userId: { _id: payer.id, firstName: payer.firstName, lastName: payer.lastName, email: payer.email },
        }
      : {}),
  };
}
