import { formatGBP } from '@ecu/shared';
import { Link } from 'react-router-dom';
import { useAuthUser } from '../accounts';
import { usePublicConfig } from '../app/public-config';

const DEFAULT_PER_CREDIT_PRICE = 60;

/** /help (docs/product.md#2-routes-and-the-auth-gate): vehicles or ECUs not listed, support, a short FAQ. */
export default function HelpPage() {
  const { supportEmail } = usePublicConfig();
  const user = useAuthUser();
  const perCreditPrice = typeof user === 'object' && user ? user.perCreditPrice : undefined;

  return (
    <div className="stack">
      <div className="page-header">
        <h1>Help</h1>
        <p>
          What to do when your vehicle or ECU is not listed, how to reach us, and answers to common questions.
        </p>
      </div>

      <section className="card prose" aria-labelledby="not-listed-heading">
        <h2 id="not-listed-heading">My vehicle or ECU is not listed</h2>
        <p>
          Make, model, year and registration are free text, so any vehicle can be entered. For the ECU ID:
        </p>
        <ol>
          <li>
            Choose the closest match in the ECU ID picker on <Link to="/upload-file">Upload File</Link>:
            search by the family name printed on the unit (for example a part of the Bosch or Siemens type
            name).
          </li>
          <li>
            On the Modification Plan step, write the exact details in the notes: engine code, ECU hardware and
            software numbers, and anything unusual about the vehicle. Our tuners read the notes before they
            start.
          </li>
          <li>
            Not sure which one to pick, or nothing comes close? Contact support before uploading and we will
            tell you how to send the file.
          </li>
        </ol>
      </section>

      <section className="card prose" aria-labelledby="support-heading">
        <h2 id="support-heading">Contact support</h2>
        <p>
          Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. Include your account e-mail and, for
          a file you have already submitted, its ticket number. For questions about a submitted file you can
          also use the chat on the file's page under <Link to="/my-files">My Files</Link>.
        </p>
        <a className="btn" href={`mailto:${supportEmail}?subject=Support%20request`}>
          Email support
        </a>
      </section>

      <section className="card prose" aria-labelledby="faq-heading">
        <h2 id="faq-heading">Frequently asked questions</h2>
        <details className="faq">
          <summary>What is a credit and what does it cost?</summary>
          <p>
            Files are paid for in credits. Your price per credit is{' '}
            {formatGBP(perCreditPrice ?? DEFAULT_PER_CREDIT_PRICE)}. Packages of 10, 25 and 48 credits are
            discounted by 8%, 12% and 16%; VAT of 20% is added at checkout. See{' '}
            <Link to="/buy-credits">Buy Credits</Link>.
          </p>
        </details>
        <details className="faq">
          <summary>How many credits does a file need?</summary>
          <p>
            It depends on the vehicle, the stage and the options you choose. The Overview step of the upload
            shows the price line by line before you submit, and the credits are taken when you first download
            the tuned file. The free solutions and the 2-credit ECUs are listed on the{' '}
            <Link to="/price-list">Price List</Link>.
          </p>
        </details>
        <details className="faq">
          <summary>Can I get a refund?</summary>
          <p>
            Credit payments are non-refundable and non-transferable. If we cannot resolve an issue with your
            file, the credits are returned to your account.
          </p>
        </details>
        <details className="faq">
          <summary>How long does a file take?</summary>
          <p>
            Your file moves from Pending to In Progress when a tuner picks it up, then to Completed, and you
            can download it once it is Unlocked. Files that need manual work and arrive outside working hours
            are processed when we re-open. You can follow the status under{' '}
            <Link to="/my-files">My Files</Link>.
          </p>
        </details>
        <details className="faq">
          <summary>My file needs changes after a few weeks. Is that free?</summary>
          <p>
            Slave users get free further solutions within 21 days. Reworking a file older than 21 days costs 1
            extra credit.
          </p>
        </details>
      </section>
    </div>
  );
}
