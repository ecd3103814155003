import { UsersList } from './users-list';

/** /users: every account. */
export default function AllUsersPage() {
  return (
    <UsersList
      kind="all"
      title="Users"
      subtitle="Every account, newest first: find a user, change their role or credit price, disable or delete."
      caption="All users"
    />
  );
}
