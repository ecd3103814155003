import { UsersList } from './users-list';

/** /disabled-users (spec section 2, the Disabled users page of User Management). */
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
