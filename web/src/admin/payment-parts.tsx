import { formatCredits, formatDateTime, formatGBP, type TransactionDto } from '@ecu/shared';

/** Completed green, Failed red, anything else Pending (yellow) (docs/product.md#6-credits-and-payments). */
export function PaymentStatusBadge({ status }: { status: string }) {
  if (status === 'Completed') return <span className="badge admin-badge-completed">Completed</span>;
  if (status === 'Failed') return <span className="badge badge-failed">Failed</span>;
  return <span className="badge badge-pending">Pending</span>;
}

/** A payment's cells under the credits feature's PaymentColumnHeads. */
export function PaymentCells({ tx, online }: { tx: TransactionDto; online: boolean }) {
  return (
    <>
      <td data-label="Credits" className="num">
        {formatCredits(tx.credits)}
      </td>
      <td data-label="Amount" className="num">
        {formatGBP(tx.amount)}
      </td>
      <td data-label="Status">
        <PaymentStatusBadge status={tx.status} />
      </td>
      <td data-label="Date" className="admin-date">
        {formatDateTime(tx.createdAt)}
      </td>
      <td data-label="Invoice">
        <InvoiceCell tx={tx} online={online} />
      </td>
    </>
  );
}

/** The VAT invoice of a completed payment; offline it cannot download, and says so. */
export function InvoiceCell({ tx, online }: { tx: TransactionDto; online: boolean }) {
  if (tx.status !== 'Completed' || !tx.invoiceUrl) {
    return (
      <span className="muted" title="Invoices exist for completed payments">
        —
      </span>
    );
  }
  if (!online) {
    return (
      <span
        className="admin-invoice is-disabled"
        aria-disabled="true"
        title="Invoices download when you are back online"
      >
        <DownloadIcon />
        Invoice
      </span>
    );
  }
  return (
    <a
      className="admin-invoice"
      href={tx.invoiceUrl}
      download
      aria-label={`Download the invoice for ${tx.serialNo}`}
    >
      <DownloadIcon />
      Invoice
    </a>
  );
}

/** Where an admin downloads a payment's chargeback evidence (docs/product.md#9-the-admin-desk). */
export function evidenceUrl(paymentId: string): string {
  return `/api/admin/payments/${encodeURIComponent(paymentId)}/evidence.pdf`;
}

/** The chargeback evidence PDF of any payment (admins only); offline it cannot download, and says so. */
export function EvidenceCell({ tx, online }: { tx: TransactionDto; online: boolean }) {
  if (!online) {
    return (
      <span
        className="admin-invoice is-disabled"
        aria-disabled="true"
        title="Evidence downloads when you are back online"
      >
        <DownloadIcon />
        Evidence PDF
      </span>
    );
  }
  return (
    <a
      className="admin-invoice"
      href={evidenceUrl(tx._id)}
      download
      aria-label={`Download the evidence PDF for ${tx.serialNo}`}
    >
      <DownloadIcon />
      Evidence PDF
    </a>
  );
}

function DownloadIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <path
        d="M10 3v10m0 0-4-4m4 4 4-4M4 16h12"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
