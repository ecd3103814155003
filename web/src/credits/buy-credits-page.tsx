import { CREDIT_PACKAGES, type CreditPackage, formatGBP, penceToPounds, VAT_PERCENT } from '@ecu/shared';
import { Link, useNavigate } from 'react-router-dom';
import { useOnline } from '../local/use-online';
import { packageLabel, perCreditPricePence, quoteForUser, type SelectedPackageState } from './package-order';
import { useCustomer } from './use-customer';

/** /buy-credits (docs/product.md#6-credits-and-payments): 'Choose Your Plan', 7 packages, user's price. */
export default function BuyCreditsPage() {
  const user = useCustomer();
  const online = useOnline();
  const navigate = useNavigate();

  if (!user) {
    return (
      <div className="spinner-page" aria-busy="true">
        Loading...
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
        <h1>Choose Your Plan</h1>
        <p>
          Credits pay for your tuned files. Bigger packs cost less per credit; prices include VAT at{' '}
          {VAT_PERCENT}%.
        </p>
      </div>

      {!online && (
        <div className="notice notice-warn" role="status">
          You are offline. You can look at the plans, but buying credits needs a connection.
        </div>
      )}

      <ul className="plan-grid">
        {CREDIT_PACKAGES.map((pkg) => {
          const quote = quoteForUser(pkg, user);
          const perCredit = penceToPounds(Math.round(quote.subtotalPence / pkg.credits));
          const total = formatGBP(penceToPounds(quote.totalPence));
          const discount = pkg.discountPercent ? `${pkg.discountPercent}% discount` : 'No discount';
          return (
            <li key={pkg.id} className="plan-item">
              {/* The card shows the plan; its one control is the 'Select' button, whose name starts
                  with its visible label and adds the plan (docs/decisions/082-contrast-and-names.md).
                  The button covers the card, so a click anywhere on it selects the plan. */}
              <div
                className={`plan-card${pkg.popular ? ' plan-popular' : ''}`}
                data-testid={`plan-${pkg.id}`}
              >
                {pkg.popular && <span className="plan-flag">Popular</span>}
                <span className="plan-credits">{packageLabel(pkg)}</span>
                <span className={`plan-discount${pkg.discountPercent ? '' : ' none'}`}>{discount}</span>
                <span className="plan-price">{total}</span>
                <span className="plan-note">incl. VAT</span>
                <span className="plan-note">{formatGBP(perCredit)} per credit excl. VAT</span>
                <button
                  type="button"
                  className="plan-cta"
                  onClick={() => choose(pkg)}
                  aria-label={`Select ${packageLabel(pkg)}: ${total} incl. VAT, ${discount.toLowerCase()}${pkg.popular ? ', popular' : ''}`}
                >
                  Select
                </button>
              </div>
            </li>
          );
        })}
      </ul>

      <p className="muted plan-footnote">
        Prices at your rate of {formatGBP(penceToPounds(perCreditPricePence(user)))} per credit. Credits are
        added to your account as soon as the payment succeeds. See the{' '}
        <Link to="/price-list">Price List</Link> for what a file costs.
      </p>
    </div>
  );
}
