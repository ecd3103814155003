import { formatGBP, type PackageQuote, penceToPounds, VAT_PERCENT } from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useFormatLocale } from '../i18n';

/** Subtotal, VAT and grand total of a package quote, as on the order and at checkout. */
export function OrderTotals({
  quote,
  totalLabel,
}: {
  quote: PackageQuote;
  /** 'Grand Total' unless told. */
  totalLabel?: string;
}) {
  const { t } = useLingui();
  const locale = useFormatLocale();
  return (
    <dl className="order-totals">
      <div>
        <dt>
          <Trans>Subtotal</Trans>
        </dt>
        <dd data-testid="order-subtotal">{formatGBP(penceToPounds(quote.subtotalPence), locale)}</dd>
      </div>
      <div>
        <dt>
          <Trans>VAT {VAT_PERCENT}%</Trans>
        </dt>
        <dd data-testid="order-vat">{formatGBP(penceToPounds(quote.vatPence), locale)}</dd>
      </div>
      <div className="order-total">
        <dt>{totalLabel ?? t`Grand Total`}</dt>
        <dd data-testid="order-total">{formatGBP(penceToPounds(quote.totalPence), locale)}</dd>
      </div>
    </dl>
  );
}
