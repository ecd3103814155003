import { Trans } from '@lingui/react/macro';

/**
 * The column headings of a payment after its serial number (and, for an admin, its payer):
 * the same order wherever payments are listed.
 */
export function PaymentColumnHeads() {
  return (
    <>
      <th scope="col" className="num">
        <Trans>Credits</Trans>
      </th>
      <th scope="col" className="num">
        <Trans>Amount</Trans>
      </th>
      <th scope="col">
        <Trans>Status</Trans>
      </th>
      <th scope="col">
        <Trans>Date</Trans>
      </th>
      <th scope="col">
        <Trans>Invoice</Trans>
      </th>
    </>
  );
}
