import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { messageOf } from '../local/api-client';
import { accountsApi } from './api';

/**
 * 'Send a new verification link' on /unverified and /verify-email: the same call and toasts,
 * with the screen's own text for a missing address (docs/product.md#1-roles-and-accounts).
 */
export function useResendVerification(missingEmailMessage: string) {
  const [sending, setSending] = useState(false);
  async function resend(email: string | null | undefined) {
    if (!email) {
      toast.error(missingEmailMessage);
      return;
    }
    setSending(true);
    try {
      const { message } = await accountsApi.resendVerification({ email });
      toast.success(message || t`Verification email sent successfully!`);
    } catch (err) {
      toast.error(messageOf(err, t`Failed to resend email verification`));
    } finally {
      setSending(false);
    }
  }
  return { resend, sending };
}
