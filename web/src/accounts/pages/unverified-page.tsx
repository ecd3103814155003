import { Trans, useLingui } from '@lingui/react/macro';
import { AuthScreen } from '../auth-screen';
import { useAuthUser } from '../auth-state';
import { useResendVerification } from '../use-resend-verification';
import { useSignOut } from '../use-sign-out';

/** Waiting screen after onboarding until the e-mail link is opened (docs/product.md#1-roles-and-accounts). */
export default function UnverifiedPage() {
  const { t } = useLingui();
  const user = useAuthUser();
  const signOut = useSignOut();
  const email = typeof user === 'object' && user ? user.email : undefined;

  const { resend: resendTo, sending } = useResendVerification(
    t`Email not found. Please continue with different account.`,
  );
  const resend = () => resendTo(email);

  return (
    <AuthScreen>
      <div className="status-icon" aria-hidden="true">
        &#9993;
      </div>
      <h1>
        <Trans>Please verify your email address</Trans>
      </h1>
      <p className="subtitle">
        <Trans>A fresh verification link has been sent to your email address.</Trans>
      </p>
      {email && (
        <p className="auth-text">
          <Trans>
            We sent it to <strong dir="ltr">{email}</strong>.
          </Trans>
        </p>
      )}
      <p className="auth-text">
        <Trans>
          If you did not receive the email,{' '}
          <button type="button" className="btn-link" onClick={resend} disabled={sending}>
            Click here
          </button>{' '}
          to request another.
        </Trans>
      </p>
      <p className="auth-footer">
        <button type="button" className="btn-link" onClick={signOut}>
          <Trans>Use a different account</Trans>
        </button>
      </p>
    </AuthScreen>
  );
}
