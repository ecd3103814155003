import { useLingui } from '@lingui/react/macro';
import { UsersList } from './users-list';

/** /disabled-users. */
export default function DisabledUsersPage() {
  const { t } = useLingui();
  return (
    <UsersList
      kind="disabled"
      title={t`Disabled Users`}
      subtitle={t`User Management: accounts that see 'Account Disabled' until an admin activates them.`}
      caption={t`Disabled users`}
    />
  );
}
