import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useAuthUser } from '../accounts/auth-state';
import { persistOptions, queryClient } from '../local/query-client';
import { AdminLayout } from './admin-layout';
import { CustomerLayout } from './customer-layout';
import './outbox-handlers';

/**
 * Signed-in pages: the layout follows the role (the route gate has already checked access).
 * Server data read with TanStack Query lives here, the only place that uses it: its cache is
 * persisted to IndexedDB under the account (a copy of another account's is never restored).
 */
export function AppLayout() {
  const user = useAuthUser();
  if (!user || user === 'loading' || user === 'unknown') return null;
  return (
    <PersistQueryClientProvider key={user._id} client={queryClient} persistOptions={persistOptions(user._id)}>
      {user.role === 'admin' ? <AdminLayout user={user} /> : <CustomerLayout user={user} />}
    </PersistQueryClientProvider>
  );
}
