import { UsersList } from './users-list';

/** /disabled-users. */
export default function DisabledUsersPage() {
  return (
    <UsersList
      kind="disabled"
      title="Disabled Users"
      subtitle="User Management: accounts that see 'Account Disabled' until an admin activates them."
      caption="Disabled users"
    />
  );
}
