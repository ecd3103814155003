import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useAuthUser } from '../accounts/auth-state';
import { installOutboxHandlers } from '../local/outbox';
import { persistOptions, queryClient } from '../local/query-client';
import { AdminLayout } from './admin-layout';
import { CustomerLayout } from './customer-layout';
import { OUTBOX_HANDLERS } from './outbox-handlers';

// The outbox sends and replays commands with this table (docs/decisions/041-outbox-commands.md).
installOutboxHandlers(OUTBOX_HANDLERS);

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
