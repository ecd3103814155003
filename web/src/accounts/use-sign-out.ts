import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { messageOf } from '../local/api-client';
import { accountsApi } from './api';
import { forgetAccount } from './auth-state';

/** Logout (spec section 4): success toast, cached user cleared, browser to /signin. */
export function useSignOut() {
  const navigate = useNavigate();
  return async () => {
    try {
      const { message } = await accountsApi.logout();
      await forgetAccount();
      toast.success(message || 'Signed out successfully');
      navigate('/signin', { replace: true });
    } catch (err) {
      toast.error(messageOf(err, 'Failed to sign out'));
    }
  };
}
