import {
  type CreditPackage,
  DEFAULT_PER_CREDIT_PRICE_PENCE,
  findPackage,
  type PackageQuote,
  penceToPounds,
  poundsToPence,
  quotePackage,
  type UserDto,
} from '@ecu/shared';
import { i18n as appI18n, type I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

/** The user's per-credit price in pence; £60 when unset (docs/product.md#6-credits-and-payments). */
export function perCreditPricePence(user: Pick<UserDto, 'perCreditPrice'> | null | undefined): number {
  const pounds = Number(user?.perCreditPrice);
  const pence = Number.isFinite(pounds) ? poundsToPence(pounds) : 0;
  return pence > 0 ? pence : DEFAULT_PER_CREDIT_PRICE_PENCE;
}

/** The same quote the server makes for this user (docs/product.md#6-credits-and-payments). */
export function quoteForUser(pkg: CreditPackage, user: Pick<UserDto, 'perCreditPrice'>): PackageQuote {
  return quotePackage(pkg, perCreditPricePence(user));
}

/** '1 Credit', '10 Credits': a package's name, in the shown language (`i18n`, the app's by default). */
export function packageLabel(pkg: Pick<CreditPackage, 'credits'>, i18n: I18n = appI18n): string {
  const count = pkg.credits;
  return i18n._(msg`${plural(count, { one: '# Credit', other: '# Credits' })}`);
}

/** Navigation state from Buy Credits to Order Details. */
export interface SelectedPackageState {
  package: CreditPackage;
}

/** Navigation state, Order Details to Checkout (docs/product.md#6-credits-and-payments); money in pounds. */
export interface CheckoutState {
  package: CreditPackage;
  total: number;
  subtotal: number;
  vat: number;
  from: 'order-details';
}

export function checkoutStateFor(pkg: CreditPackage, quote: PackageQuote): CheckoutState {
  return {
    package: pkg,
    total: penceToPounds(quote.totalPence),
    subtotal: penceToPounds(quote.subtotalPence),
    vat: penceToPounds(quote.vatPence),
    from: 'order-details',
  };
}

function packageInState(state: unknown): CreditPackage | undefined {
  if (!state || typeof state !== 'object') return undefined;
  const pkg = (state as { package?: unknown }).package;
  if (!pkg || typeof pkg !== 'object') return undefined;
  // Only the id is trusted: credits and discount always come from the fixed catalogue.
  return findPackage((pkg as { id?: unknown }).id as string | undefined);
}

/** Order Details: the package of the ?package= query, else of the navigation state. */
export function orderPackage(query: string | null, state: unknown): CreditPackage | undefined {
  return findPackage(query) ?? packageInState(state);
}

/** Checkout: only reachable from Order Details with a package (docs/product.md#6-credits-and-payments). */
export function checkoutPackage(query: string | null, state: unknown): CreditPackage | undefined {
  if (!state || typeof state !== 'object' || (state as { from?: unknown }).from !== 'order-details') {
    return undefined;
  }
  return packageInState(state) ?? findPackage(query);
}
