import { countryName, formatGBP, penceToPounds, type UserDto } from '@ecu/shared';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { usePublicConfig } from '../app/public-config';
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
        Loading...
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
          <Link to="/buy-credits">Buy Credits</Link>{' '}
          <span aria-hidden="true" className="dir-icon">
            &rsaquo;
          </span>{' '}
          Order Details
        </div>
        <h1>Order Details</h1>
        <p>Check your order before you pay.</p>
      </div>

      <section className="card order-card" aria-label="Order">
        <div className="order-parties">
          <div className="order-party" data-testid="order-from">
            <h2>From</h2>
            <strong>{company.name}</strong>
            {company.address && <span>{company.address}</span>}
            {company.vatId && <span>VAT ID: {company.vatId}</span>}
          </div>
          <div className="order-party" data-testid="order-bill-to">
            <h2>Bill To</h2>
            <strong>{name || user.email}</strong>
            {address ? (
              address.map((line) => <span key={line}>{line}</span>)
            ) : (
              <span className="muted">Address not available</span>
            )}
          </div>
        </div>

        <div className="credits-table-wrap">
          <table className="credits-table order-items">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col" className="num hide-sm">
                  Credits
                </th>
                <th scope="col" className="num hide-sm">
                  Unit Price
                </th>
                <th scope="col" className="num">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row" data-testid="order-item">
                  {packageLabel(pkg)} package
                  {pkg.popular && <span className="badge badge-popular">Popular</span>}
                </th>
                <td className="num hide-sm">{pkg.credits}</td>
                <td className="num hide-sm">{formatGBP(penceToPounds(quote.listPence / pkg.credits))}</td>
                <td className="num">{formatGBP(penceToPounds(quote.listPence))}</td>
              </tr>
              {quote.discountPence > 0 && (
                <tr className="order-discount">
                  <th scope="row">Package discount ({pkg.discountPercent}%)</th>
                  <td className="hide-sm" />
                  <td className="hide-sm" />
                  <td className="num">−{formatGBP(penceToPounds(quote.discountPence))}</td>
                </tr>
              )}
            </tbody>
          </table>
        </div>

        <OrderTotals quote={quote} />

        <div className="form-actions order-actions">
          <button type="button" className="btn btn-secondary" onClick={() => navigate('/buy-credits')}>
            Cancel
          </button>
          <button type="button" className="btn" onClick={proceed}>
            Proceed to Checkout
          </button>
        </div>
      </section>
    </div>
  );
}
