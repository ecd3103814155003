import { FREE_SOLUTIONS } from '@ecu/shared';
import { Link } from 'react-router-dom';

/** The file-service terms (docs/product.md#6-credits-and-payments) in a scrolling box above the checkbox. */
export function TermsBox() {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard
    <section className="wiz-terms" tabIndex={0} aria-label="Terms and conditions">
      <ul>
        <li>
          The {FREE_SOLUTIONS.length} free solutions cost nothing with a Stage 1 or Stage 2 tune; otherwise
          each costs 1 credit.
        </li>
        <li>ECUs of the ALFA, ASTON MARTIN and BMW/MINI families cost 2 credits; any other ECU 1 credit.</li>
        <li>Files older than 21 days that need rework cost an extra 1 credit.</li>
        <li>
          Slave users get further solutions free for 21 days, checked against our VRM database. For Master
          users every extra is charged.
        </li>
        <li>Slave users who want an outside encrypt or decrypt pay 1 credit.</li>
        <li>
          Credit payments are non-refundable and non-transferable. If an issue with a file cannot be resolved,
          its credits are refunded.
        </li>
        <li>Files that need manual work and arrive outside working hours are processed when we re-open.</li>
        <li>Abuse of the VRM lookup leads to the account being disabled permanently.</li>
      </ul>
      <p>
        Full price list and terms: <Link to="/price-list">Price List</Link>.
      </p>
    </section>
  );
}
