import { formatDateTime, formatGBP, type UserDto } from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { useFormatLocale } from '../../i18n';
import { adminApi, type UserListKind } from '../api';
import { AfterRestore, EmailText, ListDesk, listStateRow } from '../list-parts';
import { PriceEditor } from '../price-editor';
import { adminKeys } from '../queries';
import { useAdminList } from '../use-admin-list';
import { AccountActions, RoleSelect, UserAvatar, UserBadges, useMyId } from './user-actions';
import { fullName } from './user-names';

const COLUMNS = 8;

/**
 * Offline the server cannot search: the same fields (docs/product.md#9-the-admin-desk: email,
 * first name, last name, role).
 */
function matchesUser(user: UserDto, q: string): boolean {
  const needle = q.toLowerCase();
  return [user.email, user.firstName, user.lastName, fullName(user), user.role].some((v) =>
    v?.toLowerCase().includes(needle),
  );
}

export interface UsersListProps {
  kind: UserListKind;
  title: string;
  subtitle: string;
  /** The table's caption, for screen readers. */
  caption: string;
}

/** /users, /unverified-users and /disabled-users: one screen over three server lists. */
export function UsersList(props: UsersListProps) {
  return (
    <AfterRestore>
      <UsersDesk {...props} />
    </AfterRestore>
  );
}

function UsersDesk({ kind, title, subtitle, caption }: UsersListProps) {
  const myId = useMyId();
  const { t } = useLingui();
  const list = useAdminList<UserDto>({
    name: `users-${kind}`,
    queryKey: (q) => adminKeys.userList(kind, q),
    fetchPage: (query, signal) => adminApi.listUsers(kind, query, signal),
    idOf: (user) => user._id,
    matches: matchesUser,
    loadError: t`Failed to load users`,
  });

  return (
    <ListDesk
      title={title}
      intro={subtitle}
      label={title}
      list={list}
      search={{ label: t`Search users`, placeholder: t`Search users by name, email, role` }}
      noun={[t`user`, t`users`]}
    >
      <table className="admin-table admin-users-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>User</Trans>
            </th>
            <th scope="col">
              <Trans>Email</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Money Spent</Trans>
            </th>
            <th scope="col" className="admin-col-price">
              <Trans>Credit Price</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Files</Trans>
            </th>
            <th scope="col">
              <Trans>Role</Trans>
            </th>
            <th scope="col">
              <Trans>Joined</Trans>
            </th>
            <th scope="col">
              <Trans>Actions</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {listStateRow(list, {
            colSpan: COLUMNS,
            loading: t`Fetching Users...`,
            empty: t`No users found.`,
          }) ??
            list.rows.map((user) => (
              <UserRow
                key={user._id}
                user={user}
                self={user._id === myId}
                showResend={kind === 'unverified'}
              />
            ))}
        </tbody>
      </table>
    </ListDesk>
  );
}

function UserRow({ user, self, showResend }: { user: UserDto; self: boolean; showResend: boolean }) {
  const name = fullName(user);
  const { t } = useLingui();
  const locale = useFormatLocale();
  return (
    <tr data-testid="user-row">
      <td>
        <div className="admin-user-cell">
          <UserAvatar user={user} />
          <div className="admin-stacked">
            <Link
              to={`/users/${encodeURIComponent(user._id)}`}
              className={name ? 'admin-user-link' : 'admin-user-link is-unnamed'}
            >
              {name || user.email}
            </Link>
            <span className="admin-badges">
              <UserBadges user={user} self={self} />
            </span>
          </div>
        </div>
      </td>
      <td data-label={t`Email`} className="admin-email">
        <EmailText email={user.email} />
      </td>
      <td data-label={t`Money Spent`} className="num">
        {formatGBP(user.totalMoneySpent, locale)}
      </td>
      <td data-label={t`Credit Price`}>
        <PriceEditor user={user} />
      </td>
      <td data-label={t`Files`} className="num">
        {user.totalFilesSubmitted ?? 0}
      </td>
      <td data-label={t`Role`}>
        <RoleSelect user={user} self={self} />
      </td>
      <td data-label={t`Joined`} className="admin-date">
        {formatDateTime(user.createdAt, undefined, locale)}
      </td>
      <td data-label={t`Actions`}>
        <AccountActions user={user} self={self} showResend={showResend} />
      </td>
    </tr>
  );
}
