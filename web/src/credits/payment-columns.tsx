/**
 * The column headings of a payment after its serial number (and, for an admin, its payer):
 * the same order wherever payments are listed.
 */
export function PaymentColumnHeads() {
  return (
    <>
      <th scope="col" className="num">
        Credits
      </th>
      <th scope="col" className="num">
        Amount
      </th>
      <th scope="col">Status</th>
      <th scope="col">Date</th>
      <th scope="col">Invoice</th>
    </>
  );
}
