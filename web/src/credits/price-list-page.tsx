import {
  CREDIT_PACKAGES,
  FREE_SOLUTIONS,
  formatGBP,
  penceToPounds,
  SOLUTION_OPTIONS,
  VAT_PERCENT,
} from '@ecu/shared';
import { Link } from 'react-router-dom';
import { packageLabel, perCreditPricePence, quoteForUser } from './package-order';
import { useCustomer } from './use-customer';

/** The 2-credit ECU families (docs/product.md#7-ticket-price); any ECU not listed costs 1 credit. */
const TWO_CREDIT_ECU_FAMILIES = ['ALFA', 'ASTON MARTIN', 'BMW/MINI'];

/** Solutions outside the free 18 that carry their own price (docs/product.md#7-ticket-price). */
const OTHER_SURCHARGED = SOLUTION_OPTIONS.filter((o) => !o.freeWithStage && o.surcharge);

function creditsText(n: number): string {
  return `${n} ${n === 1 ? 'credit' : 'credits'}`;
}

/**
 * /price-list (docs/product.md#6-credits-and-payments, docs/product.md#7-ticket-price): the user's prices,
 * the free solutions, the 2-credit ECUs and the terms. Everything comes from the cached user and the shared catalogues, so the
 * page works offline.
 */
export default function PriceListPage() {
  const user = useCustomer();
  if (!user) {
    return (
      <div className="spinner-page" aria-busy="true">
        Loading...
      </div>
    );
  }
  const perCredit = penceToPounds(perCreditPricePence(user));

  return (
    <div className="stack credits-page">
      <div className="page-header">
        <h1>Price List</h1>
        <p>Your prices, the solutions included with a tune, and the terms of our file service.</p>
      </div>

      <section className="card price-hero" aria-labelledby="your-price-heading">
        <div>
          <h2 id="your-price-heading">Your price per credit</h2>
          <p className="muted">
            Prices are in GBP. Packages of 10 or more credits are discounted, and VAT at {VAT_PERCENT}% is
            added to the subtotal.
          </p>
        </div>
        <div className="price-hero-value">
          <strong data-testid="per-credit-price">{formatGBP(perCredit)}</strong>
          <span>per credit, excl. VAT</span>
        </div>
      </section>

      <section className="card" aria-labelledby="packages-heading">
        <div className="card-title-row">
          <h2 id="packages-heading">Credit packages</h2>
          <Link to="/buy-credits" className="btn">
            Buy Credits
          </Link>
        </div>
        <div className="credits-table-wrap">
          <table className="credits-table">
            <thead>
              <tr>
                <th scope="col">Package</th>
                <th scope="col">Discount</th>
                <th scope="col" className="num hide-sm">
                  Subtotal
                </th>
                <th scope="col" className="num hide-sm">
                  VAT {VAT_PERCENT}%
                </th>
                <th scope="col" className="num">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {CREDIT_PACKAGES.map((pkg) => {
                const quote = quoteForUser(pkg, user);
                return (
                  <tr key={pkg.id}>
                    <th scope="row">
                      {packageLabel(pkg)}
                      {pkg.popular && <span className="badge badge-popular">Popular</span>}
                    </th>
                    <td>{pkg.discountPercent ? `${pkg.discountPercent}%` : '—'}</td>
                    <td className="num hide-sm">{formatGBP(penceToPounds(quote.subtotalPence))}</td>
                    <td className="num hide-sm">{formatGBP(penceToPounds(quote.vatPence))}</td>
                    <td className="num strong">{formatGBP(penceToPounds(quote.totalPence))}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>

      <section className="card" aria-labelledby="free-heading">
        <h2 id="free-heading">Free solutions</h2>
        <p className="muted">
          These {FREE_SOLUTIONS.length} solutions are free with any Stage 1 or Stage 2 tune; otherwise they
          cost 1 credit each. A solution marked with a price always costs that price.
        </p>
        <ul className="solution-list">
          {FREE_SOLUTIONS.map((o) => (
            <li key={o.id} className="solution-item">
              <span>{o.name}</span>
              {o.surcharge ? (
                <span className="badge badge-surcharge">{creditsText(o.surcharge)}</span>
              ) : (
                <span className="badge badge-free">Free</span>
              )}
            </li>
          ))}
        </ul>
      </section>

      <div className="grid grid-2">
        <section className="card" aria-labelledby="ecu-heading">
          <h2 id="ecu-heading">ECU prices</h2>
          <p className="muted">The base price of a file depends on the ECU family.</p>
          <ul className="solution-list">
            {TWO_CREDIT_ECU_FAMILIES.map((family) => (
              <li key={family} className="solution-item">
                <span>{family}</span>
                <span className="badge badge-surcharge">2 credits</span>
              </li>
            ))}
            <li className="solution-item">
              <span>Any ECU not listed</span>
              <span className="badge badge-neutral">1 credit</span>
            </li>
          </ul>
        </section>

        <section className="card" aria-labelledby="extras-heading">
          <h2 id="extras-heading">Other solutions</h2>
          <p className="muted">Every other solution costs 1 credit, whatever the stage, including:</p>
          <ul className="solution-list">
            {OTHER_SURCHARGED.map((o) => (
              <li key={o.id} className="solution-item">
                <span>{o.name}</span>
                <span className="badge badge-neutral">{creditsText(o.surcharge ?? 1)}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section className="card prose" aria-labelledby="terms-heading">
        <h2 id="terms-heading">Terms and conditions</h2>
        <ul className="terms-list">
          <li>
            The {FREE_SOLUTIONS.length} solutions listed above are free with any Stage 1 or Stage 2 tune;
            otherwise each costs 1 credit.
          </li>
          <li>
            ECUs of the ALFA, ASTON MARTIN and BMW/MINI families cost 2 credits. Any ECU that is not listed
            costs 1 credit.
          </li>
          <li>Files older than 21 days that need rework cost an extra 1 credit.</li>
          <li>
            Slave users get further solutions free of charge for 21 days (our warranty), checked against our
            VRM database. For Master users all extras are chargeable.
          </li>
          <li>Slave users who want an encrypt or decrypt done outside pay 1 credit for it.</li>
          <li>
            Credit payments are non-refundable and non-transferable. If an issue with a file cannot be
            resolved, the credits for it are refunded.
          </li>
          <li>
            Files that need manual input and are uploaded outside working hours are processed when we re-open.
          </li>
          <li>Abuse of the VRM lookup leads to the account being disabled permanently.</li>
        </ul>
      </section>
    </div>
  );
}
