import { useSignOut } from '../accounts/use-sign-out';
import { usePublicConfig } from './public-config';

/** Full-screen blocking overlay for a disabled account (docs/product.md#1-roles-and-accounts). */
export default function DisabledOverlay() {
  const { supportEmail } = usePublicConfig();
  const signOut = useSignOut();
  return (
    <div className="blocking-overlay" role="alertdialog" aria-modal="true" aria-labelledby="disabled-title">
      <div className="blocking-card">
        <div className="status-icon" aria-hidden="true">
          &#9888;
        </div>
        <h2 id="disabled-title">Account Disabled</h2>
        <p>Your account has been temporarily disabled. Please contact support for assistance.</p>
        <p>
          <a href={`mailto:${supportEmail}?subject=Account%20disabled`}>Contact support</a>
          <br />
          <span className="muted">{supportEmail}</span>
        </p>
        <button type="button" className="btn btn-block" onClick={signOut}>
          Sign In
        </button>
      </div>
    </div>
  );
}
