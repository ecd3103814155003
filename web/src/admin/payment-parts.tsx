import { formatCredits, formatDateTime, formatGBP, type TransactionDto } from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useDomainName, useFormatLocale } from '../i18n';

/** Completed green, Failed red, anything else Pending (yellow) (docs/product.md#6-credits-and-payments). */
export function PaymentStatusBadge({ status }: { status: string }) {
  const name = useDomainName();
  if (status === 'Completed') return <span className="badge admin-badge-completed">{name('Completed')}</span>;
  if (status === 'Failed') return <span className="badge badge-failed">{name('Failed')}</span>;
  return <span className="badge badge-pending">{name('Pending')}</span>;
}

/** A payment's cells under the credits feature's PaymentColumnHeads. */
export function PaymentCells({ tx, online }: { tx: TransactionDto; online: boolean }) {
  const { t } = useLingui();
  const locale = useFormatLocale();
  return (
    <>
      <td data-label={t`Credits`} className="num">
        {formatCredits(tx.credits, locale)}
      </td>
      <td data-label={t`Amount`} className="num">
        {formatGBP(tx.amount, locale)}
      </td>
      <td data-label={t`Status`}>
        <PaymentStatusBadge status={tx.status} />
      </td>
      <td data-label={t`Date`} className="admin-date">
        {formatDateTime(tx.createdAt, undefined, locale)}
      </td>
      <td data-label={t`Invoice`}>
        <InvoiceCell tx={tx} online={online} />
      </td>
    </>
  );
}

/** The VAT invoice of a completed payment; offline it cannot download, and says so. */
export function InvoiceCell({ tx, online }: { tx: TransactionDto; online: boolean }) {
  const { t } = useLingui();
  const serialNo = tx.serialNo;
  if (tx.status !== 'Completed' || !tx.invoiceUrl) {
    return (
      <span className="muted" title={t`Invoices exist for completed payments`}>
        —
      </span>
    );
  }
  if (!online) {
    return (
      <span
        className="admin-invoice is-disabled"
        aria-disabled="true"
        title={t`Invoices download when you are back online`}
      >
        <DownloadIcon />
        <Trans>Invoice</Trans>
      </span>
    );
  }
  return (
    <a
      className="admin-invoice"
      href={tx.invoiceUrl}
      download
      aria-label={t`Download the invoice for ${serialNo}`}
    >
      <DownloadIcon />
      <Trans>Invoice</Trans>
    </a>
  );
}

/** Where an admin downloads a payment's chargeback evidence (docs/product.md#9-the-admin-desk). */
export function evidenceUrl(paymentId: string): string {
  return `/api/admin/payments/${encodeURIComponent(paymentId)}/evidence.pdf`;
}

/** The chargeback evidence PDF of any payment (admins only); offline it cannot download, and says so. */
export function EvidenceCell({ tx, online }: { tx: TransactionDto; online: boolean }) {
  const { t } = useLingui();
  const serialNo = tx.serialNo;
  if (!online) {
    return (
      <span
        className="admin-invoice is-disabled"
        aria-disabled="true"
        title={t`Evidence downloads when you are back online`}
      >
        <DownloadIcon />
        <Trans>Evidence PDF</Trans>
      </span>
    );
  }
  return (
    <a
      className="admin-invoice"
      href={evidenceUrl(tx._id)}
      download
      aria-label={t`Download the evidence PDF for ${serialNo}`}
    >
      <DownloadIcon />
      <Trans>Evidence PDF</Trans>
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
