import { Link } from 'react-router-dom';
import { usePublicConfig } from '../app/public-config';

/**
 * /auto-data (docs/product.md#2-routes-and-the-auth-gate): what the in-house vehicle-data tool
 * offers and how to get access.
 */
export default function AutoDataPage() {
  const { supportEmail } = usePublicConfig();
  const mailto = `mailto:${supportEmail}?subject=${encodeURIComponent('Autodata access')}`;

  return (
    <div className="stack">
      <div className="page-header">
        <div className="breadcrumb">
          <Link to="/dashboard">Dashboard</Link>{' '}
          <span aria-hidden="true" className="dir-icon">
            &gt;
          </span>{' '}
          Autodata
        </div>
        <h1>Autodata</h1>
        <p>Our in-house vehicle data tool for the cars you tune.</p>
      </div>

      <section className="card prose" aria-labelledby="offers-heading">
        <h2 id="offers-heading">What it offers</h2>
        <ul>
          <li>
            <strong>Technical data</strong>: engine codes, specifications and ECU details to identify a
            vehicle before you read it.
          </li>
          <li>
            <strong>Wiring</strong>: wiring diagrams and connector pin-outs for bench and boot-mode work.
          </li>
          <li>
            <strong>Service information</strong>: service schedules and repair information for the job around
            the tune.
          </li>
        </ul>
      </section>

      <section className="card prose" aria-labelledby="access-heading">
        <h2 id="access-heading">Getting access</h2>
        <p>
          Access to Autodata is arranged through support for now. Email us from your account's address and we
          will set you up.
        </p>
        <a className="btn" href={mailto}>
          Email support for access
        </a>
        <p className="muted">{supportEmail}</p>
      </section>
    </div>
  );
}
