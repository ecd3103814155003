import { useAuthUser } from '../accounts/auth-state';
import { AdminLayout } from './admin-layout';
import { CustomerLayout } from './customer-layout';

/** Signed-in pages: the layout follows the role (the route gate has already checked access). */
export function AppLayout() {
  const user = useAuthUser();
  if (!user || user === 'loading' || user === 'unknown') return null;
  return user.role === 'admin' ? <AdminLayout user={user} /> : <CustomerLayout user={user} />;
}
