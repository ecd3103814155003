import { isStaff } from '@ecu/shared';
import { useLingui } from '@lingui/react/macro';
import { useGateUser } from '../accounts/auth-gate';
import { useOnline } from '../local/use-online';

export function OfflineBanner() {
  const { t } = useLingui();
  const online = useOnline();
  const user = useGateUser();
  if (online) return null;
  // Admins act on live data: nothing of theirs is queued
  // (docs/decisions/014-admin-data-with-tanstack-query.md).
  const isAdmin = typeof user === 'object' && user !== null && isStaff(user.role);
  return (
    <div className="offline-banner" role="status">
      {isAdmin
        ? t`You are offline. You see the last loaded data; changes need a connection.`
        : t`You are offline. You can keep working; changes are sent when the connection is back.`}
    </div>
  );
}
