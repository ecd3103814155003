import { DEFAULT_LOCALE, intlTag, type Locale } from '../i18n/locales';

const formats = new Map<string, Intl.NumberFormat>();

function unitFormat(
  locale: Locale,
  unit: 'byte' | 'kilobyte' | 'megabyte',
  digits: number,
): Intl.NumberFormat {
  const key = `${locale} ${unit}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlTag(locale), {
      style: 'unit',
      unit,
      unitDisplay: 'short',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * Sizes in the units of the upload limits (1 MB = 1024 × 1024 bytes, like '20.00 MB'); another
 * language writes the number and the unit its way ('20,00 Mo').
 */
export function formatFileSize(bytes: number, locale: Locale = DEFAULT_LOCALE): string {
  if (!Number.isFinite(bytes) || bytes < 0) return 'N/A';
  if (locale === DEFAULT_LOCALE) {
    if (bytes < 1024) return `${bytes} B`;
    if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
    return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
  }
  if (bytes < 1024) return unitFormat(locale, 'byte', 0).format(bytes);
  if (bytes < 1024 * 1024) return unitFormat(locale, 'kilobyte', 1).format(bytes / 1024);
  return unitFormat(locale, 'megabyte', 2).format(bytes / (1024 * 1024));
}
