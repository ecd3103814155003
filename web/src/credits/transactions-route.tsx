import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { useAuthUser } from '../accounts';
import { AdminTransactionsPage } from '../admin';

const MyTransactionsPage = lazy(() => import('./my-transactions-page'));

/** /transactions is My Transactions for a tuner and every user's transactions for an admin. */
export default function TransactionsRoute() {
  const user = useAuthUser();
  if (typeof user !== 'object' || !user) return null;
  return (
    <Suspense
      fallback={
        <div className="spinner-page">
          <Trans>Loading...</Trans>
        </div>
      }
    >
      {user.role === 'admin' ? <AdminTransactionsPage /> : <MyTransactionsPage />}
    </Suspense>
  );
}
