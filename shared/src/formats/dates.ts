import { DEFAULT_LOCALE, intlTag, type Locale } from '../i18n/locales';

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string | undefined, locale: Locale): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone ?? ''}`;
  let f = cache.get(key);
  if (!f) {
    // English keeps the spec's 'Jan 01, 2025, 14:30', which is the US order of the parts.
    f = new Intl.DateTimeFormat(locale === DEFAULT_LOCALE ? 'en-US' : intlTag(locale), {
      month: 'short',
      day: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    cache.set(key, f);
  }
  return f;
}

/**
 * 'Jan 01, 2025, 14:30' in the viewer's time zone (docs/product.md#14-formats-and-notifications);
 * in another language, the same parts in that language's order and words ('01.01.2025, 14:30').
 */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  timeZone?: string,
  locale: Locale = DEFAULT_LOCALE,
): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  if (locale !== DEFAULT_LOCALE) return formatter(timeZone, locale).format(date);
  const parts = Object.fromEntries(
    formatter(timeZone, locale)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.month} ${parts.day}, ${parts.year}, ${parts.hour}:${parts.minute}`;
}
