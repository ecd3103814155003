import { formatCredits, formatDateTime, formatGBP, type TransactionDto } from '@ecu/shared';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { i18n, useDomainName, useFormatLocale } from '../i18n';
import { isOnline } from '../local/connectivity';
import { syncNow } from '../local/sync-engine';
import { useOnline } from '../local/use-online';
import { invoiceHref } from './api';
import { CreditHistorySection } from './credit-history-section';
import { PaymentColumnHeads } from './payment-columns';
import { transactionsNewestFirst } from './sync';

const LOAD_FAILED = msg`Failed to load payment history`;

const STATUS_CLASS: Record<string, string> = {
  Completed: 'tx-status-completed',
  Failed: 'tx-status-failed',
};

/** Completed green, Failed red, anything else a yellow 'Pending' (docs/product.md#6-credits-and-payments). */
function TransactionStatus({ tx }: { tx: TransactionDto }) {
  const known = tx.status === 'Completed' || tx.status === 'Failed';
  const name = useDomainName();
  return (
    <span
      className={`tx-status ${STATUS_CLASS[tx.status] ?? 'tx-status-pending'}`}
      title={tx.status === 'Failed' ? (tx.failureMessage ?? undefined) : undefined}
    >
      {name(known ? tx.status : 'Pending')}
    </span>
  );
}

function matchesSerial(tx: Pick<TransactionDto, 'serialNo'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  return (
    !q ||
    String(tx.serialNo ?? '')
      .toLowerCase()
      .includes(q)
  );
}

/**
 * /transactions for a customer (My Transactions). Renders from IndexedDB, so it shows offline;
 * when online, opening it pulls the sync feed, the payments' only writer
 * (docs/decisions/044-one-writer.md).
 */
export default function MyTransactionsPage() {
  const { t } = useLingui();
  const locale = useFormatLocale();
  const online = useOnline();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const transactions = useLiveQuery(() => transactionsNewestFirst(), []);

  useEffect(() => {
    if (!isOnline()) return;
    syncNow().catch(() => {
      // Offline is not a failure here: the stored history is what we can show.
      if (isOnline()) toast.error(i18n._(LOAD_FAILED));
    });
  }, []);

  const shown = transactions?.filter((tx) => matchesSerial(tx, query)) ?? [];

  return (
    <div className="stack credits-page">
      <div className="page-header">
        <h1>
          <Trans>My Transactions</Trans>
        </h1>
        <p>
          <Trans>
            Your credit purchases, newest first, and below them every change of your balance. Download the VAT
            invoice of any completed payment.
          </Trans>
        </p>
      </div>

      <section className="card" aria-label={t`Transactions`}>
        <div className="tx-toolbar">
          <label htmlFor={searchId} className="visually-hidden">
            <Trans>Search by serial number</Trans>
          </label>
          <input
            id={searchId}
            type="search"
            className="input tx-search"
            placeholder={t`Search by serial number`}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <Link to="/buy-credits" className="btn">
            <Trans>Buy Credits</Trans>
          </Link>
        </div>

        <div className="credits-table-wrap">
          <table className="credits-table tx-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Serial No</Trans>
                </th>
                <PaymentColumnHeads />
              </tr>
            </thead>
            <tbody>
              {transactions === undefined ? (
                <tr>
                  <td colSpan={6} className="tx-empty" aria-busy="true">
                    <Trans>Loading...</Trans>
                  </td>
                </tr>
              ) : shown.length === 0 ? (
                <tr>
                  <td colSpan={6} className="tx-empty">
                    <Trans>No transactions found.</Trans>
                  </td>
                </tr>
              ) : (
                shown.map((tx) => (
                  <tr key={tx._id} data-testid="transaction-row">
                    <th scope="row" className="mono">
                      <bdi dir="ltr">{tx.serialNo}</bdi>
                    </th>
                    <td className="num" data-label={t`Credits`}>
                      {formatCredits(tx.credits, locale)}
                    </td>
                    <td className="num" data-label={t`Amount`}>
                      {formatGBP(tx.amount, locale)}
                    </td>
                    <td data-label={t`Status`}>
                      <TransactionStatus tx={tx} />
                    </td>
                    <td className="nowrap" data-label={t`Date`}>
                      {formatDateTime(tx.createdAt, undefined, locale)}
                    </td>
                    <td data-label={t`Invoice`}>
                      {tx.status !== 'Completed' ? (
                        <span className="muted">—</span>
                      ) : online ? (
                        <a
                          href={invoiceHref(tx)}
                          download
                          className="tx-invoice"
                          aria-label={t`Download invoice ${tx.serialNo}`}
                        >
                          <Trans>Download</Trans>
                        </a>
                      ) : (
                        <span className="muted" title={t`Invoices download when you are online`}>
                          <Trans>Online only</Trans>
                        </span>
                      )}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </section>

      <CreditHistorySection />
    </div>
  );
}
