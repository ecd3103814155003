import {
  CREDIT_PACKAGES,
  FREE_SOLUTIONS,
  formatGBP,
  penceToPounds,
  SOLUTION_OPTIONS,
  VAT_PERCENT,
} from '@ecu/shared';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { useFormatLocale } from '../i18n';
import { packageLabel, perCreditPricePence, quoteForUser } from './package-order';
import { useCustomer } from './use-customer';

/** The 2-credit ECU families (docs/product.md#7-ticket-price); any ECU not listed costs 1 credit. */
const TWO_CREDIT_ECU_FAMILIES = ['ALFA', 'ASTON MARTIN', 'BMW/MINI'];

/** Solutions outside the free 18 that carry their own price (docs/product.md#7-ticket-price). */
const OTHER_SURCHARGED = SOLUTION_OPTIONS.filter((o) => !o.freeWithStage && o.surcharge);

function creditsText(i18n: I18n, count: number): string {
  return i18n._(msg`${plural(count, { one: '# credit', other: '# credits' })}`);
}

/**
 * /price-list (docs/product.md#6-credits-and-payments, docs/product.md#7-ticket-price): the user's prices,
 * the free solutions, the 2-credit ECUs and the terms. Everything comes from the cached user and the shared catalogues, so the
 * page works offline.
 */
export default function PriceListPage() {
  const { i18n } = useLingui();
  const locale = useFormatLocale();
  const user = useCustomer();
  if (!user) {
    return (
      <div className="spinner-page" aria-busy="true">
        <Trans>Loading...</Trans>
      </div>
    );
  }
  const perCredit = penceToPounds(perCreditPricePence(user));

  return (
    <div className="stack credits-page">
      <div className="page-header">
        <h1>
          <Trans>Price List</Trans>
        </h1>
        <p>
          <Trans>Your prices, the solutions included with a tune, and the terms of our file service.</Trans>
        </p>
      </div>

      <section className="card price-hero" aria-labelledby="your-price-heading">
        <div>
          <h2 id="your-price-heading">
            <Trans>Your price per credit</Trans>
          </h2>
          <p className="muted">
            <Trans>
              Prices are in GBP. Packages of 10 or more credits are discounted, and VAT at {VAT_PERCENT}% is
              added to the subtotal.
            </Trans>
          </p>
        </div>
        <div className="price-hero-value">
          <strong data-testid="per-credit-price">{formatGBP(perCredit, locale)}</strong>
          <span>
            <Trans>per credit, excl. VAT</Trans>
          </span>
        </div>
      </section>

      <section className="card" aria-labelledby="packages-heading">
        <div className="card-title-row">
          <h2 id="packages-heading">
            <Trans>Credit packages</Trans>
          </h2>
          <Link to="/buy-credits" className="btn">
            <Trans>Buy Credits</Trans>
          </Link>
        </div>
        <div className="credits-table-wrap">
          <table className="credits-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Package</Trans>
                </th>
                <th scope="col">
                  <Trans>Discount</Trans>
                </th>
                <th scope="col" className="num hide-sm">
                  <Trans>Subtotal</Trans>
                </th>
                <th scope="col" className="num hide-sm">
                  <Trans>VAT {VAT_PERCENT}%</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Total</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {CREDIT_PACKAGES.map((pkg) => {
                const quote = quoteForUser(pkg, user);
                return (
                  <tr key={pkg.id}>
                    <th scope="row">
                      {packageLabel(pkg, i18n)}
                      {pkg.popular && (
                        <span className="badge badge-popular">
                          <Trans>Popular</Trans>
                        </span>
                      )}
                    </th>
                    <td>{pkg.discountPercent ? `${pkg.discountPercent}%` : '—'}</td>
                    <td className="num hide-sm">{formatGBP(penceToPounds(quote.subtotalPence), locale)}</td>
                    <td className="num hide-sm">{formatGBP(penceToPounds(quote.vatPence), locale)}</td>
                    <td className="num strong">{formatGBP(penceToPounds(quote.totalPence), locale)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>

      <section className="card" aria-labelledby="free-heading">
        <h2 id="free-heading">
          <Trans>Free solutions</Trans>
        </h2>
        <p className="muted">
          <Trans>
            These {FREE_SOLUTIONS.length} solutions are free with any Stage 1 or Stage 2 tune; otherwise they
            cost 1 credit each. A solution marked with a price always costs that price.
          </Trans>
        </p>
        <ul className="solution-list">
          {FREE_SOLUTIONS.map((o) => (
            <li key={o.id} className="solution-item">
              <span>{o.name}</span>
              {o.surcharge ? (
                <span className="badge badge-surcharge">{creditsText(i18n, o.surcharge)}</span>
              ) : (
                <span className="badge badge-free">
                  <Trans>Free</Trans>
                </span>
              )}
            </li>
          ))}
        </ul>
      </section>

      <div className="grid grid-2">
        <section className="card" aria-labelledby="ecu-heading">
          <h2 id="ecu-heading">
            <Trans>ECU prices</Trans>
          </h2>
          <p className="muted">
            <Trans>The base price of a file depends on the ECU family.</Trans>
          </p>
          <ul className="solution-list">
            {TWO_CREDIT_ECU_FAMILIES.map((family) => (
              <li key={family} className="solution-item">
                <span>{family}</span>
                <span className="badge badge-surcharge">{creditsText(i18n, 2)}</span>
              </li>
            ))}
            <li className="solution-item">
              <span>
                <Trans>Any ECU not listed</Trans>
              </span>
              <span className="badge badge-neutral">{creditsText(i18n, 1)}</span>
            </li>
          </ul>
        </section>

        <section className="card" aria-labelledby="extras-heading">
          <h2 id="extras-heading">
            <Trans>Other solutions</Trans>
          </h2>
          <p className="muted">
            <Trans>Every other solution costs 1 credit, whatever the stage, including:</Trans>
          </p>
          <ul className="solution-list">
            {OTHER_SURCHARGED.map((o) => (
              <li key={o.id} className="solution-item">
                <span>{o.name}</span>
                <span className="badge badge-neutral">{creditsText(i18n, o.surcharge ?? 1)}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section className="card prose" aria-labelledby="terms-heading">
        <h2 id="terms-heading">
          <Trans>Terms and conditions</Trans>
        </h2>
        <ul className="terms-list">
          <li>
            <Trans>
              The {FREE_SOLUTIONS.length} solutions listed above are free with any Stage 1 or Stage 2 tune;
              otherwise each costs 1 credit.
            </Trans>
          </li>
          <li>
            <Trans>
              ECUs of the ALFA, ASTON MARTIN and BMW/MINI families cost 2 credits. Any ECU that is not listed
              costs 1 credit.
            </Trans>
          </li>
          <li>
            <Trans>Files older than 21 days that need rework cost an extra 1 credit.</Trans>
          </li>
          <li>
            <Trans>
              Slave users get further solutions free of charge for 21 days (our warranty), checked against our
              VRM database. For Master users all extras are chargeable.
            </Trans>
          </li>
          <li>
            <Trans>Slave users who want an encrypt or decrypt done outside pay 1 credit for it.</Trans>
          </li>
          <li>
            <Trans>
              Credit payments are non-refundable and non-transferable. If an issue with a file cannot be
              resolved, the credits for it are refunded.
            </Trans>
          </li>
          <li>
            <Trans>
              Files that need manual input and are uploaded outside working hours are processed when we
              re-open.
            </Trans>
          </li>
          <li>
            <Trans>Abuse of the VRM lookup leads to the account being disabled permanently.</Trans>
          </li>
        </ul>
      </section>
    </div>
  );
}
