import { isStaff } from '@ecu/shared';
import { lazy } from 'react';
import { useSignedInUser } from '../accounts/auth-user';
import { QueryReady } from '../local/query-ready';
import { CustomerLayout } from './customer-layout';
import './outbox-on-use';

// The admin desk's layout (its inbox badge reads with TanStack Query) is not part of a
// customer's first paint; it suspends with the query client it waits for anyway.
const AdminLayout = lazy(async () => ({ default: (await import('./admin-layout')).AdminLayout }));

/**
 * Signed-in pages: the layout follows the role (the route gate has already checked access).
 * The customer's layout paints its frame from the route gate's copy, before Dexie has loaded,
 * and shows the user's name and credits once read; TanStack Query (live server data, its cache
 * persisted to IndexedDB under the account) loads for the pages and parts that read with it
 * (local/query-ready.tsx). The admin desk reads everything with it, so its layout waits for it.
 */
export function AppLayout() {
  const { role, user } = useSignedInUser();
  if (!role) return null;
  if (!isStaff(role)) return <CustomerLayout user={user} />;
  return user ? (
    <QueryReady key={user._id}>
      <AdminLayout user={user} />
    </QueryReady>
  ) : null;
}
