import { FREE_SOLUTIONS } from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';

/** The file-service terms (docs/product.md#6-credits-and-payments) in a scrolling box above the checkbox. */
export function TermsBox() {
  const { t } = useLingui();
  const free = FREE_SOLUTIONS.length;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard
    <section className="wiz-terms" tabIndex={0} aria-label={t`Terms and conditions`}>
      <ul>
        <li>
          <Trans>
            The {free} free solutions cost nothing with a Stage 1 or Stage 2 tune; otherwise each costs 1
            credit.
          </Trans>
        </li>
        <li>
          <Trans>
            ECUs of the ALFA, ASTON MARTIN and BMW/MINI families cost 2 credits; any other ECU 1 credit.
          </Trans>
        </li>
        <li>
          <Trans>Files older than 21 days that need rework cost an extra 1 credit.</Trans>
        </li>
        <li>
          <Trans>
            Slave users get further solutions free for 21 days, checked against our VRM database. For Master
            users every extra is charged.
          </Trans>
        </li>
        <li>
          <Trans>Slave users who want an outside encrypt or decrypt pay 1 credit.</Trans>
        </li>
        <li>
          <Trans>
            Credit payments are non-refundable and non-transferable. If an issue with a file cannot be
            resolved, its credits are refunded.
          </Trans>
        </li>
        <li>
          <Trans>
            Files that need manual work and arrive outside working hours are processed when we re-open.
          </Trans>
        </li>
        <li>
          <Trans>Abuse of the VRM lookup leads to the account being disabled permanently.</Trans>
        </li>
      </ul>
      <p>
        <Trans>
          Full price list and terms: <Link to="/price-list">Price List</Link>.
        </Trans>
      </p>
    </section>
  );
}
