import { formatCredits, formatDateTime, formatGBP, type TransactionDto } from '@ecu/shared';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { isOnline } from '../local/connectivity';
import { syncNow } from '../local/sync-engine';
import { useOnline } from '../local/use-online';
import { invoiceHref } from './api';
import { CreditHistorySection } from './credit-history-section';
import { PaymentColumnHeads } from './payment-columns';
import { transactionsNewestFirst } from './sync';

const STATUS_CLASS: Record<string, string> = {
  Completed: 'tx-status-completed',
  Failed: 'tx-status-failed',
};

/** Completed green, Failed red, anything else a yellow 'Pending' (docs/product.md#6-credits-and-payments). */
function TransactionStatus({ tx }: { tx: TransactionDto }) {
  const known = tx.status === 'Completed' || tx.status === 'Failed';
  return (
    <span
      className={`tx-status ${STATUS_CLASS[tx.status] ?? 'tx-status-pending'}`}
      title={tx.status === 'Failed' ? (tx.failureMessage ?? undefined) : undefined}
    >
      {known ? tx.status : 'Pending'}
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
  const online = useOnline();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const transactions = useLiveQuery(() => transactionsNewestFirst(), []);

  useEffect(() => {
    if (!isOnline()) return;
    syncNow().catch(() => {
      // Offline is not a failure here: the stored history is what we can show.
      if (isOnline()) toast.error('Failed to load payment history');
    });
  }, []);

  const shown = transactions?.filter((tx) => matchesSerial(tx, query)) ?? [];

  return (
    <div className="stack credits-page">
      <div className="page-header">
        <h1>My Transactions</h1>
        <p>
          Your credit purchases, newest first, and below them every change of your balance. Download the VAT
          invoice of any completed payment.
        </p>
      </div>

      <section className="card" aria-label="Transactions">
        <div className="tx-toolbar">
          <label htmlFor={searchId} className="visually-hidden">
            Search by serial number
          </label>
          <input
            id={searchId}
            type="search"
            className="input tx-search"
            placeholder="Search by serial number"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <Link to="/buy-credits" className="btn">
            Buy Credits
          </Link>
        </div>

        <div className="credits-table-wrap">
          <table className="credits-table tx-table">
            <thead>
              <tr>
                <th scope="col">Serial No</th>
                <PaymentColumnHeads />
              </tr>
            </thead>
            <tbody>
              {transactions === undefined ? (
                <tr>
                  <td colSpan={6} className="tx-empty" aria-busy="true">
                    Loading...
                  </td>
                </tr>
              ) : shown.length === 0 ? (
                <tr>
                  <td colSpan={6} className="tx-empty">
                    No transactions found.
                  </td>
                </tr>
              ) : (
                shown.map((tx) => (
                  <tr key={tx._id} data-testid="transaction-row">
                    <th scope="row" className="mono">
                      <bdi dir="ltr">{tx.serialNo}</bdi>
                    </th>
                    <td className="num" data-label="Credits">
                      {formatCredits(tx.credits)}
                    </td>
                    <td className="num" data-label="Amount">
                      {formatGBP(tx.amount)}
                    </td>
                    <td data-label="Status">
                      <TransactionStatus tx={tx} />
                    </td>
                    <td className="nowrap" data-label="Date">
                      {formatDateTime(tx.createdAt)}
                    </td>
                    <td data-label="Invoice">
                      {tx.status !== 'Completed' ? (
                        <span className="muted">—</span>
                      ) : online ? (
                        <a
                          href={invoiceHref(tx)}
                          download
                          className="tx-invoice"
                          aria-label={`Download invoice ${tx.serialNo}`}
                        >
                          Download
                        </a>
                      ) : (
                        <span className="muted" title="Invoices download when you are online">
                          Online only
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
