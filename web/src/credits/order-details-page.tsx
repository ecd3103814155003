import { countryName, formatGBP, penceToPounds, type UserDto } from '@ecu/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { usePublicConfig } from '../app/public-config';
import { useFormatLocale } from '../i18n';
import { OrderTotals } from './order-totals';
import { checkoutStateFor, orderPackage, packageLabel, quoteForUser } from './package-order';
import { useCustomer } from './use-customer';

function billToLines(user: UserDto): string[] | null {
  if (!user.address?.trim()) return null;
  const cityLine = [user.city, user.postalCode].filter((v) => v?.trim()).join(' ');
  return [user.address, cityLine, countryName(user.country) ?? user.country].filter((v) => v?.trim());
}

/** /order-details (docs/product.md#6-credits-and-payments): seller, buyer, package, price with VAT. */
export default function OrderDetailsPage() {
  const { t, i18n } = useLingui();
  const locale = useFormatLocale();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const user = useCustomer();
  const { company } = usePublicConfig();
  const pkg = orderPackage(params.get('package'), location.state);

  if (!pkg) return <Navigate to="/buy-credits" replace />;
  if (!user) {
    return (
      <div className="spinner-page" aria-busy="true">
        <Trans>Loading...</Trans>
      </div>
    );
  }

  const quote = quoteForUser(pkg, user);
  const address = billToLines(user);
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');

  function proceed() {
    if (!pkg) return;
    navigate(`/checkout?package=${encodeURIComponent(pkg.id)}`, { state: checkoutStateFor(pkg, quote) });
  }

  return (
    <div className="stack credits-page">
      <div className="page-header">
        <div className="breadcrumb">
          <Link to="/buy-credits">
            <Trans>Buy Credits</Trans>
          </Link>{' '}
          <span aria-hidden="true" className="dir-icon">
            &rsaquo;
          </span>{' '}
          <Trans>Order Details</Trans>
        </div>
        <h1>
          <Trans>Order Details</Trans>
        </h1>
        <p>
          <Trans>Check your order before you pay.</Trans>
        </p>
      </div>

      <section className="card order-card" aria-label={t`Order`}>
        <div className="order-parties">
          <div className="order-party" data-testid="order-from">
            <h2>
              <Trans>From</Trans>
            </h2>
            <strong>{company.name}</strong>
            {company.address && <span>{company.address}</span>}
            {company.vatId && (
              <span>
                <Trans>VAT ID: {company.vatId}</Trans>
              </span>
            )}
          </div>
          <div className="order-party" data-testid="order-bill-to">
            <h2>
              <Trans>Bill To</Trans>
            </h2>
            <strong>{name || user.email}</strong>
            {address ? (
              address.map((line) => <span key={line}>{line}</span>)
            ) : (
              <span className="muted">
                <Trans>Address not available</Trans>
              </span>
            )}
          </div>
        </div>

        <div className="credits-table-wrap">
          <table className="credits-table order-items">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Item</Trans>
                </th>
                <th scope="col" className="num hide-sm">
                  <Trans>Credits</Trans>
                </th>
                <th scope="col" className="num hide-sm">
                  <Trans>Unit Price</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Amount</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row" data-testid="order-item">
                  <Trans>{packageLabel(pkg, i18n)} package</Trans>
                  {pkg.popular && (
                    <span className="badge badge-popular">
                      <Trans>Popular</Trans>
                    </span>
                  )}
                </th>
                <td className="num hide-sm">{pkg.credits}</td>
                <td className="num hide-sm">
                  {formatGBP(penceToPounds(quote.listPence / pkg.credits), locale)}
                </td>
                <td className="num">{formatGBP(penceToPounds(quote.listPence), locale)}</td>
              </tr>
              {quote.discountPence > 0 && (
                <tr className="order-discount">
                  <th scope="row">
                    <Trans>Package discount ({pkg.discountPercent}%)</Trans>
                  </th>
                  <td className="hide-sm" />
                  <td className="hide-sm" />
                  <td className="num">−{formatGBP(penceToPounds(quote.discountPence), locale)}</td>
                </tr>
              )}
            </tbody>
          </table>
        </div>

        <OrderTotals quote={quote} />

        <div className="form-actions order-actions">
          <button type="button" className="btn btn-secondary" onClick={() => navigate('/buy-credits')}>
            <Trans>Cancel</Trans>
          </button>
          <button type="button" className="btn" onClick={proceed}>
            <Trans>Proceed to Checkout</Trans>
          </button>
        </div>
      </section>
    </div>
  );
}
