import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { usePublicConfig } from '../app/public-config';

/**
 * /auto-data (docs/product.md#2-routes-and-the-auth-gate): what the in-house vehicle-data tool
 * offers and how to get access.
 */
export default function AutoDataPage() {
  const { supportEmail } = usePublicConfig();
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the subject of a mail to the portal's own support
  const mailto = `mailto:${supportEmail}?subject=${encodeURIComponent('Autodata access')}`;

  return (
    <div className="stack">
      <div className="page-header">
        <div className="breadcrumb">
          <Link to="/dashboard">
            <Trans>Dashboard</Trans>
          </Link>{' '}
          <span aria-hidden="true" className="dir-icon">
            &gt;
          </span>{' '}
          Autodata
        </div>
        <h1>Autodata</h1>
        <p>
          <Trans>Our in-house vehicle data tool for the cars you tune.</Trans>
        </p>
      </div>

      <section className="card prose" aria-labelledby="offers-heading">
        <h2 id="offers-heading">
          <Trans>What it offers</Trans>
        </h2>
        <ul>
          <li>
            <Trans>
              <strong>Technical data</strong>: engine codes, specifications and ECU details to identify a
              vehicle before you read it.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Wiring</strong>: wiring diagrams and connector pin-outs for bench and boot-mode work.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Service information</strong>: service schedules and repair information for the job
              around the tune.
            </Trans>
          </li>
        </ul>
      </section>

      <section className="card prose" aria-labelledby="access-heading">
        <h2 id="access-heading">
          <Trans>Getting access</Trans>
        </h2>
        <p>
          <Trans>
            Access to Autodata is arranged through support for now. Email us from your account's address and
            we will set you up.
          </Trans>
        </p>
        <a className="btn" href={mailto}>
          <Trans>Email support for access</Trans>
        </a>
        <p className="muted">{supportEmail}</p>
      </section>
    </div>
  );
}
