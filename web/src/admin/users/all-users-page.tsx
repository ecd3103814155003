import { useLingui } from '@lingui/react/macro';
import { UsersList } from './users-list';

/** /users: every account. */
export default function AllUsersPage() {
  const { t } = useLingui();
  return (
    <UsersList
      kind="all"
      title={t`Users`}
      subtitle={t`Every account, newest first: find a user, change their role or credit price, disable or delete.`}
      caption={t`All users`}
    />
  );
}
