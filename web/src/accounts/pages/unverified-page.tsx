import { AuthScreen } from '../auth-screen';
import { useAuthUser } from '../auth-state';
import { useResendVerification } from '../use-resend-verification';
import { useSignOut } from '../use-sign-out';

/** Waiting screen after onboarding until the e-mail link is opened (docs/product.md#1-roles-and-accounts). */
export default function UnverifiedPage() {
  const user = useAuthUser();
  const signOut = useSignOut();
  const email = typeof user === 'object' && user ? user.email : undefined;

  const { resend: resendTo, sending } = useResendVerification(
    'Email not found. Please continue with different account.',
  );
  const resend = () => resendTo(email);

  return (
    <AuthScreen>
      <div className="status-icon" aria-hidden="true">
        &#9993;
      </div>
      <h1>Please verify your email address</h1>
      <p className="subtitle">A fresh verification link has been sent to your email address.</p>
      {email && (
        <p className="auth-text">
          We sent it to <strong>{email}</strong>.
        </p>
      )}
      <p className="auth-text">
        If you did not receive the email,{' '}
        <button type="button" className="btn-link" onClick={resend} disabled={sending}>
          Click here
        </button>{' '}
        to request another.
      </p>
      <p className="auth-footer">
        <button type="button" className="btn-link" onClick={signOut}>
          Use a different account
        </button>
      </p>
    </AuthScreen>
  );
}
