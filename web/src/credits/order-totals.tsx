import { formatGBP, type PackageQuote, penceToPounds, VAT_PERCENT } from '@ecu/shared';

/** Subtotal, VAT and grand total of a package quote, as on the order and at checkout. */
export function OrderTotals({
  quote,
  totalLabel = 'Grand Total',
}: {
  quote: PackageQuote;
  totalLabel?: string;
}) {
  return (
    <dl className="order-totals">
      <div>
        <dt>Subtotal</dt>
        <dd data-testid="order-subtotal">{formatGBP(penceToPounds(quote.subtotalPence))}</dd>
      </div>
      <div>
        <dt>VAT {VAT_PERCENT}%</dt>
        <dd data-testid="order-vat">{formatGBP(penceToPounds(quote.vatPence))}</dd>
      </div>
      <div className="order-total">
        <dt>{totalLabel}</dt>
        <dd data-testid="order-total">{formatGBP(penceToPounds(quote.totalPence))}</dd>
      </div>
    </dl>
  );
}
