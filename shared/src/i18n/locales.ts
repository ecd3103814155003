/**
 * The portal's languages (docs/decisions/093-languages.md): English is the default and keeps the
 * spec's texts and formats exactly; the others are chosen from the browser's preferences on a
 * first visit and kept on the account afterwards.
 */
export const LOCALES = ['en', 'de', 'fr', 'es', 'it', 'pl', 'tr', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language by its own name, as a language menu shows it to someone who reads only that one. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  pl: 'Polski',
  tr: 'Türkçe',
  ar: 'العربية',
};

/**
 * The tag given to `Intl` for each language. English is British (pounds, VAT, the desk's
 * country); Arabic keeps Latin digits, as ECU, software and registration numbers are written
 * in them and a page should not mix two digit systems.
 */
const INTL_TAGS: Readonly<Record<Locale, string>> = {
  en: 'en-GB',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  it: 'it-IT',
  pl: 'pl-PL',
  tr: 'tr-TR',
  ar: 'ar-u-nu-latn',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** A stored language as one of ours: anything else (an old row, a typo) is English. */
export function asLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

export function intlTag(locale: Locale): string {
  return INTL_TAGS[locale];
}

export function localeDirection(locale: Locale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/** 'de-AT' → 'de'; a tag of no language the portal speaks → null. */
export function localeOfTag(tag: string): Locale | null {
  const language = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(language) ? language : null;
}

/** An Accept-Language header's tags, most wanted first; q=0 means 'not this one'. */
function acceptLanguageTags(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((p) => p.trim());
      const q = params.find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The language to speak to someone with these preferences: the browser's `navigator.languages`
 * (most wanted first) or an Accept-Language header. The first one the portal speaks wins;
 * none, or nothing usable, is English.
 */
export function negotiateLocale(preferences: readonly string[] | string | null | undefined): Locale {
  if (!preferences) return DEFAULT_LOCALE;
  const tags = typeof preferences === 'string' ? acceptLanguageTags(preferences) : preferences;
  for (const tag of tags) {
    if (typeof tag !== 'string') continue;
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
