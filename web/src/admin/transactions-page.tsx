import { formatCredits, formatDateTime, formatGBP, type TransactionDto } from '@ecu/shared';
import { adminApi } from './api';
import { AfterRestore, EmailText, ListFooter, listStateRow, OfflineNotice, SearchField } from './list-parts';
import { InvoiceCell, PaymentStatusBadge } from './payment-parts';
import { adminKeys } from './queries';
import { useAdminList } from './use-admin-list';

const COLUMNS = 7;

function payerName(tx: TransactionDto): string {
  return `${tx.userId?.firstName ?? ''} ${tx.userId?.lastName ?? ''}`.trim();
}

function matchesTransaction(tx: TransactionDto, q: string): boolean {
  const needle = q.toLowerCase();
  return [tx.serialNo, tx.status, tx.userId?.email, payerName(tx)].some((v) =>
    v?.toLowerCase().includes(needle),
  );
}

/** Every user's payments (/transactions for an admin), newest first. */
export default function AdminTransactionsPage() {
  return (
    <AfterRestore>
      <TransactionsDesk />
    </AfterRestore>
  );
}

function TransactionsDesk() {
  const list = useAdminList<TransactionDto>({
    name: 'transactions',
    queryKey: adminKeys.transactions,
    fetchPage: (query, signal) => adminApi.getAllTransactionHistory(query, signal),
    idOf: (tx) => tx._id,
    matches: matchesTransaction,
    loadError: 'Failed to load transactions',
  });

  return (
    <div className="stack admin-page">
      <div className="page-header">
        <div className="title-row">
          <h1>Transactions</h1>
          {list.stale && <span className="badge badge-offline">Offline copy</span>}
        </div>
        <p>Card payments of every user, newest first, with their VAT invoices.</p>
      </div>

      {list.stale && <OfflineNotice loadedAt={list.loadedAt} />}

      <section className="card admin-card" aria-label="All transactions">
        <div className="admin-toolbar">
          <SearchField
            label="Search transactions"
            placeholder="Search by serial number, e-mail, name or status"
            value={list.q}
            onChange={list.setQ}
          />
        </div>

        <div className="admin-table-wrap" aria-busy={list.status === 'loading' || list.refreshing}>
          <table className="admin-table">
            <caption className="admin-sr-only">Payments of every user</caption>
            <thead>
              <tr>
                <th scope="col">Serial No</th>
                <th scope="col">User</th>
                <th scope="col" className="num">
                  Credits
                </th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Status</th>
                <th scope="col">Date</th>
                <th scope="col">Invoice</th>
              </tr>
            </thead>
            <tbody>
              {listStateRow(list, {
                colSpan: COLUMNS,
                loading: 'Fetching Transactions...',
                empty: 'No transactions found.',
              }) ??
                list.rows.map((tx) => {
                  const name = payerName(tx);
                  return (
                    <tr key={tx._id}>
                      <td className="admin-serial">{tx.serialNo}</td>
                      <td>
                        <div className="admin-stacked">
                          <span className={name ? 'admin-user-name' : 'muted'}>{name || 'No name'}</span>
                          <span className="admin-email">
                            {tx.userId ? <EmailText email={tx.userId.email} /> : 'Unknown user'}
                          </span>
                        </div>
                      </td>
                      <td className="num">{formatCredits(tx.credits)}</td>
                      <td className="num">{formatGBP(tx.amount)}</td>
                      <td>
                        <PaymentStatusBadge status={tx.status} />
                      </td>
                      <td className="admin-date">{formatDateTime(tx.createdAt)}</td>
                      <td>
                        <InvoiceCell tx={tx} online={list.online} />
                      </td>
                    </tr>
                  );
                })}
            </tbody>
          </table>
        </div>
        <ListFooter list={list} noun={['transaction', 'transactions']} />
      </section>
    </div>
  );
}
