import { CREDIT_PACKAGES, type CreditPackage, formatGBP, penceToPounds, VAT_PERCENT } from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from 'react-router-dom';
import { useFormatLocale } from '../i18n';
import { useOnline } from '../local/use-online';
import { packageLabel, perCreditPricePence, quoteForUser, type SelectedPackageState } from './package-order';
import { useCustomer } from './use-customer';

/** /buy-credits (docs/product.md#6-credits-and-payments): 'Choose Your Plan', 7 packages, user's price. */
export default function BuyCreditsPage() {
  const { t, i18n } = useLingui();
  const locale = useFormatLocale();
  const user = useCustomer();
  const online = useOnline();
  const navigate = useNavigate();

  if (!user) {
    return (
      <div className="spinner-page" aria-busy="true">
        <Trans>Loading...</Trans>
      </div>
    );
  }

  function choose(pkg: CreditPackage) {
    const state: SelectedPackageState = { package: pkg };
    navigate(`/order-details?package=${encodeURIComponent(pkg.id)}`, { state });
  }

  return (
    <div className="stack credits-page">
      <div className="page-header">
        <h1>
          <Trans>Choose Your Plan</Trans>
        </h1>
        <p>
          <Trans>
            Credits pay for your tuned files. Bigger packs cost less per credit; prices include VAT at{' '}
            {VAT_PERCENT}%.
          </Trans>
        </p>
      </div>

      {!online && (
        <div className="notice notice-warn" role="status">
          <Trans>You are offline. You can look at the plans, but buying credits needs a connection.</Trans>
        </div>
      )}

      <ul className="plan-grid">
        {CREDIT_PACKAGES.map((pkg) => {
          const quote = quoteForUser(pkg, user);
          const perCredit = penceToPounds(Math.round(quote.subtotalPence / pkg.credits));
          const total = formatGBP(penceToPounds(quote.totalPence), locale);
          const percent = pkg.discountPercent;
          const discount = percent ? t`${percent}% discount` : t`No discount`;
          // The discount as the middle of a sentence: 'no discount' ('8% discount' as it is).
          const discountInName = percent ? discount : t`no discount`;
          const label = packageLabel(pkg, i18n);
          return (
            <li key={pkg.id} className="plan-item">
              {/* The card shows the plan; its one control is the 'Select' button, whose name starts
                  with its visible label and adds the plan (docs/decisions/082-contrast-and-names.md).
                  The button covers the card, so a click anywhere on it selects the plan. */}
              <div
                className={`plan-card${pkg.popular ? ' plan-popular' : ''}`}
                data-testid={`plan-${pkg.id}`}
              >
                {pkg.popular && (
                  <span className="plan-flag">
                    <Trans>Popular</Trans>
                  </span>
                )}
                <span className="plan-credits">{label}</span>
                <span className={`plan-discount${pkg.discountPercent ? '' : ' none'}`}>{discount}</span>
                <span className="plan-price">{total}</span>
                <span className="plan-note">
                  <Trans>incl. VAT</Trans>
                </span>
                <span className="plan-note">
                  <Trans>{formatGBP(perCredit, locale)} per credit excl. VAT</Trans>
                </span>
                <button
                  type="button"
                  className="plan-cta"
                  onClick={() => choose(pkg)}
                  aria-label={
                    pkg.popular
                      ? t`Select ${label}: ${total} incl. VAT, ${discountInName}, popular`
                      : t`Select ${label}: ${total} incl. VAT, ${discountInName}`
                  }
                >
                  <Trans>Select</Trans>
                </button>
              </div>
            </li>
          );
        })}
      </ul>

      <p className="muted plan-footnote">
        <Trans>
          Prices at your rate of {formatGBP(penceToPounds(perCreditPricePence(user)), locale)} per credit.
          Credits are added to your account as soon as the payment succeeds. See the{' '}
          <Link to="/price-list">Price List</Link> for what a file costs.
        </Trans>
      </p>
    </div>
  );
}
