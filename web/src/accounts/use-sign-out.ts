import { plural, t } from '@lingui/core/macro';
import { useNavigate } from 'react-router-dom';
import { messageOf, NetworkError } from '../local/api-client';
import { toast } from '../ui/toast';
import { accountsApi } from './api';
import { loadAuthLookup } from './auth-gate';

const offlineSignOutText = () =>
  t`Signed out on this device. You are offline: the server will end the session when you are back online.`;

function unsentWarning(count: number): string {
  return plural(count, {
    one: '# change has not been sent yet (you are offline). Signing out removes it from this device. Sign out anyway?',
    other:
      '# changes have not been sent yet (you are offline). Signing out removes them from this device. Sign out anyway?',
  });
}

/** Logout (docs/product.md#1-roles-and-accounts): success toast, cached user cleared, browser to /signin. */
export function useSignOut() {
  const navigate = useNavigate();
  return async () => {
    // The lookup's chunk (with Dexie) is loaded by the time anyone signs out; the menu that
    // offers this does not bring it to the first paint.
    const [{ forgetAccount, signOutOffline }, { localDb }] = await Promise.all([
      loadAuthLookup(),
      import('../local/db'),
    ]);
    // Before the session ends (the server still knows whose subscription it removes): this
    // device stops receiving the account's pushes. Sign-out never waits on it failing.
    const forgetPush = await import('../notifications').then(
      (m) => m.forgetPushOnThisDevice,
      () => async () => {},
    );
    await forgetPush();
    try {
      const { message } = await accountsApi.logout();
      await forgetAccount();
      toast.success(message || t`Signed out successfully`);
      navigate('/signin', { replace: true });
    } catch (err) {
      if (!(err instanceof NetworkError)) {
        toast.error(messageOf(err, t`Failed to sign out`));
        return;
      }
      // On a shared workshop tablet signing out must work without a network; work that has
      // not reached the server yet would go with the account, so the tuner decides.
      const waiting = await localDb.outbox.where('status').equals('pending').count();
      if (waiting > 0 && !window.confirm(unsentWarning(waiting))) return;
      await signOutOffline();
      toast.info(offlineSignOutText());
      navigate('/signin', { replace: true });
    }
  };
}
