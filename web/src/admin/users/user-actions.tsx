import { ROLES, type Role, type UserDto } from '@ecu/shared';
import { useId, useState } from 'react';
import { useAuthUser } from '../../accounts';
import { ConfirmDialog } from '../confirm-dialog';
import { OFFLINE_ACTION_TEXT } from '../use-admin-command';
import {
  useActivateCommand,
  useDeleteCommand,
  useDisableCommand,
  useResendVerificationCommand,
  useRoleCommand,
} from '../user-commands';
import { displayName, initialsOf } from './user-names';

/**
 * The commands an admin gives about one user, shared by the user lists' rows and the user's
 * page: the role dropdown, Disable / Activate, Delete and Resend verification, each
 * destructive one behind a dialog that says what will happen (docs/product.md#9-the-admin-desk).
 */

/** An admin never disables, deletes or demotes themself. */
export const SELF_TEXT = 'This is your own account: you cannot change its role, disable or delete it.';

/** The signed-in admin's id, to tell their own row (undefined while it is read). */
export function useMyId(): string | undefined {
  const me = useAuthUser();
  return typeof me === 'object' && me ? me._id : undefined;
}

export function UserAvatar({ user }: { user: Pick<UserDto, 'firstName' | 'lastName' | 'email'> }) {
  return (
    <span className="admin-avatar" aria-hidden="true">
      {initialsOf(user)}
    </span>
  );
}

/** Badges after a user's name: You, Unverified, Disabled. */
export function UserBadges({ user, self }: { user: UserDto; self: boolean }) {
  return (
    <>
      {self && <span className="badge admin-badge-you">You</span>}
      {!user.verified && <span className="badge badge-pending">Unverified</span>}
      {user.disabled && <span className="badge badge-failed">Disabled</span>}
    </>
  );
}

/** Why a control is off, for its title: offline, or the admin's own account. */
function reasonOff(locked: boolean, self: boolean): string | undefined {
  if (locked) return OFFLINE_ACTION_TEXT;
  if (self) return SELF_TEXT;
  return undefined;
}

/** A visually hidden reason, for aria-describedby of the controls it explains. */
function HiddenReason({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <span id={id} className="sr-only">
      {text}
    </span>
  ) : null;
}

const ROLE_TEXT: Record<Role, string> = { user: 'User', engineer: 'Engineer', admin: 'Admin' };

/** The role dropdown: a change applies after a dialog that says what the new role means. */
export function RoleSelect({ user, self }: { user: UserDto; self: boolean }) {
  const command = useRoleCommand();
  const [asked, setAsked] = useState<Role | null>(null);
  const reasonId = useId();
  const reason = reasonOff(command.locked, self);
  const name = displayName(user);

  async function confirm() {
    if (!asked) return;
    await command.run({ userId: user._id, role: asked });
    setAsked(null);
  }

  return (
    <>
      <select
        className="input admin-role-select"
        aria-label={`Role of ${user.email}`}
        aria-describedby={reason ? reasonId : undefined}
        title={reason}
        value={asked ?? user.role}
        disabled={Boolean(reason) || command.pending}
        onChange={(e) => {
          const role = ROLES.find((r) => r === e.target.value);
          if (role && role !== user.role) setAsked(role);
        }}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_TEXT[role]}
          </option>
        ))}
      </select>
      <HiddenReason id={reasonId} text={reason} />
      <ConfirmDialog
        open={asked !== null}
        title={asked === 'user' ? `Make ${name} a user?` : `Make ${name} an ${asked}?`}
        confirmLabel={`Make ${asked ?? ''}`}
        tone={asked === 'admin' ? 'danger' : 'primary'}
        busy={command.pending}
        disabled={command.locked}
        onConfirm={confirm}
        onCancel={() => setAsked(null)}
      >
        {asked === 'admin' ? (
          <p>
            <strong>{user.email}</strong> gets the admin desk: every user's account, credits, prices, files
            and payments, and these same powers over other admins. Their customer screens are replaced by the
            admin screens on their next request.
          </p>
        ) : asked === 'engineer' ? (
          <p>
            <strong>{user.email}</strong> works the queue on their next request: tickets, chat, tuned files,
            solutions and internal notes. Users, credits, prices, payments and settings stay with admins. The
            last admin cannot be made an engineer.
          </p>
        ) : (
          <p>
            <strong>{user.email}</strong> loses the staff desk on their next request and gets the customer
            screens. The last admin cannot be made a user.
          </p>
        )}
        {command.locked && <p className="muted">{OFFLINE_ACTION_TEXT}</p>}
      </ConfirmDialog>
    </>
  );
}

type Asked = 'disable' | 'activate' | 'delete';

/**
 * Disable or Activate, Delete and (for an unverified account) Resend verification.
 * `onDeleted` runs after a successful delete (the user's page goes back to /users).
 */
export function AccountActions({
  user,
  self,
  showResend,
  onDeleted,
}: {
  user: UserDto;
  self: boolean;
  showResend: boolean;
  onDeleted?: () => void;
}) {
  const disable = useDisableCommand();
  const activate = useActivateCommand();
  const remove = useDeleteCommand();
  const resend = useResendVerificationCommand();
  const [asked, setAsked] = useState<Asked | null>(null);
  const reasonId = useId();
  const locked = disable.locked;
  const reason = reasonOff(locked, self);
  const pending = disable.pending || activate.pending || remove.pending;
  const name = displayName(user);

  async function confirm() {
    if (asked === 'disable') await disable.run(user._id);
    if (asked === 'activate') await activate.run(user._id);
    if (asked === 'delete') {
      const answer = await remove.run(user._id);
      setAsked(null);
      if (answer) onDeleted?.();
      return;
    }
    setAsked(null);
  }

  return (
    <div className="admin-row-actions">
      {user.disabled ? (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-label={`Activate ${user.email}`}
          title={locked ? OFFLINE_ACTION_TEXT : undefined}
          disabled={locked || pending}
          onClick={() => setAsked('activate')}
        >
          Activate
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-sm admin-btn-danger-outline"
          aria-label={`Disable ${user.email}`}
          aria-describedby={reason ? reasonId : undefined}
          title={reason}
          disabled={Boolean(reason) || pending}
          onClick={() => setAsked('disable')}
        >
          Disable
        </button>
      )}
      <button
        type="button"
        className="btn btn-sm admin-btn-danger-outline"
        aria-label={`Delete ${user.email}`}
        aria-describedby={reason ? reasonId : undefined}
        title={reason}
        disabled={Boolean(reason) || pending}
        onClick={() => setAsked('delete')}
      >
        Delete
      </button>
      {showResend && !user.verified && (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-label={`Resend verification to ${user.email}`}
          title={locked ? OFFLINE_ACTION_TEXT : 'E-mail a fresh verification link'}
          disabled={locked || resend.pending}
          onClick={() => void resend.run(user._id)}
        >
          {resend.pending ? 'Sending...' : 'Resend verification'}
        </button>
      )}
      <HiddenReason id={reasonId} text={reason} />

      <ConfirmDialog
        open={asked !== null}
        title={
          asked === 'delete'
            ? `Delete ${name}?`
            : asked === 'activate'
              ? `Activate ${name}?`
              : `Disable ${name}?`
        }
        confirmLabel={asked === 'delete' ? 'Delete user' : asked === 'activate' ? 'Activate' : 'Disable'}
        tone={asked === 'activate' ? 'primary' : 'danger'}
        busy={pending}
        disabled={locked}
        onConfirm={confirm}
        onCancel={() => setAsked(null)}
      >
        {asked === 'disable' && (
          <>
            <p>
              {name} ({user.email}) will be signed out of the app on their next request and see 'Account
              Disabled' until activated.
            </p>
            <p className="muted">Their files, payments and credits stay as they are.</p>
          </>
        )}
        {asked === 'activate' && (
          <p>
            {name} ({user.email}) can use the app again from their next request; the 'Account Disabled' screen
            goes away.
          </p>
        )}
        {asked === 'delete' && (
          <>
            <p>
              {name}'s names, address and e-mail address ({user.email}) are removed and every session is
              signed out. The e-mail address is free for a new sign-up.
            </p>
            <p>Their payments and credit ledger are kept, tied to the anonymised account, for accounting.</p>
            <p>
              <strong>This cannot be undone.</strong>
            </p>
          </>
        )}
        {locked && <p className="muted">{OFFLINE_ACTION_TEXT}</p>}
      </ConfirmDialog>
    </div>
  );
}
