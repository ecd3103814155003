export type TransactionStatus = 'Pending' | 'Completed' | 'Failed';

/** A payment as the API shows it (docs/product.md#6-credits-and-payments). Money in pounds. */
export interface TransactionDto {
  _id: string;
  serialNo: string;
  packageId: string;
  credits: number;
  amount: number;
  subtotal: number;
  vat: number;
  currency: 'GBP';
  status: TransactionStatus;
  failureMessage: string | null;
  createdAt: string;
  completedAt: string | null;
  /** Set when the payment is Completed. */
  invoiceUrl: string | null;
  /** In the admin view: the payer. */
  userId?: { _id: string; firstName: string; lastName: string; email: string };
}

/** 'SN-000123' */
export function formatSerialNo(serial: number): string {
  return `SN-${String(serial).padStart(6, '0')}`;
}
