import { DEFAULT_LOCALE, intlTag, type Locale } from '../i18n/locales';

/** Made on first use: a currency format loads several MB of locale data (server start-up memory). */
const gbp = new Map<Locale, Intl.NumberFormat>();
const numbers = new Map<Locale, Intl.NumberFormat>();

/** Pence to the API's pounds number (two decimals). */
export function penceToPounds(pence: number): number {
  return Math.round(pence) / 100;
}

/** Pounds (from the API) to pence, rounded to the penny. */
export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}

/**
 * '£1,584.00'; anything that is not a finite number shows as '£0.00'
 * (docs/product.md#6-credits-and-payments). Another language writes the same pounds its way
 * ('1.584,00 £').
 */
export function formatGBP(pounds: unknown, locale: Locale = DEFAULT_LOCALE): string {
  const value = typeof pounds === 'number' ? pounds : Number(pounds);
  let format = gbp.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(intlTag(locale), { style: 'currency', currency: 'GBP' });
    gbp.set(locale, format);
  }
  return format.format(Number.isFinite(value) && pounds !== null && pounds !== '' ? value : 0);
}

/** 'N CRD' */
export function formatCredits(credits: number | null | undefined, locale: Locale = DEFAULT_LOCALE): string {
  const value = Number.isFinite(credits) ? (credits as number) : 0;
  if (locale === DEFAULT_LOCALE) return `${value} CRD`;
  let format = numbers.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(intlTag(locale));
    numbers.set(locale, format);
  }
  return `${format.format(value)} CRD`;
}
