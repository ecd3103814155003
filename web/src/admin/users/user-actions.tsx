import { ROLES, type Role, type UserDto } from '@ecu/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useAuthUser } from '../../accounts';
import { ConfirmDialog } from '../confirm-dialog';
import { useOfflineActionText } from '../use-admin-command';
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
export const SELF_TEXT = msg`This is your own account: you cannot change its role, disable or delete it.`;

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
      {self && (
        <span className="badge admin-badge-you">
          <Trans>You</Trans>
        </span>
      )}
      {!user.verified && (
        <span className="badge badge-pending">
          <Trans>Unverified</Trans>
        </span>
      )}
      {user.disabled && (
        <span className="badge badge-failed">
          <Trans>Disabled</Trans>
        </span>
      )}
    </>
  );
}

/** Why a control is off, for its title: offline, or the admin's own account. */
function reasonOff(
  locked: boolean,
  self: boolean,
  selfText: string,
  offlineText: string,
): string | undefined {
  if (locked) return offlineText;
  if (self) return selfText;
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

const ROLE_TEXT: Record<Role, MessageDescriptor> = {
  user: msg`User`,
  engineer: msg`Engineer`,
  admin: msg`Admin`,
};

/** The role dropdown: a change applies after a dialog that says what the new role means. */
export function RoleSelect({ user, self }: { user: UserDto; self: boolean }) {
  const command = useRoleCommand();
  const [asked, setAsked] = useState<Role | null>(null);
  const reasonId = useId();
  const { t, i18n } = useLingui();
  const offlineText = useOfflineActionText();
  const reason = reasonOff(command.locked, self, i18n._(SELF_TEXT), offlineText);
  const name = displayName(user);
  const email = user.email;

  async function confirm() {
    if (!asked) return;
    await command.run({ userId: user._id, role: asked });
    setAsked(null);
  }

  return (
    <>
      <select
        className="input admin-role-select"
        aria-label={t`Role of ${email}`}
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
            {i18n._(ROLE_TEXT[role])}
          </option>
        ))}
      </select>
      <HiddenReason id={reasonId} text={reason} />
      <ConfirmDialog
        open={asked !== null}
        title={
          asked === 'user'
            ? t`Make ${name} a user?`
            : asked === 'engineer'
              ? t`Make ${name} an engineer?`
              : asked === 'admin'
                ? t`Make ${name} an admin?`
                : ''
        }
        confirmLabel={
          asked === 'user'
            ? t`Make user`
            : asked === 'engineer'
              ? t`Make engineer`
              : asked === 'admin'
                ? t`Make admin`
                : ''
        }
        tone={asked === 'admin' ? 'danger' : 'primary'}
        busy={command.pending}
        disabled={command.locked}
        onConfirm={confirm}
        onCancel={() => setAsked(null)}
      >
        {asked === 'admin' ? (
          <p>
            <Trans>
              <strong>{email}</strong> gets the admin desk: every user's account, credits, prices, files and
              payments, and these same powers over other admins. Their customer screens are replaced by the
              admin screens on their next request.
            </Trans>
          </p>
        ) : asked === 'engineer' ? (
          <p>
            <Trans>
              <strong>{email}</strong> works the queue on their next request: tickets, chat, tuned files,
              solutions and internal notes. Users, credits, prices, payments and settings stay with admins.
              The last admin cannot be made an engineer.
            </Trans>
          </p>
        ) : (
          <p>
            <Trans>
              <strong>{email}</strong> loses the staff desk on their next request and gets the customer
              screens. The last admin cannot be made a user.
            </Trans>
          </p>
        )}
        {command.locked && <p className="muted">{offlineText}</p>}
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
  const { t, i18n } = useLingui();
  const offlineText = useOfflineActionText();
  const locked = disable.locked;
  const reason = reasonOff(locked, self, i18n._(SELF_TEXT), offlineText);
  const pending = disable.pending || activate.pending || remove.pending;
  const name = displayName(user);
  const email = user.email;

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
          aria-label={t`Activate ${email}`}
          title={locked ? offlineText : undefined}
          disabled={locked || pending}
          onClick={() => setAsked('activate')}
        >
          <Trans>Activate</Trans>
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-sm admin-btn-danger-outline"
          aria-label={t`Disable ${email}`}
          aria-describedby={reason ? reasonId : undefined}
          title={reason}
          disabled={Boolean(reason) || pending}
          onClick={() => setAsked('disable')}
        >
          <Trans>Disable</Trans>
        </button>
      )}
      <button
        type="button"
        className="btn btn-sm admin-btn-danger-outline"
        aria-label={t`Delete ${email}`}
        aria-describedby={reason ? reasonId : undefined}
        title={reason}
        disabled={Boolean(reason) || pending}
        onClick={() => setAsked('delete')}
      >
        <Trans>Delete</Trans>
      </button>
      {showResend && !user.verified && (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-label={t`Resend verification to ${email}`}
          title={locked ? offlineText : t`E-mail a fresh verification link`}
          disabled={locked || resend.pending}
          onClick={() => void resend.run(user._id)}
        >
          {resend.pending ? t`Sending...` : t`Resend verification`}
        </button>
      )}
      <HiddenReason id={reasonId} text={reason} />

      <ConfirmDialog
        open={asked !== null}
        title={
          asked === 'delete'
            ? t`Delete ${name}?`
            : asked === 'activate'
              ? t`Activate ${name}?`
              : t`Disable ${name}?`
        }
        confirmLabel={asked === 'delete' ? t`Delete user` : asked === 'activate' ? t`Activate` : t`Disable`}
        tone={asked === 'activate' ? 'primary' : 'danger'}
        busy={pending}
        disabled={locked}
        onConfirm={confirm}
        onCancel={() => setAsked(null)}
      >
        {asked === 'disable' && (
          <>
            <p>
              <Trans>
                {name} ({email}) will be signed out of the app on their next request and see 'Account
                Disabled' until activated.
              </Trans>
            </p>
            <p className="muted">
              <Trans>Their files, payments and credits stay as they are.</Trans>
            </p>
          </>
        )}
        {asked === 'activate' && (
          <p>
            <Trans>
              {name} ({email}) can use the app again from their next request; the 'Account Disabled' screen
              goes away.
            </Trans>
          </p>
        )}
        {asked === 'delete' && (
          <>
            <p>
              <Trans>
                {name}'s names, address and e-mail address ({email}) are removed and every session is signed
                out. The e-mail address is free for a new sign-up.
              </Trans>
            </p>
            <p>
              <Trans>
                Their payments and credit ledger are kept, tied to the anonymised account, for accounting.
              </Trans>
            </p>
            <p>
              <strong>
                <Trans>This cannot be undone.</Trans>
              </strong>
            </p>
          </>
        )}
        {locked && <p className="muted">{offlineText}</p>}
      </ConfirmDialog>
    </div>
  );
}
