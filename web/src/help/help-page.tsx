import { formatGBP } from '@ecu/shared';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { useAuthUser } from '../accounts';
import { usePublicConfig } from '../app/public-config';
import { useFormatLocale } from '../i18n';

const DEFAULT_PER_CREDIT_PRICE = 60;

/** /help (docs/product.md#2-routes-and-the-auth-gate): vehicles or ECUs not listed, support, a short FAQ. */
export default function HelpPage() {
  const { supportEmail } = usePublicConfig();
  const locale = useFormatLocale();
  const user = useAuthUser();
  const perCreditPrice = typeof user === 'object' && user ? user.perCreditPrice : undefined;

  return (
    <div className="stack">
      <div className="page-header">
        <h1>
          <Trans>Help</Trans>
        </h1>
        <p>
          <Trans>
            What to do when your vehicle or ECU is not listed, how to reach us, and answers to common
            questions.
          </Trans>
        </p>
      </div>

      <section className="card prose" aria-labelledby="not-listed-heading">
        <h2 id="not-listed-heading">
          <Trans>My vehicle or ECU is not listed</Trans>
        </h2>
        <p>
          <Trans>
            Make, model, year and registration are free text, so any vehicle can be entered. For the ECU ID:
          </Trans>
        </p>
        <ol>
          <li>
            <Trans>
              Choose the closest match in the ECU ID picker on <Link to="/upload-file">Upload File</Link>:
              search by the family name printed on the unit (for example a part of the Bosch or Siemens type
              name).
            </Trans>
          </li>
          <li>
            <Trans>
              On the Modification Plan step, write the exact details in the notes: engine code, ECU hardware
              and software numbers, and anything unusual about the vehicle. Our tuners read the notes before
              they start.
            </Trans>
          </li>
          <li>
            <Trans>
              Not sure which one to pick, or nothing comes close? Contact support before uploading and we will
              tell you how to send the file.
            </Trans>
          </li>
        </ol>
      </section>

      <section className="card prose" aria-labelledby="support-heading">
        <h2 id="support-heading">
          <Trans>Contact support</Trans>
        </h2>
        <p>
          <Trans>
            Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. Include your account e-mail and,
            for a file you have already submitted, its ticket number. For questions about a submitted file you
            can also use the chat on the file's page under <Link to="/my-files">My Files</Link>.
          </Trans>
        </p>
        <a className="btn" href={`mailto:${supportEmail}?subject=Support%20request`}>
          <Trans>Email support</Trans>
        </a>
      </section>

      <section className="card prose" aria-labelledby="faq-heading">
        <h2 id="faq-heading">
          <Trans>Frequently asked questions</Trans>
        </h2>
        <details className="faq">
          <summary>
            <Trans>What is a credit and what does it cost?</Trans>
          </summary>
          <p>
            <Trans>
              Files are paid for in credits. Your price per credit is{' '}
              {formatGBP(perCreditPrice ?? DEFAULT_PER_CREDIT_PRICE, locale)}. Packages of 10, 25 and 48
              credits are discounted by 8%, 12% and 16%; VAT of 20% is added at checkout. See{' '}
              <Link to="/buy-credits">Buy Credits</Link>.
            </Trans>
          </p>
        </details>
        <details className="faq">
          <summary>
            <Trans>How many credits does a file need?</Trans>
          </summary>
          <p>
            <Trans>
              It depends on the vehicle, the stage and the options you choose. The Overview step of the upload
              shows the price line by line before you submit, and the credits are taken when you first
              download the tuned file. The free solutions and the 2-credit ECUs are listed on the{' '}
              <Link to="/price-list">Price List</Link>.
            </Trans>
          </p>
        </details>
        <details className="faq">
          <summary>
            <Trans>Can I get a refund?</Trans>
          </summary>
          <p>
            <Trans>
              Credit payments are non-refundable and non-transferable. If we cannot resolve an issue with your
              file, the credits are returned to your account.
            </Trans>
          </p>
        </details>
        <details className="faq">
          <summary>
            <Trans>How long does a file take?</Trans>
          </summary>
          <p>
            <Trans>
              Your file moves from Pending to In Progress when a tuner picks it up, then to Completed, and you
              can download it once it is Unlocked. Files that need manual work and arrive outside working
              hours are processed when we re-open. You can follow the status under{' '}
              <Link to="/my-files">My Files</Link>.
            </Trans>
          </p>
        </details>
        <details className="faq">
          <summary>
            <Trans>My file needs changes after a few weeks. Is that free?</Trans>
          </summary>
          <p>
            <Trans>
              Slave users get free further solutions within 21 days. Reworking a file older than 21 days costs
              1 extra credit.
            </Trans>
          </p>
        </details>
      </section>
    </div>
  );
}
