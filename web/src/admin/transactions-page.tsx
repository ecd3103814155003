import type { TransactionDto } from '@ecu/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { PaymentColumnHeads } from '../credits';
import { adminApi } from './api';
import { AfterRestore, EmailText, ListDesk, listStateRow } from './list-parts';
import { EvidenceCell, PaymentCells } from './payment-parts';
import { adminKeys } from './queries';
import { useAdminList } from './use-admin-list';

const COLUMNS = 8;

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
  const { t } = useLingui();
  const list = useAdminList<TransactionDto>({
    name: 'transactions',
    queryKey: adminKeys.transactions,
    fetchPage: (query, signal) => adminApi.getAllTransactionHistory(query, signal),
    idOf: (tx) => tx._id,
    matches: matchesTransaction,
    loadError: t`Failed to load transactions`,
  });

  return (
    <ListDesk
      title={t`Transactions`}
      intro={t`Card payments of every user, newest first, with their VAT invoices and chargeback evidence.`}
      label={t`All transactions`}
      list={list}
      search={{
        label: t`Search transactions`,
        placeholder: t`Search by serial number, e-mail, name or status`,
      }}
      noun={(count) => plural(count, { one: 'Showing # transaction', other: 'Showing # transactions' })}
    >
      <table className="admin-table">
        <caption className="sr-only">
          <Trans>Payments of every user</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Serial No</Trans>
            </th>
            <th scope="col">
              <Trans>User</Trans>
            </th>
            <PaymentColumnHeads />
            <th scope="col">
              <Trans>Evidence</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {listStateRow(list, {
            colSpan: COLUMNS,
            loading: t`Fetching Transactions...`,
            empty: t`No transactions found.`,
          }) ??
            list.rows.map((tx) => {
              const name = payerName(tx);
              return (
                <tr key={tx._id}>
                  <td className="admin-serial">
                    <bdi dir="ltr">{tx.serialNo}</bdi>
                  </td>
                  <td data-label={t`User`}>
                    <div className="admin-stacked">
                      <span className={name ? 'admin-user-name' : 'muted'}>{name || t`No name`}</span>
                      <span className="admin-email">
                        {tx.userId ? <EmailText email={tx.userId.email} /> : t`Unknown user`}
                      </span>
                    </div>
                  </td>
                  <PaymentCells tx={tx} online={list.online} />
                  <td data-label={t`Evidence`}>
                    <EvidenceCell tx={tx} online={list.online} />
                  </td>
                </tr>
              );
            })}
        </tbody>
      </table>
    </ListDesk>
  );
}
