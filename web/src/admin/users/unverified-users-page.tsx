import { UsersList } from './users-list';

/** /unverified-users: accounts whose e-mail address is not verified yet. */
export default function UnverifiedUsersPage() {
  return (
    <UsersList
      kind="unverified"
      title="Unverified Users"
      subtitle="Accounts that have not verified their e-mail address yet. Resend the verification e-mail from here."
      caption="Unverified users"
    />
  );
}
