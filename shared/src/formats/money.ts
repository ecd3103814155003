/** Made on first use: a currency format loads several MB of locale data (server start-up memory). */
let gbp: Intl.NumberFormat | undefined;

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
 * (docs/product.md#6-credits-and-payments).
 */
export function formatGBP(pounds: unknown): string {
  const value = typeof pounds === 'number' ? pounds : Number(pounds);
  gbp ??= new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
  return gbp.format(Number.isFinite(value) && pounds !== null && pounds !== '' ? value : 0);
}

/** 'N CRD' */
export function formatCredits(credits: number | null | undefined): string {
  return `${Number.isFinite(credits) ? credits : 0} CRD`;
}
