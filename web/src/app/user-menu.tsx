import type { UserDto } from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSignOut } from '../accounts/use-sign-out';

/** The top bar's account menu. `user` is null while the local database is read (the initials wait). */
export function UserMenu({ user, withSettings }: { user: UserDto | null; withSettings: boolean }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const signOut = useSignOut();

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const initials = user
    ? `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase() || user.email[0]?.toUpperCase()
    : '';
  return (
    <div className="user-menu" ref={ref}>
      <button
        type="button"
        className="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        // Until the name is read, the button still says what it is.
        aria-label={user ? undefined : t`Account`}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="avatar" aria-hidden="true">
          {initials}
        </span>
        <span className="user-menu-name">{user ? user.firstName || user.email : ''}</span>
      </button>
      {open && (
        <div className="user-menu-list" role="menu">
          {withSettings && (
            <Link role="menuitem" to="/profile-settings" replace onClick={() => setOpen(false)}>
              <Trans>Settings</Trans>
            </Link>
          )}

          <button type="button" role="menuitem" onClick={signOut}>
            <Trans>Sign Out</Trans>
          </button>
        </div>
      )}
    </div>
  );
}
