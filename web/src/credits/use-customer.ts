import type { UserDto } from '@ecu/shared';
import { useAuthUser } from '../accounts';

/** The signed-in customer from IndexedDB, or null while it is being read. */
export function useCustomer(): UserDto | null {
  const user = useAuthUser();
  return typeof user === 'object' && user ? user : null;
}
