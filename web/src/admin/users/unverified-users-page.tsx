import { useLingui } from '@lingui/react/macro';
import { UsersList } from './users-list';

/** /unverified-users: accounts whose e-mail address is not verified yet. */
export default function UnverifiedUsersPage() {
  const { t } = useLingui();
  return (
    <UsersList
      kind="unverified"
      title={t`Unverified Users`}
      subtitle={t`Accounts that have not verified their e-mail address yet. Resend the verification e-mail from here.`}
      caption={t`Unverified users`}
    />
  );
}
