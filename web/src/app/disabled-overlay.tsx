import { Trans } from '@lingui/react/macro';
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
        <h2 id="disabled-title">
          <Trans>Account Disabled</Trans>
        </h2>
        <p>
          <Trans>Your account has been temporarily disabled. Please contact support for assistance.</Trans>
        </p>
        <p>
          <a href={`mailto:${supportEmail}?subject=Account%20disabled`}>
            <Trans>Contact support</Trans>
          </a>
          <br />
          <span className="muted">{supportEmail}</span>
        </p>
        <button type="button" className="btn btn-block" onClick={signOut}>
          <Trans>Sign In</Trans>
        </button>
      </div>
    </div>
  );
}
