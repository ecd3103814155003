import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { messageOf } from '../../local/api-client';
import { getAuthUser, setAuthUser } from '../../local/db';
import { accountsApi } from '../api';
import { AuthScreen } from '../auth-screen';
import { refreshAuthUser } from '../auth-state';
import { useResendVerification } from '../use-resend-verification';

const REDIRECT_DELAY_MS = 2000;

/** 'incomplete': the link lacks the token or the address, so nothing was submitted. */
type Status = 'incomplete' | 'pending' | 'success' | 'failed';

/** The e-mail link's landing page: /verify-email?token=…&email=… (docs/product.md#1-roles-and-accounts). */
export default function VerifyEmailPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  const linkComplete = Boolean(token && email);
  const [status, setStatus] = useState<Status>(linkComplete ? 'pending' : 'incomplete');
  const { resend: resendTo, sending: resending } = useResendVerification(t`Email not found!`);
  // StrictMode runs effects twice in development; a token is single use, so submit it once.
  const submitted = useRef(false);

  useEffect(() => {
    if (!linkComplete || submitted.current) return;
    submitted.current = true;
    accountsApi
      .verify({ token, email })
      .then(({ message, data }) => {
        setStatus('success');
        toast.success(message);
        // Let the success text show, then update the cached user: the route gate sends a
        // verified user to /dashboard. Not cancelled on unmount: the cache must learn it anyway.
        window.setTimeout(async () => {
          const cached = await getAuthUser();
          if (data && cached && data._id === cached._id) await setAuthUser(data);
          else await refreshAuthUser();
        }, REDIRECT_DELAY_MS);
      })
      .catch((err: unknown) => {
        setStatus('failed');
        toast.error(messageOf(err, t`Failed to verify`));
      });
  }, [linkComplete, token, email, t]);

  const resend = () => resendTo(email);
  const resendAction = (
    <p className="auth-text">
      <Trans>
        Use this link{' '}
        <button type="button" className="btn-link" onClick={resend} disabled={resending}>
          to send a new verification link
        </button>
        .
      </Trans>
    </p>
  );

  return (
    <AuthScreen>
      {status === 'incomplete' && (
        <div role="status">
          <div className="status-icon" aria-hidden="true">
            &#9993;
          </div>
          <h1>
            <Trans>Verification link incomplete</Trans>
          </h1>
          <p className="subtitle">
            <Trans>Open the link from your verification e-mail, or ask for a new one.</Trans>
          </p>
          {resendAction}
        </div>
      )}
      {status === 'pending' && (
        <div role="status" aria-busy="true">
          <div className="status-icon" aria-hidden="true">
            &#8987;
          </div>
          <h1>
            <Trans>Verifying your email...</Trans>
          </h1>
        </div>
      )}
      {status === 'success' && (
        <div role="status">
          <div className="status-icon status-success" aria-hidden="true">
            &#10003;
          </div>
          <h1>
            <Trans>Email verified successfully!</Trans>
          </h1>
          <p className="subtitle">
            <Trans>You’ll be redirected shortly. Thanks for confirming your email.</Trans>
          </p>
        </div>
      )}
      {status === 'failed' && (
        <div role="alert">
          <div className="status-icon status-failed" aria-hidden="true">
            &#10007;
          </div>
          <h1>
            <Trans>Verification failed</Trans>
          </h1>
          <p className="subtitle">
            <Trans>The verification link might be expired or invalid.</Trans>
          </p>
          {resendAction}
        </div>
      )}
    </AuthScreen>
  );
}
